import { describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { ApiFailure } from '../http/errors';
import { COMMON_PASSWORD_KEY_COUNT, isCommonPassword } from './commonPasswords';
import { checkNewPassword } from './validation';

describe('isCommonPassword: the whole zxcvbn-ts common-password list', () => {
  it('loaded tens of thousands of passwords', () => {
    expect(COMMON_PASSWORD_KEY_COUNT).toBeGreaterThan(40_000);
  });

  it.each(['password', 'PASSWORD', 'PassWord', 'qwerty123', 'iloveyou2', 'Abcd1234', 'trustno1'])('%s: listed, in any case', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['P@ssw0rd', 'P@ssw0rd1', 'pa55word', 'pa$$w0rd', 'M0nk3y', 'Sh@d0w77', '1etme1n'])('%s: listed once the substitutions are undone', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Password123!', 'Summer2024!', 'Welcome1!', 'Dragon#99', 'Monkey-2', 'P@ssw0rd!!'])('%s: a listed word with digits or symbols appended', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['xK#9mQ!2vL@7', 'Tgd7-#mQk2', 'Demo-pass-2024', 'Str0ng-Pa55word', 'correct-horse-9'])('%s: not common', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it('strips at most five trailing digits or symbols, and keeps at least four characters before them', () => {
    expect(isCommonPassword('Dragon#8316')).toBe(true); // 5 stripped: dragon
    expect(isCommonPassword('Dragon#831645')).toBe(false); // a stem of "dragon#8" is not listed
    expect(isCommonPassword('Love!2')).toBe(true); // "love" itself
    expect(isCommonPassword('Abc!2468')).toBe(false); // "abc" is too short a stem
  });
});

describe('checkNewPassword', () => {
  const codeOf = (password: string, country: string | null = 'DE') => {
    try {
      checkNewPassword(password, country);
      return 0;
    } catch (error) {
      return error instanceof ApiFailure ? error.code : -1;
    }
  };

  it('refuses a common password with its own code, after the format rule', () => {
    expect(codeOf('Password123!')).toBe(E.commonPassword);
    expect(codeOf('P@ssw0rd1')).toBe(E.commonPassword);
    expect(codeOf('password')).toBe(E.invalidPasswordFormat); // one class only: the format comes first
    expect(codeOf('xK#9mQ!2vL@7')).toBe(0);
  });
});
