import { defineServerPlugin } from '@portal/server-api';
import { switchesRoutes } from './routes';

/**
 * The switches section's server half: it reads and writes the core's config versions
 * (server/config/configVersions.ts, through `ctx.configs`); it has no tables of its own.
 */
export default defineServerPlugin({
  id: 'ops-switches',
  opsRoutes: (api, ctx) => switchesRoutes(ctx)(api),
  operatorAssets: ['SwitchesView'],
});
