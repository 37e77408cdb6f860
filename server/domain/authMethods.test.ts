import { describe, expect, it } from 'vitest';
import { MFA_TYPES } from '../../core/contract/auth';
import { acrOf, ACR_MFA, ACR_PASSWORD, loginOfSession } from '../oidc/signInContext';
import type { SsoSessionTable } from '../db/types';
import { formatMethods, sessionMethods, sessionSignInTime, signInMethods } from './authMethods';

const session = (over: Partial<SsoSessionTable>): SsoSessionTable => ({
  id: 's', account_id: 'a', secret_hash: 'h', webview_secret_hash: null, created_at: 1_000_000, last_active_at: 1_000_000, expires_at: 9_000_000,
  ip: null, user_agent: null, revoked_at: null, auth_methods: null, authenticated_at: null, ...over,
});

describe('RFC 8176 methods of a portal sign-in', () => {
  it('a password; a password and a one-time code (app or mail) with mfa', () => {
    expect(signInMethods(null)).toEqual(['pwd']);
    expect(signInMethods(MFA_TYPES.totp)).toEqual(['pwd', 'otp', 'mfa']);
    expect(signInMethods(MFA_TYPES.email)).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('are kept on the session and read back; unknown words are dropped; older rows read as a password', () => {
    expect(sessionMethods(session({ auth_methods: formatMethods(['pwd', 'otp', 'mfa']) }))).toEqual(['pwd', 'otp', 'mfa']);
    expect(sessionMethods(session({ auth_methods: 'pwd sms<x>' }))).toEqual(['pwd']);
    expect(sessionMethods(session({ auth_methods: null }))).toEqual(['pwd']);
  });

  it('the sign-in time is the last sign-in, else the creation', () => {
    expect(sessionSignInTime(session({ authenticated_at: 5_000_000 }))).toBe(5_000_000);
    expect(sessionSignInTime(session({}))).toBe(1_000_000);
  });

  it('acr and the provider login of a session', () => {
    expect(acrOf(['pwd'])).toBe(ACR_PASSWORD);
    expect(acrOf(['pwd', 'otp', 'mfa'])).toBe(ACR_MFA);
    expect(loginOfSession(session({ auth_methods: 'pwd otp mfa', authenticated_at: 4_321_999 }))).toEqual({ accountId: 'a', ts: 4321, amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA });
  });
});
