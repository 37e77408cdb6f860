import { describe, expect, it } from 'vitest';
import { passwordStrength, scorePassword, STRENGTH_THRESHOLDS, strengthLevel } from './passwordStrength';

describe('strengthLevel: thresholds of spec section 5 (40 / 60 / 80)', () => {
  it.each([
    [0, 'weak'],
    [39, 'weak'],
    [40, 'medium'],
    [59, 'medium'],
    [60, 'strong'],
    [79, 'strong'],
    [80, 'veryStrong'],
    [100, 'veryStrong'],
  ] as const)('%i is %s', (score, level) => {
    expect(strengthLevel(score)).toBe(level);
  });

  it('exports the thresholds the spec names', () => {
    expect(STRENGTH_THRESHOLDS).toEqual({ medium: 40, strong: 60, veryStrong: 80 });
  });
});

describe('passwordStrength', () => {
  it('scores nothing for an empty password', () => {
    expect(passwordStrength('')).toEqual({ score: 0, level: 'weak' });
  });

  it('stays within 0..100 for anything', () => {
    for (const p of ['a', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '9fJ#2kLp!xW4vB&q7Zr@1mT%5nY^3cE*', 'abcdefghijklmnopqrstuvwxyzabcdef', '!', ' ']) {
      const { score } = passwordStrength(p);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
      expect(Number.isInteger(score)).toBe(true);
    }
  });

  it.each([
    ['password', 'weak'],
    ['aaaaaaaa', 'weak'],
    ['12345678', 'weak'],
    ['abcd1234', 'weak'],
    ['qwerty123', 'weak'],
    ['Password1', 'weak'],
    ['Abc12345!', 'medium'],
    ['P@ssw0rd', 'medium'],
    ['ILoveYou2', 'medium'],
    ['Demo-pass-2024', 'strong'],
    ['Tr0ub4dor&3', 'strong'],
    ['G7k!m2Qz', 'strong'],
    ['xK#9mQ!2vL@7', 'veryStrong'],
    ['9fJ#2kLp!xW4vB', 'veryStrong'],
  ] as const)('%s is %s', (password, level) => {
    expect(passwordStrength(password).level).toBe(level);
  });

  it('a commonly used password is weak whatever it is made of (capped at 20)', () => {
    expect(passwordStrength('Tr0ub4dor&3').level).toBe('strong');
    expect(passwordStrength('Tr0ub4dor&3', true)).toEqual({ score: 20, level: 'weak' });
    expect(passwordStrength('abc', true)).toEqual(passwordStrength('abc'));
  });

  it('grows with length when nothing else changes', () => {
    const scores = ['xK#9', 'xK#9mQ', 'xK#9mQ!2', 'xK#9mQ!2vL', 'xK#9mQ!2vL@7'].map((p) => passwordStrength(p).score);
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
    expect(new Set(scores).size).toBe(scores.length);
  });

  it('rewards every further character class', () => {
    const lower = scorePassword('qmzkwpxr').bonus.variety;
    const upper = scorePassword('qmZkwPxr').bonus.variety;
    const digit = scorePassword('qm7kwPxr').bonus.variety;
    const symbol = scorePassword('qm7k#Pxr').bonus.variety;
    expect([lower, upper, digit, symbol]).toEqual([0, 8, 16, 24]);
  });

  it('rewards digits and symbols inside the password more than at its ends', () => {
    expect(scorePassword('Qmzk7#wp').bonus.middle).toBeGreaterThan(scorePassword('7Qmzkwp#').bonus.middle);
    expect(scorePassword('a1b2c3d4e5f6g7h8').bonus.middle).toBe(10); // capped
  });
});

describe('penalties', () => {
  it('repeated characters cost points, adjacent repeats more', () => {
    const distinct = scorePassword('Qx7#mZp2');
    const repeated = scorePassword('Qx7#mQp2'); // Q twice, apart
    const adjacent = scorePassword('Qx7#mmp2'); // m twice, side by side
    expect(distinct.penalty.repeats).toBe(0);
    expect(repeated.penalty.repeats).toBeGreaterThan(0);
    expect(adjacent.penalty.repeats).toBeGreaterThan(repeated.penalty.repeats);
    expect(repeated.score).toBeLessThan(distinct.score);
  });

  it('counts repeats case-insensitively', () => {
    expect(scorePassword('Qx7#mqp2').penalty.repeats).toBe(scorePassword('Qx7#mQp2').penalty.repeats);
  });

  it('one character over and over is worth nothing', () => {
    expect(passwordStrength('aaaaaaaaaaaa').score).toBe(0);
    expect(passwordStrength('############').score).toBe(0);
  });

  it('runs of the same class beyond three characters cost points', () => {
    expect(scorePassword('Qx7#mZp2').penalty.runs).toBe(0);
    expect(scorePassword('qmzkW7#P').penalty.runs).toBe(2); // 4 lowercase in a row
    expect(scorePassword('qmzkwW7#').penalty.runs).toBe(4); // 5 in a row
    expect(scorePassword('Q#70461X').penalty.runs).toBe(4); // 5 digits in a row
  });

  it('a password of one class only is penalised as a whole', () => {
    expect(scorePassword('qmz').penalty.runs).toBe(10);
    expect(scorePassword('904613').penalty.runs).toBe(10);
  });

  it.each(['abc', 'cba', '123', '321', 'xyz', 'ABC', '!@#', 'qwe', 'asd', '890'])('the sequence %s costs points', (seq) => {
    const withSequence = scorePassword(`Q7#${seq}m`);
    expect(withSequence.penalty.sequences).toBeGreaterThan(0);
  });

  it('every further neighbour of a sequence costs more', () => {
    expect(scorePassword('Q#abc7').penalty.sequences).toBe(4);
    expect(scorePassword('Q#abcd7').penalty.sequences).toBe(8);
    expect(scorePassword('Q#abcde7').penalty.sequences).toBe(12);
  });

  it('does not count letters that are merely close as a sequence', () => {
    expect(scorePassword('Q#ace7').penalty.sequences).toBe(0);
    expect(scorePassword('Q#aab7').penalty.sequences).toBe(0);
    expect(scorePassword('Q#ab1c').penalty.sequences).toBe(0);
  });

  it('a sequence lowers the score against the same characters shuffled', () => {
    expect(passwordStrength('Zq#1234x').score).toBeLessThan(passwordStrength('Zq#3142x').score);
    expect(passwordStrength('Zq#dcba7').score).toBeLessThan(passwordStrength('Zq#dbca7').score);
  });
});
