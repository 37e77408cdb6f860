/**
 * The provider's interaction page, bridged to the portal's own sign-in. The provider sends the
 * browser here when it needs the user signed in (no session, `prompt=login`, `max_age`, or the
 * portal's SSO session ended). Signed in to the portal already (and no fresh sign-in asked
 * for): the interaction finishes at once with that account. Otherwise a portal login session
 * (`source: oidc`) sends the browser to `/login?session_code=…`; after `POST /login` the page
 * comes back here with the session code, which must be that login session, completed, for this
 * interaction, by the SSO session of this browser. `prompt=login` or an exceeded `max_age` while
 * signed in to the portal ends in `login_required` to the client (see needsFreshSignIn's caller).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { createLoginSession, getLoginSession } from '../domain/oauth';
import { readSsoCookie, type SsoSessionRef } from '../domain/sessions';
import { ssoCookie } from '../http/common';
import { INTERACTION_PATH } from './paths';
import { PORTAL_ACR, type OidcProvider } from './provider';
import { portalLanguage } from './uiLocales';

type InteractionRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { session_code?: string } }>;

/** Whether the client asked for a sign-in newer than the portal's session. */
function needsFreshSignIn(reasons: string[], maxAge: unknown, sso: SsoSessionRef, now: number): boolean {
  if (reasons.includes('login_prompt')) return true;
  if (typeof maxAge === 'number' || typeof maxAge === 'string') return now - sso.session.created_at > Number(maxAge) * 1000;
  return false;
}

function plain(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

export async function interaction(ctx: Ctx, oidc: OidcProvider, req: InteractionRequest, reply: FastifyReply) {
  const provider = await oidc.current();
  const details = await provider.interactionDetails(req.raw, reply.raw).catch(() => null);
  if (!details || details.uid !== req.params.uid) return plain(reply, 400, 'This sign-in has expired or belongs to another browser. Start again from the service.');
  const sso = await readSsoCookie(ctx, ssoCookie(req));
  const { prompt, params } = details;

  if (prompt.name === 'login') {
    let login: { accountId: string; ts: number } | null = null;
    const code = req.query.session_code;
    if (code) {
      const ls = await getLoginSession(ctx, code);
      const uid = ls?.params ? (JSON.parse(ls.params) as { uid?: string }).uid : undefined;
      if (ls && ls.source === 'oidc' && uid === details.uid && ls.completed_at !== null && sso && sso.session.id === ls.sso_session_id) {
        login = { accountId: sso.account.id, ts: Math.floor(Number(ls.completed_at) / 1000) };
        await ctx.stores.global.deleteFrom('login_sessions').where('code_hash', '=', ls.code_hash).execute();
      }
    }
    if (!login && sso) {
      if (needsFreshSignIn(prompt.reasons, params.max_age, sso, ctx.now())) {
        // The portal's login page forwards a signed-in browser at once (spec): it cannot ask for
        // the password again yet, so the client hears login_required rather than a loop.
        reply.hijack();
        await provider.interactionFinished(req.raw, reply.raw, { error: 'login_required', error_description: 'a new sign-in was asked for; sign out of the portal first' }, { mergeWithLastSubmission: false });
        return;
      }
      login = { accountId: sso.account.id, ts: Math.floor(Number(sso.session.created_at) / 1000) };
    }
    if (!login) {
      const language = portalLanguage(params.ui_locales);
      const sessionCode = await createLoginSession(ctx, {
        clientId: String(params.client_id),
        redirectUri: `${ctx.options.publicOrigin}${INTERACTION_PATH}/${details.uid}`,
        source: 'oidc',
        params: { uid: details.uid },
        language,
      });
      const url = new URL('/login', ctx.options.publicOrigin);
      url.searchParams.set('session_code', sessionCode);
      if (language) url.searchParams.set('lang', language);
      // login_hint prefills the address (the sign-in form reads `email`); only an address is passed on.
      const hint = params.login_hint;
      if (typeof hint === 'string' && hint.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(hint)) url.searchParams.set('email', hint);
      return reply.redirect(url.toString(), 302);
    }
    reply.hijack();
    await provider.interactionFinished(req.raw, reply.raw, { login: { ...login, amr: ['pwd'], acr: PORTAL_ACR } }, { mergeWithLastSubmission: false });
    return;
  }

  // Consent (asked for with prompt=consent): a registered client gets what it is registered for.
  const accountId = details.session?.accountId;
  if (!accountId) return plain(reply, 400, 'This sign-in has expired. Start again from the service.');
  const grant = (details.grantId && (await provider.Grant.find(details.grantId))) || new provider.Grant({ accountId, clientId: String(params.client_id) });
  grant.addOIDCScope(String(params.scope ?? 'openid'));
  const grantId = await grant.save();
  reply.hijack();
  await provider.interactionFinished(req.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
