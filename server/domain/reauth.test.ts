import { describe, expect, it } from 'vitest';
import type { SsoSessionRef } from './sessions';
import { isReauthSession, oidcLoginParams, reauthenticationOf, secondFactorDemanded } from './reauth';

const ls = (params: object | null, over: { source?: string | null; completed_at?: number | null } = {}) => ({
  source: over.source === undefined ? 'oidc' : over.source,
  params: params ? JSON.stringify(params) : null,
  completed_at: over.completed_at ?? null,
});
const sso = (id: string, email: string) => ({ account: { id, email } }) as unknown as SsoSessionRef;

describe('re-authentication login sessions', () => {
  it('are OpenID login sessions flagged with an account', () => {
    expect(isReauthSession(ls({ uid: 'u', reauth: 'acc-1' }))).toBe(true);
    expect(isReauthSession(ls({ uid: 'u' }))).toBe(false);
    expect(isReauthSession(ls({ uid: 'u', reauth: 'acc-1' }, { source: 'zendesk' }))).toBe(false);
    expect(isReauthSession(null)).toBe(false);
    expect(oidcLoginParams(ls({ reauth: 'acc-1' }))).toBeNull();
  });

  it("ask for the signed-in account's password only while it is that account and nothing completed them", () => {
    const flagged = ls({ uid: 'u', reauth: 'acc-1' });
    expect(reauthenticationOf(flagged, sso('acc-1', 'dana@example.com'))).toEqual({ email: 'dana@example.com' });
    expect(reauthenticationOf(flagged, sso('acc-2', 'other@example.com'))).toBeNull();
    expect(reauthenticationOf(flagged, null)).toBeNull();
    expect(reauthenticationOf(ls({ uid: 'u', reauth: 'acc-1' }, { completed_at: 5 }), sso('acc-1', 'dana@example.com'))).toBeNull();
    expect(reauthenticationOf(ls({ uid: 'u' }), sso('acc-1', 'dana@example.com'))).toBeNull();
  });

  it('demand the second factor only when an OpenID login session says so with true', () => {
    expect(secondFactorDemanded(ls({ uid: 'u', secondFactor: true }))).toBe(true);
    expect(secondFactorDemanded(ls({ uid: 'u', reauth: 'acc-1', secondFactor: true }))).toBe(true);
    expect(secondFactorDemanded(ls({ uid: 'u', secondFactor: 'true' }))).toBe(false);
    expect(secondFactorDemanded(ls({ uid: 'u', reauth: 'acc-1' }))).toBe(false);
    expect(secondFactorDemanded(ls({ uid: 'u', secondFactor: true }, { source: 'zendesk' }))).toBe(false);
    expect(secondFactorDemanded(null)).toBe(false);
  });
});
