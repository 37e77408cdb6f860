import { defineServerPlugin } from '@portal/server-api';
import { securityRoutes } from './routes';

/**
 * The Security page's calls: the security unlock, two-step verification and its methods, the
 * session timeout, signed-in devices and the security activity. The code methods themselves
 * (authenticator app, email codes) are the mfa plugin's, reached through @portal/server-api's
 * two-step helpers (the `secondFactorMethods` point).
 */
export default defineServerPlugin({
  id: 'security',
  mails: ['secondFactorReset'],
  routes: (api, ctx) => securityRoutes(ctx)(api),
});
