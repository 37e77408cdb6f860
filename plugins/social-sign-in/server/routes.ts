/**
 * Social sign-in's calls: the login page's (start, the flow back, a new ID), the browser's hops
 * back from the provider (answered as pages), and the Security page's linked sign-ins.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { appTypeOfClient, authHeaders, body, clientIp, ensureSelf, eventContext, fail, idParams, limitAuth, loginBindingOf, ok, parseCookies, requireAuth, requireSecurityToken, S, securityHeaders, SESSION_CODE_HEADER, setBrowserBindingCookie, type ServerContext as Ctx } from '@portal/server-api';
import { ERROR_CODES as E, isAppType } from '@portal/plugin-api/contract';
import { isSocialProvider, SOCIAL_PROVIDERS, type AppLinkStartResult, type AppLinkState, type AppLinkTicket, type LinkStartResult, type SocialAccountRequest, type SocialProvider, type SocialStartResult } from '../contract';
import { APP_LINK_COOKIE, cancelHandoff, finishHandoff, HANDOFF_MINUTES, handoffOf, issueTicket, openTicket, stateOf } from './appLink';
import { callback, callbackUrl, createFromFlow, finishLink, FLOW_COOKIE, FLOW_MINUTES, readFlow, startFlow } from './flows';
import { socialStore } from './tables';
import { linkedSignIns, unlinkIdentity } from './identities';
import { offeredIn, secretsProblems } from './providers';

const sessionHeaders = { type: 'object', properties: { [SESSION_CODE_HEADER]: S.str(128) } } as const;
const providerBody = body({ provider: { type: 'string', enum: [...SOCIAL_PROVIDERS] } }, ['provider']);

/** The flow's cookie (this browser's), on an answer no cache keeps. */
function setFlowCookie(ctx: Ctx, reply: FastifyReply, browserSecret: string): void {
  setBrowserBindingCookie(ctx, reply, FLOW_COOKIE, browserSecret, FLOW_MINUTES);
  reply.header('Cache-Control', 'no-store');
}

