import { describe, expect, it } from 'vitest';
import { commonPasswordKey, commonPasswordKeys, commonPasswordLookups, matchesCommonPassword } from './commonPassword';

describe('commonPasswordKey', () => {
  it('ignores case and undoes the common substitutions', () => {
    expect(commonPasswordKey('P@SSW0RD')).toBe('password');
    expect(commonPasswordKey('pa$5w0rd')).toBe('password');
    expect(commonPasswordKey('h4ck3r7')).toBe('hackert');
  });

  it('reads 1, i and l as one letter', () => {
    expect(commonPasswordKey('1i1y')).toBe(commonPasswordKey('lily'));
    expect(commonPasswordKey('LetMe1n')).toBe(commonPasswordKey('letmein'));
  });
});

describe('commonPasswordLookups', () => {
  it('the password whole, then without 1 to 5 trailing digits or symbols', () => {
    expect(commonPasswordLookups('Password123!')).toEqual(['passwordi2e!', 'passwordi2e', 'passwordi2', 'passwordi', 'password']);
  });

  it('stops at a letter and keeps at least four characters', () => {
    expect(commonPasswordLookups('ab1c23')).toEqual(['abic2e', 'abic2', 'abic']);
    expect(commonPasswordLookups('abc!2468')).toEqual(['abc!2a68', 'abc!2a6', 'abc!2a', 'abc!2', 'abc!']);
    expect(commonPasswordLookups('Dragon#831645')).toEqual(['dragon#8ei6as', 'dragon#8ei6a', 'dragon#8ei6', 'dragon#8ei', 'dragon#8e', 'dragon#8']);
  });
});

describe('matchesCommonPassword', () => {
  const keys = commonPasswordKeys(['password', 'dragon', 'letmein']);

  it.each(['password', 'PASSWORD', 'P@ssw0rd', 'Password123!', 'P@ssw0rd1', 'Dragon2024!', 'L3tm31n'])('%s matches', (password) => {
    expect(matchesCommonPassword(password, keys)).toBe(true);
  });

  it.each(['xK#9mQ!2vL@7', 'Dragon#831645', 'MyPassword', 'password-manager'])('%s does not', (password) => {
    expect(matchesCommonPassword(password, keys)).toBe(false);
  });
});
