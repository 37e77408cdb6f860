import { defineServerPlugin } from '@portal/server-api';
import { partnerAppRoutes } from './routes';

/** The partner apps' web view joins the app's sign-in session (spec section 2). */
export default defineServerPlugin({
  id: 'partner-app',
  routes: (api, ctx) => partnerAppRoutes(ctx)(api),
});