export function socialRoutes(ctx: Ctx) {
  // A secrets file that names a provider wrongly stops the start, with every problem named.
  const problems = secretsProblems(ctx);
  if (problems.length) throw new Error(problems.join('\n'));
  return async (api: FastifyInstance) => {
    // The login page opens the flow with its own call (a link or another site's page cannot start one in someone's browser).
    api.post<{ Body: { provider: SocialProvider } }>('/login/social/start', { config: { portalOnly: 'always' }, schema: { headers: sessionHeaders, body: providerBody } }, async (req, reply) => {
      await limitAuth(ctx, req, 'login');
      const sessionCode = loginBindingOf(req);
      if (!sessionCode) fail(E.invalidParameter, { field: 'session_code' }, 'session_code is required');
      const { location, browserSecret } = await startFlow(ctx, { purpose: 'signIn', sessionCode, provider: req.body.provider });
      setFlowCookie(ctx, reply, browserSecret);
      return ok<SocialStartResult>({ location });
    });

    const answered = (reply: FastifyReply, location: string, status: 302 | 303) => {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      return reply.redirect(location, status);
    };
    // The provider sends the browser back here (Google, Microsoft; Apple by the post below).
    api.get('/login/social/callback', { config: { page: true } }, async (req, reply) => {
      await limitAuth(ctx, req, 'login');
      // Behind a regional prefix the path differs; the provider was given the global one.
      const url = new URL(req.url, ctx.options.publicOrigin);
      url.pathname = new URL(callbackUrl(ctx)).pathname;
      const cookies = parseCookies(req.headers.cookie);
      const handoff = { secret: cookies[APP_LINK_COOKIE], renew: (secret: string) => setBrowserBindingCookie(ctx, reply, APP_LINK_COOKIE, secret, HANDOFF_MINUTES) };
      return answered(reply, await callback(ctx, url, cookies[FLOW_COOKIE], handoff), 302);
    });
    // Apple posts its answer from its own page (form_post), which carries no SameSite cookie: nothing is
    // decided here. The answer goes on as a same-site GET (a top-level navigation, which carries the
    // flow's Lax cookie), so the callback above checks the browser before the code is spent. The ID
    // token Apple posts too is left behind (the code's exchange gives its own).
    api.post<{ Body: Record<string, unknown> }>('/login/social/callback', { config: { page: true, bodies: ['form'], crossSite: 'signed-answer' }, bodyLimit: 64 * 1024 }, async (req, reply) => {
      await limitAuth(ctx, req, 'login');
      const next = new URL(callbackUrl(ctx));
      for (const name of ['code', 'state', 'error', 'user']) {
        const value = req.body?.[name];
        if (typeof value === 'string' && value.length <= 4096) next.searchParams.set(name, value);
      }
      // 303: the browser leaves the post behind.
      return answered(reply, next.toString(), 303);
    });

    api.post<{ Body: { proof: string } }>('/login/social/flow', { config: { portalOnly: 'always' }, schema: { headers: sessionHeaders, body: body({ proof: S.str(200, 1) }, ['proof']) } }, async (req) => {
      await limitAuth(ctx, req, 'login');
      return ok(await readFlow(ctx, req.body.proof, loginBindingOf(req), parseCookies(req.headers.cookie)[FLOW_COOKIE]));
    });

    api.post<{ Body: SocialAccountRequest }>(
      '/login/social/account',
      {
        config: { portalOnly: 'always' },
        schema: {
          headers: sessionHeaders,
          body: body({ proof: S.str(200, 1), firstName: S.str(64, 1), lastName: S.str(64, 1), country: S.str(8, 2), acceptPrivacyVersion: { type: 'integer', minimum: 0, maximum: 100000 }, language: S.language }, ['proof', 'firstName', 'lastName', 'country', 'acceptPrivacyVersion']),
        },
      },
      async (req) => {
        await limitAuth(ctx, req, 'register');
        return ok(await createFromFlow(ctx, req.body, loginBindingOf(req), parseCookies(req.headers.cookie)[FLOW_COOKIE]));
      },
    );

    // The Security page: the account's linked sign-ins.
    api.get<{ Params: { id: string } }>('/accounts/:id/linked-sign-ins', { schema: { params: idParams, headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      return ok(await linkedSignIns(ctx, auth.region, auth.account, appTypeOfClient(auth.token.client_id) ?? 'web'));
    });
    // Linking is a change to how the account is signed in to: the page's unlock (security token) first.
    api.post<{ Params: { id: string }; Body: { provider: SocialProvider } }>('/accounts/:id/linked-sign-ins/link', { schema: { params: idParams, headers: securityHeaders, body: providerBody } }, async (req, reply) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      await requireSecurityToken(ctx, req, auth);
      // A flow row per start: as limited as a sign-in.
      await limitAuth(ctx, req, 'social-link');
      const { location, browserSecret } = await startFlow(ctx, { purpose: 'link', account: { region: auth.region, id: auth.account.id }, provider: req.body.provider });
      setFlowCookie(ctx, reply, browserSecret);
      return ok<LinkStartResult>({ location });
    });
    // Back from the provider: the link is made for the signed-in account, in the browser that started it.
    api.post<{ Params: { id: string }; Body: { proof: string } }>('/accounts/:id/linked-sign-ins/finish', { schema: { params: idParams, headers: authHeaders, body: body({ proof: S.str(200, 1) }, ['proof']) } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      await finishLink(ctx, auth.region, auth.account, req.body.proof, parseCookies(req.headers.cookie)[FLOW_COOKIE], eventContext(clientIp(req), req.headers));
      return ok(await linkedSignIns(ctx, auth.region, auth.account, appTypeOfClient(auth.token.client_id) ?? 'web'));
    });
    // Inside a partner app the provider refuses the web view: a one-time ticket for the device's browser (appLink.ts).
    api.post<{ Params: { id: string }; Body: { provider: SocialProvider } }>('/accounts/:id/linked-sign-ins/app-link', { schema: { params: idParams, headers: securityHeaders, body: providerBody } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      await requireSecurityToken(ctx, req, auth);
      await limitAuth(ctx, req, 'social-link');
      const appType = appTypeOfClient(auth.token.client_id);
      if (!appType) fail(E.invalidParameter, { field: 'client' }, 'Linking in the device browser is for the partner apps; link on the Security page here.', 403);
      return ok<AppLinkTicket>(await issueTicket(ctx, { region: auth.region, id: auth.account.id }, appType, req.body.provider));
    });

    // The page the app opened in the device's browser: no portal session there; the ticket, then its cookie, stand for the account.
    const handoffCookie = (reply: FastifyReply, secret: string) => {
      setBrowserBindingCookie(ctx, reply, APP_LINK_COOKIE, secret, HANDOFF_MINUTES);
      reply.header('Cache-Control', 'no-store');
    };
    const handoffOfRequest = (req: { headers: { cookie?: string } }) => handoffOf(ctx, parseCookies(req.headers.cookie)[APP_LINK_COOKIE]);
    api.post<{ Body: { ticket: string } }>('/social/app-link/open', { config: { portalOnly: 'always' }, schema: { body: body({ ticket: S.str(128, 1) }, ['ticket']) } }, async (req, reply) => {
      await limitAuth(ctx, req, 'social-link');
      const { state, browserSecret } = await openTicket(ctx, req.body.ticket);
      handoffCookie(reply, browserSecret);
      return ok<AppLinkState>(state);
    });
    api.get('/social/app-link', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok<AppLinkState>(await stateOf(ctx, await handoffOfRequest(req)));
    });
    api.post('/social/app-link/start', { config: { portalOnly: 'always' } }, async (req, reply) => {
      await limitAuth(ctx, req, 'social-link');
      const handoff = await handoffOfRequest(req);
      if (handoff.status !== 'opened' && handoff.status !== 'linking') fail(E.invalidToken, undefined, 'This link has ended. Please start again in the app.', 404);
      // The app's config may have stopped offering it since the ticket was made.
      const provider = handoff.provider;
      if (!isSocialProvider(provider) || !isAppType(handoff.app_type) || !offeredIn(ctx, handoff.account_region, handoff.app_type).includes(provider)) fail(E.invalidParameter, { field: 'provider' }, 'This provider is not offered in your region.');
      const { location, browserSecret } = await startFlow(ctx, { purpose: 'appLink', account: { region: handoff.account_region, id: handoff.account_id }, provider, handoffId: handoff.id });
      await socialStore(ctx).updateTable('social_app_links').set({ status: 'linking' }).where('id', '=', handoff.id).where('status', 'in', ['opened', 'linking']).execute();
      setFlowCookie(ctx, reply, browserSecret);
      return ok<AppLinkStartResult>({ location });
    });
    // The person reviewed which of the provider's accounts goes to which ID, and said "Link".
    api.post('/social/app-link/finish', { config: { portalOnly: 'always' } }, async (req) => {
      await limitAuth(ctx, req, 'social-link');
      return ok<AppLinkState>(await finishHandoff(ctx, await handoffOfRequest(req), eventContext(clientIp(req), req.headers)));
    });
    api.post('/social/app-link/cancel', { config: { portalOnly: 'always' } }, async (req) => {
      return ok<AppLinkState>(await cancelHandoff(ctx, await handoffOfRequest(req)));
    });

    api.post<{ Params: { id: string }; Body: { id: string } }>('/accounts/:id/linked-sign-ins/unlink', { schema: { params: idParams, headers: securityHeaders, body: body({ id: S.str(200, 1) }, ['id']) } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      ensureSelf(auth, req.params.id);
      await requireSecurityToken(ctx, req, auth);
      await unlinkIdentity(ctx, auth.region, auth.account, req.body.id, eventContext(clientIp(req), req.headers));
      return ok(await linkedSignIns(ctx, auth.region, auth.account, appTypeOfClient(auth.token.client_id) ?? 'web'));
    });
  };
}
