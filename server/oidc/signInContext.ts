/**
 * What an ID token says about the sign-in behind it: `amr` (RFC 8176 methods), `acr` (the
 * portal's two contexts: a password alone, or a password and a second factor) and `auth_time`,
 * all from the portal's SSO session, which remembers how and when it was last signed in to.
 */
import { sessionMethods, sessionSignInTime, type AuthMethod } from '../domain/authMethods';
import type { SsoSessionTable } from '../db/types';
import type { Ctx } from '../context';
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

/** The authorization request parameters that ask for an authentication context. */
export interface AcrRequest {
  acr_values?: unknown;
  /** OpenID Connect Core 5.5: the `claims` parameter, as the JSON text the client sent. */
  claims?: unknown;
}

interface AcrClaimRequest {
  essential: boolean;
  values: string[];
}

/** `claims.id_token.acr` of the request, when it names any values. */
function acrClaim(claims: unknown): AcrClaimRequest | null {
  let parsed: unknown = claims;
  if (typeof claims === 'string') {
    try {
      parsed = JSON.parse(claims);
    } catch {
      return null; // the provider refuses an unparseable claims parameter before any of this runs
    }
  }
  const acr = (parsed as { id_token?: { acr?: unknown } } | null)?.id_token?.acr;
  if (typeof acr !== 'object' || acr === null) return null;
  const { essential, value, values } = acr as { essential?: unknown; value?: unknown; values?: unknown };
  const named = typeof value === 'string' ? [value] : Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
  return named.length > 0 ? { essential: essential === true, values: named } : null;
}

/**
 * Whether the client asked for the MFA context: `acr_values`, or the `claims` parameter's ID
 * token `acr` (voluntary or essential). The spec reads such a request as voluntary; the portal
 * holds to it where the account can pass a second factor (no way around a security step).
 */
export function asksForMfa(params: AcrRequest): boolean {
  if (typeof params.acr_values === 'string' && params.acr_values.split(' ').includes(ACR_MFA)) return true;
  return acrClaim(params.claims)?.values.includes(ACR_MFA) ?? false;
}

/**
 * The contexts an ID token may carry when the client made `acr` an essential claim, or null
 * when any will do. OpenID Connect Core 5.5.1.1: one of them, or a failed authentication.
 */
export function essentialAcrs(params: AcrRequest): string[] | null {
  const claim = acrClaim(params.claims);
  return claim?.essential ? claim.values : null;
}

/**
 * The context to name for a sign-in that reached `reached`, among the `acceptable` ones: the
 * highest it meets (a sign-in with a second factor meets the password context too), or null.
 */
export function acrWithin(reached: string, acceptable: readonly string[]): string | null {
  const level = ACR_VALUES.indexOf(reached);
  const met = ACR_VALUES.filter((acr, i) => i <= level && acceptable.includes(acr));
  return met.at(-1) ?? null;
}

/**
 * `login`, named by the context the client made essential that it meets (acrWithin); itself when
 * nothing was made essential; null when it meets none.
 */
export function meetingEssential(login: PortalLogin, essential: readonly string[] | null): PortalLogin | null {
  if (!essential) return login;
  const acr = acrWithin(login.acr, essential);
  return acr ? { ...login, acr } : null;
}

/**
 * The client asked for the MFA context, the account can pass a second factor (turned on, or a
 * passkey, where the passkeys plugin is on for its region), and the portal session's last sign-in did not pass one (a password
 * alone, or a trusted device that skipped it): a fresh sign-in must ask it. An account without
 * either gets the password context: it has nothing more to ask, and the token says so (unless
 * the client made the MFA context essential: see essentialAcrs).
 */
export function missesAskedMfa(params: AcrRequest, sso: Pick<SsoSessionRef, 'account' | 'session'>, hasPasskey: boolean): boolean {
  return asksForMfa(params) && (sso.account.mfa_enabled === 1 || hasPasskey) && !sessionMethods(sso.session).includes('mfa');
}

/** missesAskedMfa, looking up the account's passkeys only when the client asked for the MFA context. */
export async function missesAskedMfaOf(ctx: Ctx, params: AcrRequest, sso: SsoSessionRef): Promise<boolean> {
  if (!asksForMfa(params)) return false;
  const passkeys = ctx.extensions.first(ctx, 'passkeys', sso.region);
  return missesAskedMfa(params, sso, sso.account.mfa_enabled !== 1 && passkeys !== null && (await passkeys.has(ctx, sso.region, sso.account.id)));
}
