import { defineServerPlugin } from '@portal/server-api';
import { securityRoutes } from './routes';

/**
 * The Security page's calls: the security unlock, two-step verification and its methods, the
 * session timeout, signed-in devices and the security activity. The code methods themselves
 * (authenticator app, email codes) are the core's sign-in engine, reached through @portal/server-api.
 */
export default defineServerPlugin({
  id: 'security',
  routes: (api, ctx) => securityRoutes(ctx)(api),
});
