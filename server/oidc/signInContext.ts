/**
 * What an ID token says about the sign-in behind it: `amr` (RFC 8176 methods), `acr` (the
 * portal's two contexts: a password alone, or a password and a second factor) and `auth_time`,
 * all from the portal's SSO session, which remembers how and when it was last signed in to.
 */
import { sessionMethods, sessionSignInTime, type AuthMethod } from '../domain/authMethods';
import type { SsoSessionTable } from '../db/types';
import type { SsoSessionRef } from '../domain/sessions';

/** A password sign-in. */
export const ACR_PASSWORD = 'urn:unified-id:acr:pwd';
/** A password sign-in with a second factor passed. */
export const ACR_MFA = 'urn:unified-id:acr:mfa';
export const ACR_VALUES = [ACR_PASSWORD, ACR_MFA];

export function acrOf(methods: readonly AuthMethod[]): string {
  return methods.includes('mfa') ? ACR_MFA : ACR_PASSWORD;
}

/** A type, not an interface: it is handed to the provider as its login result record. */
export type PortalLogin = {
  accountId: string;
  /** Seconds since the epoch: the ID token's auth_time. */
  ts: number;
  amr: AuthMethod[];
  acr: string;
};

/** The provider's login result for an SSO session as it stands now. */
export function loginOfSession(session: SsoSessionTable): PortalLogin {
  const amr = sessionMethods(session);
  return { accountId: session.account_id, ts: Math.floor(sessionSignInTime(session) / 1000), amr, acr: acrOf(amr) };
}

/**
 * Whether a client's `acr_values` name the MFA context. The provider does not support the
 * `claims` request parameter, so this is the one way to ask (and, unlike the spec's voluntary
 * reading, the portal holds to it: no way around a security step).
 */
export function asksForMfa(acrValues: unknown): boolean {
  return typeof acrValues === 'string' && acrValues.split(' ').includes(ACR_MFA);
}

/**
 * The client asked for the MFA context, the account has a second factor, and the portal
 * session's last sign-in did not pass it (a password alone, or a trusted device that skipped
 * it): a fresh sign-in must ask it. An account without a second factor gets the password
 * context: it has nothing more to ask, and the token says so.
 */
export function missesAskedMfa(acrValues: unknown, sso: Pick<SsoSessionRef, 'account' | 'session'>): boolean {
  return asksForMfa(acrValues) && sso.account.mfa_enabled === 1 && !sessionMethods(sso.session).includes('mfa');
}
