/**
 * The provider's interaction page, bridged to the portal's own sign-in. The provider sends the
 * browser here when it needs the user signed in (no session, `prompt=login`, `max_age`, or the
 * portal's SSO session ended). Signed in to the portal already (and no fresh sign-in asked
 * for): the interaction finishes at once with that account, with the `amr`, `acr` and
 * `auth_time` of the SSO session's sign-in. Otherwise a portal login session (`source: oidc`)
 * sends the browser to `/login?session_code=…`; after `POST /login` the page comes back here
 * with the session code, which must be that login session, completed, for this interaction, by
 * the SSO session of this browser, signed in to after the login session began.
 *
 * A fresh sign-in asked for while signed in (prompt=login, an exceeded max_age) opens a login
 * session flagged for re-authentication (domain/reauth.ts): the login page asks that account's
 * password (and MFA) again; the existing SSO session alone never completes it. So does a client
 * asking for the MFA context (`acr_values`) when the session's sign-in did not pass a second
 * factor the account has. The login session also says when a trusted device may not skip the
 * second factor: the MFA context asked for, or a fresh sign-in with `trustedDeviceAtReauth: 'ask'`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Ctx } from '../context';
import type { LoginSessionTable } from '../db/types';
import { sessionSignInTime } from '../domain/authMethods';
import { createLoginSession, getLoginSession } from '../domain/oauth';
import { oidcLoginParams, type OidcLoginParams } from '../domain/reauth';
import { readSsoCookie, type SsoSessionRef } from '../domain/sessions';
import { ssoCookie } from '../http/common';
import { INTERACTION_PATH } from './paths';
import { problemUrl } from './problemPage';
import type { OidcProvider } from './provider';
import { asksForMfa, essentialAcrs, loginOfSession, meetingEssential, missesAskedMfaOf, type AcrRequest, type PortalLogin } from './signInContext';
import { portalLanguage } from './uiLocales';

type InteractionRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { session_code?: string } }>;
type Details = Awaited<ReturnType<Awaited<ReturnType<OidcProvider['current']>>['interactionDetails']>>;

/** Whether the client asked for a sign-in newer than the portal session's last one. */
export function needsFreshSignIn(reasons: string[], maxAge: unknown, sso: SsoSessionRef, now: number): boolean {
  if (reasons.includes('login_prompt')) return true;
  if (typeof maxAge === 'number' || typeof maxAge === 'string') return now - sessionSignInTime(sso.session) > Number(maxAge) * 1000;
  return false;
}

/**
 * Whether the sign-in this interaction opens must pass the second factor even on a trusted
 * device: the client asked for the MFA context, or the deployment asks it again when a client
 * asks for a fresh sign-in (prompt=login; an exceeded max_age while signed in).
 */
export function demandsSecondFactor(ctx: Ctx, params: AcrRequest, reasons: string[], reauthentication: boolean): boolean {
  if (asksForMfa(params)) return true;
  return ctx.options.trustedDeviceAtReauth === 'ask' && (reasons.includes('login_prompt') || reauthentication);
}

/**
 * The sign-in a session code comes back with: this interaction's login session, completed by
 * this browser's SSO session, whose last sign-in happened after the login session began.
 */
function completedLogin(ls: LoginSessionTable | null, params: OidcLoginParams | null, uid: string, sso: SsoSessionRef | null): PortalLogin | null {
  if (!ls || !params || params.uid !== uid || ls.completed_at === null || !sso || sso.session.id !== ls.sso_session_id) return null;
  if (sessionSignInTime(sso.session) < ls.created_at) return null;
  return loginOfSession(sso.session);
}

/** The portal's login page for this interaction: a new login session, or the re-auth one already open. */
async function toLoginPage(ctx: Ctx, details: Details, sso: SsoSessionRef | null, open: { code: string; params: OidcLoginParams } | null, secondFactor: boolean, reply: FastifyReply) {
  const { params } = details;
  const language = portalLanguage(params.ui_locales);
  const reauth = sso?.account.id;
  const sessionCode =
    open && open.params.uid === details.uid && open.params.reauth !== undefined && open.params.reauth === reauth
      ? open.code
      : await createLoginSession(ctx, {
          clientId: String(params.client_id),
          redirectUri: `${ctx.options.publicOrigin}${INTERACTION_PATH}/${details.uid}`,
          source: 'oidc',
          params: { uid: details.uid, ...(reauth ? { reauth } : {}), ...(secondFactor ? { secondFactor } : {}) },
          language,
        });
  const url = new URL('/login', ctx.options.publicOrigin);
  url.searchParams.set('session_code', sessionCode);
  if (language) url.searchParams.set('lang', language);
  // login_hint prefills the address (the sign-in form reads `email`); only an address is passed on.
  // A re-authentication shows the signed-in account instead.
  const hint = params.login_hint;
  if (!reauth && typeof hint === 'string' && hint.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(hint)) url.searchParams.set('email', hint);
  return reply.redirect(url.toString(), 302);
}

/**
 * The provider's session still names the account the browser was signed in as before it signed
 * out of the portal ("use another account" at a re-authentication, or a sign-out elsewhere):
 * the portal's sign-out already ended that account here, so the provider's session forgets it
 * and its grants rather than asking the browser to confirm a logout it made.
 */
