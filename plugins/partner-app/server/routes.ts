/**
 * Partner-app embedding (spec section 2): the web view opened by a partner app joins the
 * app's sign-in session, so the session cookie is set from the values the app handed over.
 */
import type { FastifyInstance } from 'fastify';
import { APP_CLIENT_IDS, APP_SESSION_PATH, APP_TYPES, ERROR_CODES as E, type AppSessionRequest, type AppSessionResult } from '@portal/plugin-api/contract';
import { authHeaders, body, fail, joinSessionFromWebView, limitAuth, ok, requireAuth, S, safeEqual, setSsoCookie, type ServerContext as Ctx } from '@portal/server-api';

export function partnerAppRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.post<{ Body: AppSessionRequest }>(
      APP_SESSION_PATH,
      { config: { portalOnly: 'always' }, schema: { headers: authHeaders, body: body({ appType: { type: 'string', enum: [...APP_TYPES] }, sessionId: S.str(64, 1) }, ['appType', 'sessionId']) } },
      async (req, reply) => {
        await limitAuth(ctx, req, 'app-session');
        const auth = await requireAuth(ctx, req);
        // Only the app's own tokens, and only for the session they were issued under: a web
        // token, or another app's, cannot be turned into this web view's cookie.
        const clientMatches = safeEqual(auth.token.client_id, APP_CLIENT_IDS[req.body.appType]);
        const sessionMatches = safeEqual(auth.session.id, req.body.sessionId);
        if (!clientMatches) fail(E.invalidClient, undefined, 'The token was not issued to this app.', 403);
        if (!sessionMatches) fail(E.invalidToken, undefined, 'The token does not belong to this session.', 403);
        const joined = await joinSessionFromWebView(ctx, auth);
        setSsoCookie(ctx, reply, joined.cookie, joined.expiresAt);
        const result: AppSessionResult = { region: auth.region, accountId: auth.account.id, expiresIn: Math.max(0, Math.floor((joined.expiresAt - ctx.now()) / 1000)) };
        return ok(result);
      },
    );
  };
}
