/**
 * The commonly used and breached passwords every new password is checked against (register,
 * reset, change, merge): zxcvbn-ts's common-password dictionary (@zxcvbn-ts/language-common,
 * about 49,000 passwords ranked by how often they appear in breaches). Its keys are built once,
 * when the server loads this module; the matching rule is core/validation/commonPassword.ts.
 * Server only: the browser's strength meter gets the top of the list (core/validation/commonPasswordsTop.ts).
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordKeys, matchesCommonPassword } from '../../core/validation/commonPassword';

const KEYS: ReadonlySet<string> = commonPasswordKeys(dictionary['passwords-common']);

/** How many distinct keys the list gave (tests check that the dictionary really loaded). */
export const COMMON_PASSWORD_KEY_COUNT = KEYS.size;

export function isCommonPassword(password: string): boolean {
  return matchesCommonPassword(password, KEYS);
}
