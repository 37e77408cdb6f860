import { defineServerPlugin } from '@portal/server-api';
import { imageRoutes } from './publicRoutes';
import { servicesRoutes } from './routes';
import { servicesMigrations } from './tables';

/**
 * The console's connected services (issue 28, section 3): the services as versions of the clients
 * document, their secrets (made here, shown once, kept as hashes, rotated with an overlap), their
 * branding with a contrast check, and the images operators upload for it, served to everyone.
 */
export default defineServerPlugin({
  id: 'ops-services',
  migrations: { global: servicesMigrations },
  routes: (api, ctx) => imageRoutes(ctx)(api),
  opsRoutes: (api, ctx) => servicesRoutes(ctx)(api),
  // The section's page: fetched by signed-in operators only.
  operatorAssets: ['ServicesView'],
});
