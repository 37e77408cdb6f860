/**
 * Password strength for the register form's meter (spec section 5): a score from 0 to 100
 * and its level: under 40 weak, 40-59 medium, 60-79 strong, 80 and over very strong.
 *
 * The score is length plus variety, minus penalties for repeated characters, runs of the
 * same character class and sequences (abc, 123, cba, !@#). It only drives the meter: the
 * register rule (8-32 / 10-32 visible ASCII, two classes) is core/validation/checks.ts.
 */

export type StrengthLevel = 'weak' | 'medium' | 'strong' | 'veryStrong';

/** Lowest score of each level above 'weak'. */
export const STRENGTH_THRESHOLDS = { medium: 40, strong: 60, veryStrong: 80 } as const;

export const STRENGTH_LEVELS: readonly StrengthLevel[] = ['weak', 'medium', 'strong', 'veryStrong'];

export interface StrengthBreakdown {
  /** 0..100 */
  score: number;
  level: StrengthLevel;
  bonus: { length: number; variety: number; middle: number };
  penalty: { repeats: number; runs: number; sequences: number };
}

type CharClass = 'lower' | 'upper' | 'digit' | 'symbol';

function classOf(ch: string): CharClass {
  if (ch >= 'a' && ch <= 'z') return 'lower';
  if (ch >= 'A' && ch <= 'Z') return 'upper';
  if (ch >= '0' && ch <= '9') return 'digit';
  return 'symbol';
}

/** Orders in which three neighbours (forwards or backwards) count as a sequence. */
// Digits end in 0 as on the keyboard row, so 890 counts too.
const SEQUENCE_ALPHABETS = ['abcdefghijklmnopqrstuvwxyz', '01234567890', '!@#$%^&*()', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

function isSequenceTriple(a: string, b: string, c: string): boolean {
  const triple = (a + b + c).toLowerCase();
  const reversed = [...triple].reverse().join('');
  return SEQUENCE_ALPHABETS.some((alphabet) => alphabet.includes(triple) || alphabet.includes(reversed));
}

export function strengthLevel(score: number): StrengthLevel {
  if (score >= STRENGTH_THRESHOLDS.veryStrong) return 'veryStrong';
  if (score >= STRENGTH_THRESHOLDS.strong) return 'strong';
  if (score >= STRENGTH_THRESHOLDS.medium) return 'medium';
  return 'weak';
}

/** The score with the parts it was made of (tests and tuning read the parts). */
export function scorePassword(password: string): StrengthBreakdown {
  const chars = [...password];
  const n = chars.length;
  if (n === 0) {
    return { score: 0, level: 'weak', bonus: { length: 0, variety: 0, middle: 0 }, penalty: { repeats: 0, runs: 0, sequences: 0 } };
  }

  // Length: 4 points a character up to 16, then 1 a character up to 32.
  const length = Math.min(n, 16) * 4 + Math.max(0, Math.min(n, 32) - 16);

  // Variety: 8 points for each character class beyond the first (lower, upper, digit, symbol).
  const classes = chars.map(classOf);
  const variety = (new Set(classes).size - 1) * 8;

  // Digits and symbols inside the password (not just appended or prepended): 2 each, up to 10.
  const middle = Math.min(10, classes.slice(1, -1).filter((c) => c === 'digit' || c === 'symbol').length * 2);

  // Repeated characters (case-insensitive): the share of characters that are repeats, scaled
  // to at most 30 points, plus 2 for every character that repeats its neighbour (aa).
  const seen = new Map<string, number>();
  for (const ch of chars) seen.set(ch.toLowerCase(), (seen.get(ch.toLowerCase()) ?? 0) + 1);
  const repeated = n - seen.size;
  let adjacent = 0;
  for (let i = 1; i < n; i += 1) if (chars[i]!.toLowerCase() === chars[i - 1]!.toLowerCase()) adjacent += 1;
  const repeats = Math.round((repeated / n) * 30) + adjacent * 2;

  // Runs of the same class: every character of a run beyond its third costs 2 (abcdefgh, 20241231).
  let runs = 0;
  let runLength = 1;
  for (let i = 1; i <= n; i += 1) {
    if (i < n && classes[i] === classes[i - 1]) {
      runLength += 1;
    } else {
      runs += Math.max(0, runLength - 3) * 2;
      runLength = 1;
    }
  }
  // A password of one class only is a run from end to end: at least 10 off.
  if (new Set(classes).size === 1) runs = Math.max(runs, 10);

  // Sequences: every three neighbours in alphabet, digit, symbol-row or keyboard order, either way: 4 each.
  let triples = 0;
  for (let i = 2; i < n; i += 1) if (isSequenceTriple(chars[i - 2]!, chars[i - 1]!, chars[i]!)) triples += 1;
  const sequences = triples * 4;

  const raw = length + variety + middle - repeats - runs - sequences;
  const score = Math.max(0, Math.min(100, Math.round(raw)));
  return { score, level: strengthLevel(score), bonus: { length, variety, middle }, penalty: { repeats, runs, sequences } };
}

/** The highest score of a commonly used password: weak, whatever it is made of. */
export const COMMON_PASSWORD_SCORE_CAP = 20;

/** `common`: the password is on the common-password list (core/validation/commonPassword.ts). */
export function passwordStrength(password: string, common = false): { score: number; level: StrengthLevel } {
  const { score, level } = scorePassword(password);
  if (common) return { score: Math.min(score, COMMON_PASSWORD_SCORE_CAP), level: 'weak' };
  return { score, level };
}
