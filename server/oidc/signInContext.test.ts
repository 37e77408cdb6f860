import { describe, expect, it } from 'vitest';
import type { AccountTable, SsoSessionTable } from '../db/types';
import { ACR_MFA, ACR_PASSWORD, asksForMfa, missesAskedMfa } from './signInContext';

const sso = (mfaEnabled: number, methods: string | null) => ({
  account: { mfa_enabled: mfaEnabled } as AccountTable,
  session: { auth_methods: methods } as SsoSessionTable,
});

describe('asksForMfa', () => {
  it('reads acr_values as the space-separated list it is', () => {
    expect(asksForMfa(ACR_MFA)).toBe(true);
    expect(asksForMfa(`${ACR_PASSWORD} ${ACR_MFA}`)).toBe(true);
    expect(asksForMfa(ACR_PASSWORD)).toBe(false);
    expect(asksForMfa(`${ACR_MFA}x`)).toBe(false);
    expect(asksForMfa(undefined)).toBe(false);
    expect(asksForMfa([ACR_MFA])).toBe(false);
  });
});

describe('missesAskedMfa', () => {
  it('only when asked, the account has a second factor and the session did not pass it', () => {
    expect(missesAskedMfa(ACR_MFA, sso(1, 'pwd'))).toBe(true);
    expect(missesAskedMfa(ACR_MFA, sso(1, null))).toBe(true);
    expect(missesAskedMfa(ACR_MFA, sso(1, 'pwd otp mfa'))).toBe(false);
    expect(missesAskedMfa(ACR_MFA, sso(0, 'pwd'))).toBe(false);
    expect(missesAskedMfa(ACR_PASSWORD, sso(1, 'pwd'))).toBe(false);
  });
});
