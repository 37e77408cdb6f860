import { describe, expect, it } from 'vitest';
import {
  MSG, characterClasses, checkEmail, checkLoginPassword, emailProblem, genericPhoneProblem, illegalCharactersProblem, isBmpOnly,
  isReservedEmail, isValidRegisterPassword, loginPasswordProblem, mfaCodeProblem, nameProblem, registerPasswordProblem, registerPhoneProblem,
} from './checks';

describe('email (spec section 5)', () => {
  it('a required field: empty or blank is required, the address is checked trimmed', () => {
    expect(checkEmail('')).toBe(MSG.required);
    expect(checkEmail('   ')).toBe(MSG.required);
    expect(checkEmail('  ana@partner.example ')).toBeNull();
  });
  it('rejects a malformed address', () => {
    for (const bad of ['ana', 'ana@', '@x.com', 'ana@x', 'a b@x.com', 'ana@x.c']) expect(emailProblem(bad), bad).toBe(MSG.emailFormat);
  });
  it('has a maximum of 64 characters, checked before the format', () => {
    const local = 'a'.repeat(64 - '@x.com'.length);
    expect(emailProblem(`${local}@x.com`)).toBeNull();
    expect(emailProblem(`a${local}@x.com`)).toBe(MSG.emailTooLong);
    expect(emailProblem('a'.repeat(65))).toBe(MSG.emailTooLong);
  });
  it('rejects the two reserved internal suffixes, in any case', () => {
    expect(emailProblem('ops@corp.internal')).toBe(MSG.emailReserved);
    expect(emailProblem('ops@corp.INVALID')).toBe(MSG.emailReserved);
    expect(isReservedEmail(' ops@corp.invalid ')).toBe(true);
  });
  it('leaves an empty value to the form (required or not)', () => expect(emailProblem('')).toBeNull());
});

describe('login password', () => {
  it('a required field of visible ASCII from 6 to 32', () => {
    expect(checkLoginPassword('')).toBe(MSG.required);
    expect(checkLoginPassword('abcdef')).toBeNull();
    expect(checkLoginPassword('a'.repeat(32))).toBeNull();
    for (const bad of ['abcde', 'a'.repeat(33), 'abc def', 'pässwort']) expect(loginPasswordProblem(bad), bad).toBe(MSG.loginPassword);
  });
  it('is not trimmed: a space is a character it refuses', () => expect(checkLoginPassword(' abcdef')).toBe(MSG.loginPassword));
});

describe('register password', () => {
  it('needs 8 to 32 and two classes', () => {
    expect(isValidRegisterPassword('abcd1234')).toBe(true);
    expect(isValidRegisterPassword('abc1234')).toBe(false);
    expect(isValidRegisterPassword('abcdefgh')).toBe(false);
    expect(isValidRegisterPassword('abcdefg!')).toBe(true);
    expect(isValidRegisterPassword(`a1${'x'.repeat(31)}`)).toBe(false);
  });
  it('needs 10 to 32 in Singapore, with its own message', () => {
    expect(isValidRegisterPassword('abcd1234', 'SG')).toBe(false);
    expect(isValidRegisterPassword('abcd123456', 'SG')).toBe(true);
    expect(registerPasswordProblem('abcd1234', 'SG')).toBe(MSG.registerPasswordSingapore);
    expect(registerPasswordProblem('abcd1234', 'DE')).toBeNull();
    expect(registerPasswordProblem('abc', 'DE')).toBe(MSG.registerPassword);
  });
  it('refuses spaces and non-ASCII', () => {
    expect(isValidRegisterPassword('abcd 1234')).toBe(false);
    expect(isValidRegisterPassword('abcd1234é')).toBe(false);
  });
  it('counts character classes', () => {
    expect(characterClasses('abc')).toBe(1);
    expect(characterClasses('abc1')).toBe(2);
    expect(characterClasses('a1!')).toBe(3);
  });
});

describe('names and free text', () => {
  it('names: max 100, BMP only, no illegal characters, in that order', () => {
    expect(nameProblem('n'.repeat(100))).toBeNull();
    expect(nameProblem('n'.repeat(101))).toBe(MSG.nameTooLong);
    expect(isBmpOnly('Zoë 王')).toBe(true);
    expect(nameProblem('Ana 😀')).toBe(MSG.nameCharacters);
    expect(nameProblem('An;a 😀')).toBe(MSG.nameCharacters);
    for (const ch of ['"', "'", '\\', ';', ':', '<', '@']) expect(nameProblem(`An${ch}a`), ch).toBe(MSG.illegalCharacters);
  });
  it('free text refuses the illegal characters only', () => {
    expect(illegalCharactersProblem('ok text')).toBeNull();
    expect(illegalCharactersProblem('a:b')).toBe(MSG.illegalCharacters);
  });
});

describe('phones and codes', () => {
  it('register phone: up to 15 digits', () => {
    expect(registerPhoneProblem('')).toBeNull();
    expect(registerPhoneProblem('1'.repeat(15))).toBeNull();
    expect(registerPhoneProblem('1'.repeat(16))).toBe(MSG.phoneRegister);
    expect(registerPhoneProblem('+4912')).toBe(MSG.phoneRegister);
  });
  it('generic phone: 4 to 12 digits', () => {
    expect(genericPhoneProblem('1234')).toBeNull();
    expect(genericPhoneProblem('123')).toBe(MSG.phoneGeneric);
    expect(genericPhoneProblem('1'.repeat(13))).toBe(MSG.phoneGeneric);
  });
  it('MFA code: six digits', () => {
    expect(mfaCodeProblem('123456')).toBeNull();
    expect(mfaCodeProblem('12345')).toBe(MSG.mfaCode);
    expect(mfaCodeProblem('12345a')).toBe(MSG.mfaCode);
  });
});
