/**
 * Signing out across the portal and its connected services.
 *
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the provider checks the
 * `id_token_hint` and the registered `post_logout_redirect_uri`, then hands the question
 * "sign out of Unified ID?" to the portal's own page (`/signout`, plugin end-session), which
 * reads the pending request here (`GET /api/oidc/logout-request`) and answers with a plain form
 * post to the provider's confirm endpoint. Signing out there ends the portal's SSO session too.
 *
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0): when a portal SSO session ends
 * (sign-out in the portal, "log out other devices", a password change, an RP-initiated logout),
 * every client given a grant under it that registered a `backchannelLogoutUri` gets a signed
 * logout token naming the user (`sub`) and that sign-in (`sid`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { SSO_COOKIE } from '../../core/contract/auth';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import { readSsoCookie, revokeSessions } from '../domain/sessions';
import { clearSsoCookieValue, ok, parseCookies } from '../http/common';
import { fail } from '../http/errors';
import { recordGrantSid, type EndedGrant } from './adapter';

/** The portal's pages for the two moments of an RP-initiated logout. */
export const SIGN_OUT_PAGE = '/signout';
export const SIGNED_OUT_PAGE = '/signed-out';

/** What the sign-out page shows and posts back (the provider's anti-forgery value for this browser's session). */
export interface LogoutRequestView {
  clientName: string | null;
  email: string | null;
  xsrf: string;
  action: string;
}

/** `logoutSource`: the question goes to the portal's page instead of the provider's bare form. */
export async function toSignOutPage(koa: KoaContextWithOIDC): Promise<void> {
  koa.status = 303;
  koa.redirect(SIGN_OUT_PAGE);
}

/** `postLogoutSuccessSource`: signed out, and the client named no page to return to. */
export async function toSignedOutPage(koa: KoaContextWithOIDC): Promise<void> {
  koa.status = 303;
  koa.redirect(SIGNED_OUT_PAGE);
}

/** GET /api/oidc/logout-request: the pending RP-initiated logout of this browser, if any. */
export async function logoutRequest(ctx: Ctx, provider: Provider, req: FastifyRequest, reply: FastifyReply) {
  const koa = provider.createContext(req.raw, reply.raw);
  const session = await provider.Session.get(koa as unknown as KoaContextWithOIDC);
  const state = session.state as { secret?: unknown; clientId?: unknown } | undefined;
  if (!session.accountId || typeof state?.secret !== 'string') fail(E.tokenExpired, undefined, 'There is no sign-out request pending.', 404);
  const client = typeof state.clientId === 'string' ? await provider.Client.find(state.clientId) : undefined;
  const sso = await readSsoCookie(ctx, parseCookies(req.headers.cookie)[SSO_COOKIE]);
  const view: LogoutRequestView = {
    clientName: client?.clientName ?? null,
    email: sso?.account.id === session.accountId ? sso.account.email : null,
    xsrf: state.secret,
    action: new URL(provider.urlFor('end_session_confirm')).pathname,
  };
  void reply.header('Cache-Control', 'no-store');
  return ok(view);
}

/**
 * Provider middleware: after the provider ended its session at the user's "sign out", the
 * portal's SSO session of this browser ends as well (with its tokens and every grant under it),
 * before the answer leaves. Only when the user answered "sign out" while signed in: the provider
 * also ends sessions without an account silently, and that must not sign anybody out of the portal.
 */
export function endPortalSessionWithProvider(ctx: Ctx) {
  return async (koa: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    const session = koa.oidc?.session as (KoaContextWithOIDC['oidc']['session'] & { destroyed?: boolean }) | undefined;
    if (koa.oidc?.route !== 'end_session_confirm' || !session?.destroyed || !session.accountId || !koa.oidc.params?.logout) return;
    const sso = await readSsoCookie(ctx, parseCookies(koa.headers.cookie)[SSO_COOKIE]);
    if (sso && sso.account.id === session.accountId) await revokeSessions(ctx, sso.region, sso.account.id, [sso.session.id]);
    koa.append('Set-Cookie', clearSsoCookieValue(ctx));
  };
}

/** Remembers which provider session (`sid`) a grant's sign-in had, for the logout token. */
export function rememberSid(ctx: Ctx) {
  return (code: { grantId?: string; sid?: string }) => {
    if (code.grantId && code.sid) void recordGrantSid(ctx.stores.global, code.grantId, code.sid).catch((err: Error) => console.warn(`oidc: could not record a sign-in id: ${err.message}`));
  };
}

/** Sends a logout token to each client of the ended grants that registered a back-channel URI. */
export async function sendBackchannelLogouts(provider: Provider, grants: EndedGrant[]): Promise<void> {
  const sent = new Set<string>();
  await Promise.all(
    grants.map(async ({ clientId, accountId, sid }) => {
      const once = `${clientId}\n${accountId}\n${sid ?? ''}`;
      if (sent.has(once)) return;
      sent.add(once);
      const client = await provider.Client.find(clientId).catch(() => undefined);
      if (!client?.backchannelLogoutUri || !sid) return;
      try {
        // oidc-provider's own sender (its types leave it out): a logout token signed like the ID tokens.
        await (client as unknown as { backchannelLogout(sub: string, sid: string): Promise<void> }).backchannelLogout(accountId, sid);
      } catch (err) {
        // The client's endpoint is down or refused: its own session times out; nothing of the token is logged.
        console.warn(`oidc: back-channel logout to client '${clientId}' failed: ${(err as Error).message}`);
      }
    }),
  );
}

/**
 * The provider's outgoing requests (back-channel logout). oidc-provider refuses special-use
 * addresses (loopback, private networks) against request forgery; outside production a client on
 * this machine (127.0.0.1, localhost: the demo service, tests) is let through, nothing else.
 */
export function providerFetch(production: boolean) {
  return (url: string | URL | Request, options: RequestInit & { dispatcher?: unknown } = {}): Promise<Response> => {
    const host = new URL(url instanceof Request ? url.url : url).hostname;
    if (!production && (host === '127.0.0.1' || host === 'localhost' || host === '[::1]')) {
      const { dispatcher: _ssrfGuard, ...rest } = options;
      return fetch(url, rest);
    }
    return fetch(url, options);
  };
}