async function forgetEarlierAccount(provider: Awaited<ReturnType<OidcProvider['current']>>, details: Details, accountId: string): Promise<void> {
  const earlier = details.session;
  if (!earlier?.accountId || earlier.accountId === accountId) return;
  const session = await provider.Session.findByUid(earlier.uid);
  if (session) {
    session.accountId = undefined;
    session.authorizations = {};
    await session.persist();
  }
  // The interaction no longer belongs to that account's session, nor to its grant, either.
  details.session = undefined;
  details.grantId = undefined;
  await details.save(details.exp - Math.floor(Date.now() / 1000));
}

/** The subject of an ID token hint (the provider has checked its signature before the interaction). */
function hintedSubject(hint: unknown): string | null {
  if (typeof hint !== 'string') return null;
  try {
    const { sub } = decodeJwt(hint);
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The `sub` value the `claims` parameter asks the ID token for (OpenID Connect Core 3.1.2.2,
 * 5.5.1), or null when it names none; the provider has checked the parameter's JSON before.
 */
function requestedSubject(claims: unknown): { value: unknown } | null {
  if (typeof claims !== 'string') return null;
  try {
    const sub = (JSON.parse(claims) as { id_token?: { sub?: unknown } } | null)?.id_token?.sub;
    return typeof sub === 'object' && sub !== null && 'value' in sub ? { value: sub.value } : null;
  } catch {
    return null;
  }
}

/** OpenID Connect's error for an essential `acr` the account cannot reach. */
function unmetRequirements() {
  return { error: 'unmet_authentication_requirements', error_description: 'the sign-in cannot reach the authentication context the client made essential' };
}

/** Hands the result to the provider and the browser back to it (errors still answer through Fastify). */
async function finish(provider: Awaited<ReturnType<OidcProvider['current']>>, req: InteractionRequest, reply: FastifyReply, result: Parameters<typeof provider.interactionResult>[2], merge: boolean) {
  const returnTo = await provider.interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission: merge });
  return reply.redirect(returnTo, 303);
}

export async function interaction(ctx: Ctx, oidc: OidcProvider, req: InteractionRequest, reply: FastifyReply) {
  const provider = await oidc.current();
  const details = await provider.interactionDetails(req.raw, reply.raw).catch(() => null);
  if (!details || details.uid !== req.params.uid) return reply.redirect(problemUrl(ctx, 'expired'), 303);
  const sso = await readSsoCookie(ctx, ssoCookie(req));
  const { prompt, params } = details;

  if (prompt.name === 'login') {
    const code = req.query.session_code;
    const ls = code ? await getLoginSession(ctx, code) : null;
    const lsParams = oidcLoginParams(ls);
    let login = completedLogin(ls, lsParams, details.uid, sso);
    if (login && ls) await ctx.stores.global.deleteFrom('login_sessions').where('code_hash', '=', ls.code_hash).execute();
    const essential = essentialAcrs(params);
    // A sign-in just made for this request that still misses a context the client made essential
    // is a failed authentication (OpenID Connect Core 5.5.1.1), not another round of the login page.
    if (login) {
      login = meetingEssential(login, essential);
      if (!login) return finish(provider, req, reply, unmetRequirements(), false);
    }
    const fresh = sso !== null && needsFreshSignIn(prompt.reasons, params.max_age, sso, ctx.now());
    if (!login && sso && !fresh && !(await missesAskedMfaOf(ctx, params, sso))) {
      login = meetingEssential(loginOfSession(sso.session), essential);
      // Not met, and no sign-in could meet it: the account has neither a second factor nor a
      // passkey (else missesAskedMfaOf sent it to sign in), or the client named only contexts the portal has not.
      if (!login) return finish(provider, req, reply, unmetRequirements(), false);
    }
    if (!login) return toLoginPage(ctx, details, sso, code && lsParams ? { code, params: lsParams } : null, demandsSecondFactor(ctx, params, prompt.reasons, fresh), reply);
    // The client named an account (id_token_hint) and another one is signed in: not that
    // account's sign-in (OpenID Connect Core 3.1.2.1), so the client hears login_required.
    const hinted = hintedSubject(params.id_token_hint);
    if (hinted && hinted !== login.accountId) {
      return finish(provider, req, reply, { error: 'login_required', error_description: 'the signed-in account is not the one id_token_hint names' }, false);
    }
    // Likewise a `sub` asked for in the `claims` parameter: the provider's check would ask for
    // another sign-in on every round (a new interaction each time), so the client hears it here.
    const subject = requestedSubject(params.claims);
    if (subject && subject.value !== login.accountId) {
      return finish(provider, req, reply, { error: 'login_required', error_description: 'the signed-in account is not the subject the claims parameter asks for' }, false);
    }
    await forgetEarlierAccount(provider, details, login.accountId);
    return finish(provider, req, reply, { login }, false);
  }

  // Consent (asked for with prompt=consent): a registered client gets what it is registered for.
  const accountId = details.session?.accountId;
  if (!accountId) return reply.redirect(problemUrl(ctx, 'expired', params.ui_locales), 303);
  const grant = (details.grantId && (await provider.Grant.find(details.grantId))) || new provider.Grant({ accountId, clientId: String(params.client_id) });
  grant.addOIDCScope(String(params.scope ?? 'openid'));
  const grantId = await grant.save();
  return finish(provider, req, reply, { consent: { grantId } }, true);
}
