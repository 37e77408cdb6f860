/**
 * Matching a password against a list of commonly used and breached passwords, the same way on
 * the server (the whole list, server/domain/commonPasswords.ts) and in the strength meter (its
 * most common entries only, core/validation/commonPasswordsTop.ts).
 *
 * The rule: a password is common when one of its lookup keys is the key of a listed password.
 * - Keys ignore case and undo common substitutions: 0→o, 3→e, 4 and @→a, 5 and $→s, 7→t, and
 *   1, i and l all read as one letter (1 stands for either).
 * - The password is looked up whole, and without a trailing run of 1 to 5 digits or symbols
 *   (`Password123!`, `Summer2024!`) when at least 4 characters stay before it.
 * So `P@ssw0rd1`, `PASSWORD` and `Password123!` all match `password`.
 */

const SUBSTITUTES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  l: 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
};

/** A trailing run that is stripped: 1 to 5 characters that are not letters. */
const MAX_SUFFIX = 5;
/** What must stay before a stripped suffix: shorter stems (`abc`) would refuse too much. */
const MIN_STEM = 4;

/** The lookup key of one word: lower case, substitutions undone. */
export function commonPasswordKey(word: string): string {
  let key = '';
  for (const ch of word.toLowerCase()) key += SUBSTITUTES[ch] ?? ch;
  return key;
}

/** Every key a password is looked up under: itself, then each stem left by stripping a trailing run. */
export function commonPasswordLookups(password: string): string[] {
  const lower = password.toLowerCase();
  const keys = [commonPasswordKey(lower)];
  for (let cut = 1; cut <= MAX_SUFFIX && lower.length - cut >= MIN_STEM; cut += 1) {
    if (/[a-z]/.test(lower[lower.length - cut]!)) break;
    keys.push(commonPasswordKey(lower.slice(0, lower.length - cut)));
  }
  return keys;
}

/** The set of keys of a list, built once per list. */
export function commonPasswordKeys(words: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const word of words) keys.add(commonPasswordKey(word));
  return keys;
}

export function matchesCommonPassword(password: string, keys: ReadonlySet<string>): boolean {
  return commonPasswordLookups(password).some((key) => keys.has(key));
}
