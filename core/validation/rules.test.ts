import { object } from 'yup';
import { describe, expect, it } from 'vitest';
import {
  MSG, emailRule, genericPhoneRule, loginPasswordRule, mfaCodeRule,
  nameRule, registerPasswordRule, registerPhoneRule, safeTextRule, termsRule, postCodeRule, companyIdRule, urlRule,
} from './rules';
import type { AnySchema } from 'yup';

/** The message of the first failure, or null when valid. */
function check(schema: AnySchema, value: unknown, parent: Record<string, unknown> = {}): string | null {
  try {
    object({ field: schema }).validateSync({ ...parent, field: value });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('email rule (spec section 5)', () => {
  it('is required', () => expect(check(emailRule(), '')).toBe(MSG.required));
  it('accepts a standard address', () => expect(check(emailRule(), 'ana@partner.example')).toBeNull());
  it('rejects a malformed address', () => {
    for (const bad of ['ana', 'ana@', '@x.com', 'ana@x', 'a b@x.com', 'ana@x.c']) expect(check(emailRule(), bad), bad).toBe(MSG.emailFormat);
  });
  it('has a maximum of 64 characters', () => {
    const local = 'a'.repeat(64 - '@x.com'.length);
    expect(check(emailRule(), `${local}@x.com`)).toBeNull();
    expect(check(emailRule(), `a${local}@x.com`)).toBe(MSG.emailTooLong);
  });
  it('rejects the two reserved internal suffixes', () => {
    expect(check(emailRule(), 'ops@corp.internal')).toBe(MSG.emailReserved);
    expect(check(emailRule(), 'ops@corp.INVALID')).toBe(MSG.emailReserved);
  });
  it('trims, and a form can make it optional', () => {
    expect(emailRule().validateSync('  ana@partner.example ')).toBe('ana@partner.example');
    expect(check(emailRule().notRequired().default(''), '')).toBeNull();
    expect(check(emailRule().notRequired().default(''), 'ana')).toBe(MSG.emailFormat);
  });
  it('reports the first broken rule, as the check does', () => {
    expect(check(emailRule(), `${'a'.repeat(60)}@corp.internal`)).toBe(MSG.emailTooLong);
  });
});

describe('login password rule', () => {
  it('is required', () => expect(check(loginPasswordRule(), '')).toBe(MSG.required));
  it('takes visible ASCII from 6 to 32', () => {
    expect(check(loginPasswordRule(), 'abcdef')).toBeNull();
    expect(check(loginPasswordRule(), 'a'.repeat(32))).toBeNull();
    expect(check(loginPasswordRule(), 'abcde')).toBe(MSG.loginPassword);
    expect(check(loginPasswordRule(), 'a'.repeat(33))).toBe(MSG.loginPassword);
    expect(check(loginPasswordRule(), 'abc def')).toBe(MSG.loginPassword);
    expect(check(loginPasswordRule(), 'pässwort')).toBe(MSG.loginPassword);
  });
});

describe('register password rule', () => {
  it('is required; reads the country from the form (10 to 32 in Singapore)', () => {
    expect(check(registerPasswordRule(), '', { regionCode: 'DE' })).toBe(MSG.required);
    expect(check(registerPasswordRule(), 'abcd1234', { regionCode: 'SG' })).toBe(MSG.registerPasswordSingapore);
    expect(check(registerPasswordRule(), 'abcd1234', { regionCode: 'DE' })).toBeNull();
    expect(check(registerPasswordRule(), 'abc', { regionCode: 'DE' })).toBe(MSG.registerPassword);
    expect(check(registerPasswordRule('country'), 'abcd1234', { country: 'SG' })).toBe(MSG.registerPasswordSingapore);
  });
});

describe('name rule', () => {
  it('is required, max 100', () => {
    expect(check(nameRule(), ' ')).toBe(MSG.required);
    expect(check(nameRule(), 'n'.repeat(100))).toBeNull();
    expect(check(nameRule(), 'n'.repeat(101))).toBe(MSG.nameTooLong);
  });
  it('refuses characters beyond the BMP', () => {
    expect(check(nameRule(), 'Ana 😀')).toBe(MSG.nameCharacters);
    expect(check(nameRule(), '𠜎')).toBe(MSG.nameCharacters);
  });
  it('refuses the illegal characters', () => {
    for (const ch of ['"', "'", '\\', ';', ':', '<', '@']) expect(check(nameRule(), `An${ch}a`), ch).toBe(MSG.illegalCharacters);
  });
});

describe('phone rules', () => {
  it('register: optional, up to 15 digits', () => {
    expect(check(registerPhoneRule(), '')).toBeNull();
    expect(check(registerPhoneRule(), '1'.repeat(15))).toBeNull();
    expect(check(registerPhoneRule(), '1'.repeat(16))).toBe(MSG.phoneRegister);
    expect(check(registerPhoneRule(), '+4912')).toBe(MSG.phoneRegister);
  });
  it('generic: optional, 4 to 12 digits', () => {
    expect(check(genericPhoneRule(), '')).toBeNull();
    expect(check(genericPhoneRule(), '1234')).toBeNull();
    expect(check(genericPhoneRule(), '123')).toBe(MSG.phoneGeneric);
    expect(check(genericPhoneRule(), '1'.repeat(13))).toBe(MSG.phoneGeneric);
  });
});

describe('other rules', () => {
  it('MFA code: six digits, required', () => {
    expect(check(mfaCodeRule(), '')).toBe(MSG.required);
    expect(check(mfaCodeRule(), '12345')).toBe(MSG.mfaCode);
    expect(check(mfaCodeRule(), '12345a')).toBe(MSG.mfaCode);
    expect(check(mfaCodeRule(), '123456')).toBeNull();
  });
  it('terms must be accepted', () => {
    expect(check(termsRule(), false)).toBe(MSG.termsRequired);
    expect(check(termsRule(), true)).toBeNull();
  });
  it('safe text refuses the illegal characters', () => {
    expect(check(safeTextRule(), 'ok text')).toBeNull();
    expect(check(safeTextRule(), 'a:b')).toBe(MSG.illegalCharacters);
  });
});

describe('generic rules: postal code, company id, URL (spec section 5)', () => {
  it('postal code: up to 10 of capitals, digits and hyphens; empty passes', () => {
    expect(check(postCodeRule('pc'), '')).toBeNull();
    expect(check(postCodeRule('pc'), 'SW1A-1AA')).toBeNull();
    expect(check(postCodeRule('pc'), '1234567890')).toBeNull();
    expect(check(postCodeRule('pc'), '12345678901')).toBe('pc');
    expect(check(postCodeRule('pc'), 'sw1a')).toBe('pc');
    expect(check(postCodeRule('pc'), '12 345')).toBe('pc');
  });
  it('company id: letters and digits within the length', () => {
    const rule = companyIdRule('id', { min: 4, max: 8 });
    expect(check(rule, '')).toBeNull();
    expect(check(rule, 'Ab12')).toBeNull();
    expect(check(rule, 'Ab1')).toBe('id');
    expect(check(rule, 'Ab123456X')).toBe('id');
    expect(check(rule, 'Ab-12')).toBe('id');
  });
  it('URL: http:// or https:// then an IPv4 address or a domain', () => {
    for (const ok of ['http://192.168.0.1', 'https://a.example', 'https://a-b.example.co:8080/x?y=1#z']) expect(check(urlRule('url'), ok), ok).toBeNull();
    for (const bad of ['a.example', 'ftp://a.example', 'https://256.1.1.1', 'https://localhost', 'https://-a.example', 'javascript:alert(1)']) {
      expect(check(urlRule('url'), bad), bad).toBe('url');
    }
  });
});
