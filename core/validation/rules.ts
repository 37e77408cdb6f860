import { boolean, string } from 'yup';

/**
 * Validation rules of spec section 5, shared by every form (login, register, reset,
 * migration, profile, company). Messages are i18n keys of the core namespace (`core:…`);
 * forms translate them when they show the error, so a language switch re-translates.
 */
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
} as const;

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

export const emailRule = () =>
  string()
    .trim()
    .required(MSG.required)
    .max(LIMITS.emailMax, MSG.emailTooLong)
    .matches(EMAIL_PATTERN, { message: MSG.emailFormat, excludeEmptyString: true })
    .test('reserved', MSG.emailReserved, (v) => !v || !isReservedEmail(v));

/** Sign-in and old password: visible ASCII, 6 to 32. */
export const loginPasswordRule = () =>
  string()
    .required(MSG.required)
    .test('format', MSG.loginPassword, (v) => !v || (VISIBLE_ASCII.test(v) && v.length >= LIMITS.loginPassword.min && v.length <= LIMITS.loginPassword.max));

/** The register range: 10-32 for Singapore (SG), else 8-32. */
export function registerPasswordRange(countryCode: string | null | undefined): { min: number; max: number } {
  return countryCode === 'SG' ? LIMITS.registerPasswordSingapore : LIMITS.registerPassword;
}

/** True when the password meets the register rule for the country. */
export function isValidRegisterPassword(value: string, countryCode?: string | null): boolean {
  const { min, max } = registerPasswordRange(countryCode);
  return VISIBLE_ASCII.test(value) && value.length >= min && value.length <= max && characterClasses(value) >= 2;
}

/** Register (and new) password; `country` is read from the form's region field. */
export const registerPasswordRule = (countryField = 'regionCode') =>
  string()
    .required(MSG.required)
    .test('format', (v, ctx) => {
      if (!v) return true;
      const country = (ctx.parent as Record<string, unknown>)[countryField] as string | undefined;
      if (isValidRegisterPassword(v, country)) return true;
      return ctx.createError({ message: country === 'SG' ? MSG.registerPasswordSingapore : MSG.registerPassword });
    });

/** First and last names: required, max 100, nothing beyond the BMP. */
export const nameRule = () =>
  string()
    .trim()
    .required(MSG.required)
    .max(LIMITS.nameMax, MSG.nameTooLong)
    .test('bmp', MSG.nameCharacters, (v) => !v || isBmpOnly(v))
    .test('illegal', MSG.illegalCharacters, (v) => !v || !ILLEGAL_CHARACTERS.test(v));

/** Register phone: optional, digits only, at most 15. */
export const registerPhoneRule = () =>
  string()
    .trim()
    .optional()
    .test('digits', MSG.phoneRegister, (v) => !v || new RegExp(`^\\d{1,${LIMITS.phoneRegisterMax}}$`).test(v));

/** Generic phone (profile): optional, 4 to 12 digits. */
export const genericPhoneRule = () =>
  string()
    .trim()
    .optional()
    .test('digits', MSG.phoneGeneric, (v) => !v || new RegExp(`^\\d{${LIMITS.phoneGeneric.min},${LIMITS.phoneGeneric.max}}$`).test(v));

/** Six-digit verification code. */
export const mfaCodeRule = () =>
  string()
    .required(MSG.required)
    .matches(/^\d{6}$/, { message: MSG.mfaCode, excludeEmptyString: true });

/** Terms of use must be accepted (register and migration). */
export const termsRule = () => boolean().oneOf([true], MSG.termsRequired).required(MSG.termsRequired);

/** Free text without the illegal characters. */
export const safeTextRule = () => string().test('illegal', MSG.illegalCharacters, (v) => !v || !ILLEGAL_CHARACTERS.test(v));

/*
 * Generic rules of spec section 5 (postal code, company id, URL). They are optional fields
 * (empty passes) and take the message key from the caller, so a plugin keeps its wording in
 * its own namespace and the core namespace does not grow for one form.
 */

/** Postal code: up to 10 of capital letters, digits and hyphens. */
export const POST_CODE_PATTERN = /^[A-Z0-9-]{1,10}$/;
/** Company id (organization code): letters and digits only. */
export const COMPANY_ID_PATTERN = /^[A-Za-z0-9]+$/;
/** http:// or https://, then an IPv4 address or a domain, an optional port and path. */
export const URL_PATTERN = /^https?:\/\/(((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)|([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,})(:\d{1,5})?([/?#][^\s<>"]*)?$/;

export const postCodeRule = (message: string) =>
  string()
    .trim()
    .test('postCode', message, (v) => !v || POST_CODE_PATTERN.test(v));

export const companyIdRule = (message: string, length: { min: number; max: number }) =>
  string()
    .trim()
    .test('companyId', message, (v) => !v || (COMPANY_ID_PATTERN.test(v) && v.length >= length.min && v.length <= length.max));

export const urlRule = (message: string) =>
  string()
    .trim()
    .test('url', message, (v) => !v || URL_PATTERN.test(v));
