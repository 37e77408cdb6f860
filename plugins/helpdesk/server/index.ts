import { defineServerPlugin } from '@portal/server-api';
import { helpdeskLoginSession, helpdeskParams, helpdeskRedirect, HELPDESK_SOURCE } from './helpdesk';
import { helpdeskRoutes } from './routes';

/**
 * The help desk hand-off: `GET /helpdesk/sso`, and the sign-ins that come from the help desk
 * (the `loginSource` point): their login session, their answer (back through /helpdesk/sso) and
 * the hand-back with a JWT instead of an authorization code.
 */
export default defineServerPlugin({
  id: 'helpdesk',
  setup(host) {
    host.contribute('loginSource', {
      source: HELPDESK_SOURCE,
      start: (ctx, fields, language) => helpdeskLoginSession(ctx, helpdeskParams(ctx, fields), language),
      next: (ctx, params) => ({ serviceUrl: `${ctx.options.publicOrigin}/api/helpdesk/sso`, redirectParams: params }),
      handBack: (ctx, sso, params) => helpdeskRedirect(ctx, sso, params),
    });
  },
  routes: (api, ctx) => helpdeskRoutes(ctx)(api),
});
