/**
 * Re-authentication: a connected service asked for a fresh sign-in (OpenID `prompt=login`, or a
 * `max_age` the portal sign-in is older than) while the browser is signed in to the portal. The
 * provider's interaction opens a login session flagged with the signed-in account; the login
 * page then asks that account's password (and MFA) again instead of forwarding the browser.
 *
 * The server holds the line, not the page: such a login session completes only through
 * `POST /login`, and a signed-in browser may prove there only the account it is signed in with
 * (another address is refused; "use another account" signs out first, and the sign-in that
 * follows is an ordinary one, for whichever account it is).
 */
import type { LoginSessionTable } from '../db/types';
import type { SsoSessionRef } from './sessions';

export interface OidcLoginParams {
  /** The provider interaction the login session belongs to. */
  uid: string;
  /** Set when the session asks the signed-in account to sign in again: that account's id. */
  reauth?: string;
  /**
   * Set when a trusted device may not skip the second factor here: the service asked for the
   * MFA context, or (with `trustedDeviceAtReauth: 'ask'`) for a fresh sign-in. Kept on the login
   * session, so signing out at the page and in again as the same account does not drop it.
   */
  secondFactor?: true;
}

export function oidcLoginParams(ls: Pick<LoginSessionTable, 'source' | 'params'> | null): OidcLoginParams | null {
  if (!ls || ls.source !== 'oidc' || !ls.params) return null;
  const parsed = JSON.parse(ls.params) as Partial<OidcLoginParams>;
  if (typeof parsed.uid !== 'string') return null;
  return { uid: parsed.uid, ...(typeof parsed.reauth === 'string' ? { reauth: parsed.reauth } : {}), ...(parsed.secondFactor === true ? { secondFactor: true } : {}) };
}

/** Whether a sign-in for this login session must pass the second factor even on a trusted device. */
export function secondFactorDemanded(ls: Pick<LoginSessionTable, 'source' | 'params'> | null): boolean {
  return oidcLoginParams(ls)?.secondFactor === true;
}

export function isReauthSession(ls: Pick<LoginSessionTable, 'source' | 'params'> | null): boolean {
  return oidcLoginParams(ls)?.reauth !== undefined;
}

/**
 * The account the login page asks to sign in again: the session's flagged account when this
 * browser is signed in as it and the session is not completed yet; otherwise null (the page is
 * the ordinary one).
 */
export function reauthenticationOf(ls: Pick<LoginSessionTable, 'source' | 'params' | 'completed_at'> | null, sso: SsoSessionRef | null): { email: string } | null {
  if (!ls || !sso || ls.completed_at !== null) return null;
  return oidcLoginParams(ls)?.reauth === sso.account.id ? { email: sso.account.email } : null;
}
