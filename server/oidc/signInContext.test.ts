import { describe, expect, it } from 'vitest';
import type { AccountTable, SsoSessionTable } from '../db/types';
import { ACR_MFA, ACR_PASSWORD, acrWithin, asksForMfa, essentialAcrs, missesAskedMfa } from './signInContext';

const sso = (mfaEnabled: number, methods: string | null) => ({
  account: { mfa_enabled: mfaEnabled } as AccountTable,
  session: { auth_methods: methods } as SsoSessionTable,
});

/** The `claims` parameter as a client sends it: JSON text. */
const claims = (acr: unknown) => JSON.stringify({ id_token: { acr } });

describe('asksForMfa', () => {
  it('reads acr_values as the space-separated list it is', () => {
    expect(asksForMfa({ acr_values: ACR_MFA })).toBe(true);
    expect(asksForMfa({ acr_values: `${ACR_PASSWORD} ${ACR_MFA}` })).toBe(true);
    expect(asksForMfa({ acr_values: ACR_PASSWORD })).toBe(false);
    expect(asksForMfa({ acr_values: `${ACR_MFA}x` })).toBe(false);
    expect(asksForMfa({})).toBe(false);
    expect(asksForMfa({ acr_values: [ACR_MFA] })).toBe(false);
  });

  it("reads the claims parameter's ID token acr, voluntary or essential, by value or values", () => {
    expect(asksForMfa({ claims: claims({ value: ACR_MFA }) })).toBe(true);
    expect(asksForMfa({ claims: claims({ essential: true, values: [ACR_PASSWORD, ACR_MFA] }) })).toBe(true);
    expect(asksForMfa({ claims: claims({ essential: true, value: ACR_PASSWORD }) })).toBe(false);
    expect(asksForMfa({ claims: claims(null) })).toBe(false);
    expect(asksForMfa({ claims: JSON.stringify({ userinfo: { acr: { value: ACR_MFA } } }) })).toBe(false);
    expect(asksForMfa({ claims: '{not json' })).toBe(false);
  });
});

describe('essentialAcrs', () => {
  it('names the acceptable contexts only when acr is essential', () => {
    expect(essentialAcrs({ claims: claims({ essential: true, value: ACR_MFA }) })).toEqual([ACR_MFA]);
    expect(essentialAcrs({ claims: claims({ essential: true, values: [ACR_MFA, 7, ACR_PASSWORD] }) })).toEqual([ACR_MFA, ACR_PASSWORD]);
    expect(essentialAcrs({ claims: claims({ value: ACR_MFA }) })).toBeNull();
    expect(essentialAcrs({ claims: claims({ essential: true }) })).toBeNull();
    expect(essentialAcrs({ acr_values: ACR_MFA })).toBeNull();
  });
});

describe('acrWithin', () => {
  it('names the highest acceptable context the sign-in reached; a second factor meets the password context too', () => {
    expect(acrWithin(ACR_MFA, [ACR_MFA])).toBe(ACR_MFA);
    expect(acrWithin(ACR_MFA, [ACR_PASSWORD])).toBe(ACR_PASSWORD);
    expect(acrWithin(ACR_MFA, [ACR_PASSWORD, ACR_MFA])).toBe(ACR_MFA);
    expect(acrWithin(ACR_PASSWORD, [ACR_MFA])).toBeNull();
    expect(acrWithin(ACR_PASSWORD, [ACR_PASSWORD, ACR_MFA])).toBe(ACR_PASSWORD);
    expect(acrWithin(ACR_MFA, ['urn:other:acr'])).toBeNull();
  });
});

describe('missesAskedMfa', () => {
  it('only when asked, the account can pass a second factor and the session did not pass one', () => {
    const ask = { acr_values: ACR_MFA };
    expect(missesAskedMfa(ask, sso(1, 'pwd'), false)).toBe(true);
    expect(missesAskedMfa(ask, sso(1, null), false)).toBe(true);
    expect(missesAskedMfa(ask, sso(1, 'pwd otp mfa'), false)).toBe(false);
    expect(missesAskedMfa(ask, sso(0, 'pwd'), false)).toBe(false);
    expect(missesAskedMfa({ acr_values: ACR_PASSWORD }, sso(1, 'pwd'), false)).toBe(false);
    expect(missesAskedMfa({ claims: claims({ essential: true, value: ACR_MFA }) }, sso(1, 'pwd'), false)).toBe(true);
  });

  it('a passkey counts as a second factor the account can pass', () => {
    expect(missesAskedMfa({ acr_values: ACR_MFA }, sso(0, 'pwd'), true)).toBe(true);
    expect(missesAskedMfa({ acr_values: ACR_MFA }, sso(0, 'hwk mfa'), true)).toBe(false);
    expect(missesAskedMfa({ acr_values: ACR_PASSWORD }, sso(0, 'pwd'), true)).toBe(false);
  });
});
