/** `GET /helpdesk/sso`: where the help desk sends a person to sign in (spec section 2). */
import type { FastifyInstance } from 'fastify';
import type { HelpdeskQuery } from '@portal/plugin-api/contract';
import { loginUrl, readSsoCookie, S, ssoCookie, type ServerContext as Ctx } from '@portal/server-api';
import { helpdeskLoginSession, helpdeskParams, helpdeskRedirect, HELPDESK_SOURCE } from './helpdesk';

const helpdeskQuery = {
  type: 'object',
  properties: { brand_id: S.str(64), locale_id: S.str(64), return_to: S.str(2048) },
} as const;

export function helpdeskRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    // A page route: a browser that navigated here sees the portal's problem page when it fails, not JSON.
    api.get<{ Querystring: HelpdeskQuery }>('/helpdesk/sso', { config: { page: true }, schema: { querystring: helpdeskQuery } }, async (req, reply) => {
      const params = helpdeskParams(ctx, req.query);
      // Signed in already: straight back with a token.
      const sso = await readSsoCookie(ctx, ssoCookie(req));
      if (sso) {
        // The signed-in account's region decides, whatever host was called.
        ctx.switches.require('helpdesk', { region: sso.region, appType: null });
        return reply.redirect(await helpdeskRedirect(ctx, sso, req.query), 302);
      }
      const code = await helpdeskLoginSession(ctx, params);
      return reply.redirect(loginUrl(ctx, { session_code: code, source: HELPDESK_SOURCE, ...params }), 302);
    });
  };
}
