/**
 * The strength meter's own common-password check: the 1,000 most common passwords of the server's
 * list (generated at build time from the same package, virtual:common-passwords), matched by the
 * server's rule. It ships only with the meter, which the password forms load lazily, never with
 * /login. Rarer listed passwords the meter learns from the server's refusal (-3065).
 */
import words from 'virtual:common-passwords';
import { commonPasswordKeys, matchesCommonPassword } from './commonPassword';

const KEYS: ReadonlySet<string> = commonPasswordKeys(words.split('\n'));

export const TOP_COMMON_PASSWORD_COUNT = KEYS.size;

export function isTopCommonPassword(password: string): boolean {
  return matchesCommonPassword(password, KEYS);
}
