/**
 * Validation rules of spec section 5 as plain functions, shared by every form (login, register,
 * reset, migration, profile, company). No yup here: the sign-in form uses these directly on
 * /login, and the yup rules of the larger forms (rules.ts) are built on the same functions.
 *
 * A check returns the message of the first rule the value breaks, or null. Messages are i18n
 * keys of the core namespace (`core:…`); forms translate them when they show the error, so a
 * language switch re-translates.
 */

import type { TranslationKey } from '../i18n/resources';

/** The validation messages' translation keys. */
export const MSG = {
  required: 'core:validation.required',
  emailFormat: 'core:validation.emailFormat',
  emailTooLong: 'core:validation.emailTooLong',
  emailReserved: 'core:validation.emailReserved',
  loginPassword: 'core:validation.loginPassword',
  registerPassword: 'core:validation.registerPassword',
  registerPasswordSingapore: 'core:validation.registerPasswordSingapore',
  passwordDiffers: 'core:validation.passwordMustDiffer',
  passwordMismatch: 'core:validation.passwordMismatch',
  nameTooLong: 'core:validation.nameTooLong',
  nameCharacters: 'core:validation.nameCharacters',
  phoneRegister: 'core:validation.phoneRegister',
  phoneGeneric: 'core:validation.phoneGeneric',
  illegalCharacters: 'core:validation.illegalCharacters',
  mfaCode: 'core:validation.mfaCode',
  termsRequired: 'core:validation.termsRequired',
  regionRequired: 'core:validation.regionRequired',
} as const satisfies Record<string, TranslationKey>;

/** What a check returns for a broken rule: a key of the core's validation messages. */
export type ValidationMessage = (typeof MSG)[keyof typeof MSG];

const MESSAGES: ReadonlySet<string> = new Set(Object.values(MSG));

/** A rule's message as a library hands it back (yup types it `string`). */
export function isValidationMessage(message: string): message is ValidationMessage {
  return MESSAGES.has(message);
}

/** Field length limits of the spec. */
export const LIMITS = {
  emailMax: 64,
  nameMax: 100,
  loginPassword: { min: 6, max: 32 },
  registerPassword: { min: 8, max: 32 },
  registerPasswordSingapore: { min: 10, max: 32 },
  phoneRegisterMax: 15,
  phoneGeneric: { min: 4, max: 12 },
  codeLength: 6,
} as const;

/** The two reserved internal domain suffixes that cannot hold an account. */
export const RESERVED_EMAIL_SUFFIXES = ['.internal', '.invalid'] as const;

// Local part of letters, digits and . _ % + -; a dotted domain with a 2+ letter top level.
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Visible ASCII: '!' (0x21) to '~' (0x7e); no spaces, no control or non-ASCII characters. */
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;
/** Characters the server refuses inside free-text values (spec section 5: quotes, backslash, ;, :, <, @). */
export const ILLEGAL_CHARACTERS = /["'\\;:<@]/;

export function isReservedEmail(value: string): boolean {
  const lower = value.trim().toLowerCase();
  return RESERVED_EMAIL_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}

/** True when every character is in the basic multilingual plane (no surrogate pairs). */
export function isBmpOnly(value: string): boolean {
  for (const ch of value) if (ch.codePointAt(0)! > 0xffff) return false;
  return true;
}

/** Letters, digits, other symbols: how many of the three classes a password uses. */
export function characterClasses(value: string): number {
  let classes = 0;
  if (/[A-Za-z]/.test(value)) classes += 1;
  if (/[0-9]/.test(value)) classes += 1;
  if (/[^A-Za-z0-9]/.test(value)) classes += 1;
  return classes;
}

/** The register range: 10-32 for Singapore (SG), else 8-32. */
export function registerPasswordRange(countryCode: string | null | undefined): { min: number; max: number } {
  return countryCode === 'SG' ? LIMITS.registerPasswordSingapore : LIMITS.registerPassword;
}

/** True when the password meets the register rule for the country. */
export function isValidRegisterPassword(value: string, countryCode?: string | null): boolean {
  const { min, max } = registerPasswordRange(countryCode);
  return VISIBLE_ASCII.test(value) && value.length >= min && value.length <= max && characterClasses(value) >= 2;
}

/*
 * Rules of a value that is there: empty values pass, because whether a field is required
 * belongs to the form (the company contact email is optional, the register email is not).
 */

/** Email (trimmed by the caller): at most 64, a valid address, no reserved internal domain. */
export function emailProblem(value: string): ValidationMessage | null {
  if (value.length > LIMITS.emailMax) return MSG.emailTooLong;
  if (value && !EMAIL_PATTERN.test(value)) return MSG.emailFormat;
  if (value && isReservedEmail(value)) return MSG.emailReserved;
  return null;
}

/** Sign-in and old password: visible ASCII, 6 to 32. */
export function loginPasswordProblem(value: string): ValidationMessage | null {
  const { min, max } = LIMITS.loginPassword;
  return !value || (VISIBLE_ASCII.test(value) && value.length >= min && value.length <= max) ? null : MSG.loginPassword;
}

/** Register (and new) password under the rule of the country. */
export function registerPasswordProblem(value: string, countryCode?: string | null): ValidationMessage | null {
  if (!value || isValidRegisterPassword(value, countryCode)) return null;
  return countryCode === 'SG' ? MSG.registerPasswordSingapore : MSG.registerPassword;
}

/** Free text: none of the characters the server refuses. */
export function illegalCharactersProblem(value: string): ValidationMessage | null {
  return ILLEGAL_CHARACTERS.test(value) ? MSG.illegalCharacters : null;
}

/** First and last names (trimmed by the caller): at most 100, nothing beyond the BMP, no illegal characters. */
export function nameProblem(value: string): ValidationMessage | null {
  if (value.length > LIMITS.nameMax) return MSG.nameTooLong;
  if (!isBmpOnly(value)) return MSG.nameCharacters;
  return illegalCharactersProblem(value);
}

/** Register phone: digits only, at most 15. */
export function registerPhoneProblem(value: string): ValidationMessage | null {
  return !value || new RegExp(`^\\d{1,${LIMITS.phoneRegisterMax}}$`).test(value) ? null : MSG.phoneRegister;
}

/** Generic phone (profile, company): 4 to 12 digits. */
export function genericPhoneProblem(value: string): ValidationMessage | null {
  const { min, max } = LIMITS.phoneGeneric;
  return !value || new RegExp(`^\\d{${min},${max}}$`).test(value) ? null : MSG.phoneGeneric;
}

/** Six-digit verification code. */
export function mfaCodeProblem(value: string): ValidationMessage | null {
  return !value || /^\d{6}$/.test(value) ? null : MSG.mfaCode;
}

/* Whole required fields (required, then the rule), as useLightForm takes them for the sign-in form. */

/** A required email: empty once trimmed is MSG.required, else the email rule. */
export const checkEmail = (value: string): ValidationMessage | null => (value.trim() ? emailProblem(value.trim()) : MSG.required);

/** A required login password: MSG.required, else the login password rule. */
export const checkLoginPassword = (value: string): ValidationMessage | null => (value ? loginPasswordProblem(value) : MSG.required);
