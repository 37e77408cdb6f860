/**
 * The rules of checks.ts as yup schemas, for the react-hook-form forms (register, reset,
 * migration, profile, company, security). Those load lazily, so yup never loads on /login.
 * Required-ness stays yup's own `.required()`, so a form can still relax it (`.notRequired()`).
 */
import { boolean, string, type TestContext, type ValidationError } from 'yup';
import {
  emailProblem,
  genericPhoneProblem,
  illegalCharactersProblem,
  loginPasswordProblem,
  MSG,
  mfaCodeProblem,
  nameProblem,
  registerPasswordProblem,
  registerPhoneProblem,
} from './checks';

export {
  characterClasses,
  ILLEGAL_CHARACTERS,
  isBmpOnly,
  isReservedEmail,
  isValidRegisterPassword,
  LIMITS,
  MSG,
  registerPasswordRange,
  RESERVED_EMAIL_SUFFIXES,
} from './checks';

/** A yup test from a check; an empty value passes (that is `.required()`'s business). */
const byCheck =
  (check: (value: string) => string | null) =>
  (value: string | undefined, ctx: TestContext): boolean | ValidationError => {
    const message = value ? check(value) : null;
    return message ? ctx.createError({ message }) : true;
  };

/** yup rule of an email address field: required, trimmed, at most 64 characters of a valid address. */
export const emailRule = () => string().trim().required(MSG.required).test('email', byCheck(emailProblem));

/** Sign-in and old password: visible ASCII, 6 to 32. */
export const loginPasswordRule = () => string().required(MSG.required).test('format', byCheck(loginPasswordProblem));

/** Register (and new) password; `country` is read from the form's region field. */
export const registerPasswordRule = (countryField = 'regionCode') =>
  string()
    .required(MSG.required)
    .test('format', (value, ctx) => {
      const country = (ctx.parent as Record<string, unknown>)[countryField] as string | undefined;
      return byCheck((v) => registerPasswordProblem(v, country))(value, ctx);
    });

/** First and last names: required, max 100, nothing beyond the BMP, no illegal characters. */
export const nameRule = () => string().trim().required(MSG.required).test('name', byCheck(nameProblem));

/** Register phone: optional, digits only, at most 15. */
export const registerPhoneRule = () => string().trim().optional().test('digits', byCheck(registerPhoneProblem));

/** Generic phone (profile): optional, 4 to 12 digits. */
export const genericPhoneRule = () => string().trim().optional().test('digits', byCheck(genericPhoneProblem));

/** Six-digit verification code. */
export const mfaCodeRule = () => string().required(MSG.required).test('code', byCheck(mfaCodeProblem));

/** Terms of use must be accepted (register and migration). */
export const termsRule = () => boolean().oneOf([true], MSG.termsRequired).required(MSG.termsRequired);

/** Free text without the illegal characters. */
export const safeTextRule = () => string().test('illegal', byCheck(illegalCharactersProblem));

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

/** yup rule of an optional post code; `message` when it is not one. */
export const postCodeRule = (message: string) =>
  string()
    .trim()
    .test('postCode', message, (v) => !v || POST_CODE_PATTERN.test(v));

/** yup rule of an optional company id of `length`; `message` when it is not one. */
export const companyIdRule = (message: string, length: { min: number; max: number }) =>
  string()
    .trim()
    .test('companyId', message, (v) => !v || (COMPANY_ID_PATTERN.test(v) && v.length >= length.min && v.length <= length.max));

/** yup rule of an optional http(s) address; `message` when it is not one. */
export const urlRule = (message: string) =>
  string()
    .trim()
    .test('url', message, (v) => !v || URL_PATTERN.test(v));
