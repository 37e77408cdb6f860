/** Server-side rules of spec section 5. Each check throws the catalogue code on failure. */
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { fail } from '../http/errors';
import { isCommonPassword } from './commonPasswords';

const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
/** Characters the spec calls illegal in values: quote, backslash, semicolon, colon, less-than, at-sign. */
const ILLEGAL = /["'\\;:<@]/;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string, reservedSuffixes: string[] = []): boolean {
  if (email.length === 0 || email.length > 64 || !EMAIL_PATTERN.test(email)) return false;
  const lower = email.toLowerCase();
  return !reservedSuffixes.some((suffix) => lower.endsWith(suffix.toLowerCase()));
}

export function checkEmail(email: string, reservedSuffixes: string[] = []): string {
  const normalized = normalizeEmail(email);
  if (!isValidEmail(normalized, reservedSuffixes)) fail(E.invalidEmail);
  return normalized;
}

/** Register / new password: visible ASCII, 8–32 (10–32 for Singapore), at least two of letters, digits, symbols. */
export function isValidNewPassword(password: string, country: string | null): boolean {
  const min = country?.toUpperCase() === 'SG' ? 10 : 8;
  if (password.length < min || password.length > 32 || !VISIBLE_ASCII.test(password)) return false;
  const classes = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= 2;
}

/** Every password a user sets (register, reset, change, merge): the format, then not a common password. */
export function checkNewPassword(password: string, country: string | null): void {
  if (!isValidNewPassword(password, country)) fail(E.invalidPasswordFormat);
  if (isCommonPassword(password)) fail(E.commonPassword);
}

/** Sign-in and old passwords: visible ASCII, 6–32. */
export function isLoginPasswordShape(password: string): boolean {
  return password.length >= 6 && password.length <= 32 && VISIBLE_ASCII.test(password);
}

/** Names: required, at most 100 characters, basic multilingual plane only, no illegal characters. */
export function checkName(value: string | undefined, field: string, required = true): string | null {
  const v = (value ?? '').trim();
  if (!v) {
    if (required) fail(E.invalidParameter, { field }, `${field} is required`);
    return null;
  }
  if ([...v].length > 100 || /[\u{10000}-\u{10FFFF}]/u.test(v) || ILLEGAL.test(v) || CONTROL.test(v)) {
    fail(E.invalidParameter, { field }, `${field} is invalid`);
  }
  return v;
}

/** Phone: digits only; register max 15, otherwise 4–12. */
export function checkPhone(value: string | null | undefined, mode: 'register' | 'generic'): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const ok = mode === 'register' ? /^\d{1,15}$/.test(v) : /^\d{4,12}$/.test(v);
  if (!ok) fail(E.invalidParameter, { field: 'phone' }, 'phone is invalid');
  return v;
}

/** Free text fields of companies: no markup, no control characters (XSS guard, -40023). */
export function checkFreeText(value: string | null | undefined, field: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  const v = value.trim();
  if (!v) return null;
  if (/[<>]/.test(v) || /javascript:/i.test(v) || CONTROL.test(v.replace(/[\r\n\t]/g, ''))) fail(E.xssInRequest, { field });
  if ([...v].length > max) fail(E.invalidParameter, { field }, `${field} is too long`);
  return v;
}

export function checkUrl(value: string | null | undefined, field: string): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (/[<>"]|javascript:/i.test(v)) fail(E.xssInRequest, { field });
  if (!/^https?:\/\/((\d{1,3}\.){3}\d{1,3}|([A-Za-z0-9-]+\.)+[A-Za-z]{2,})(:\d+)?(\/[^\s<>"]*)?$/.test(v)) {
    fail(E.invalidParameter, { field }, `${field} must be an http(s) URL`);
  }
  return v;
}

export function checkPostCode(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (!/^[A-Z0-9-]{1,10}$/.test(v)) fail(E.invalidParameter, { field: 'postCode' }, 'postCode is invalid');
  return v;
}
