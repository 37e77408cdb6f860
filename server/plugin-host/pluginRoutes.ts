/**
 * A plugin's routes in a Fastify scope of their own: each route is marked with the plugin's id
 * (`config.plugin`), which the plugin gate (plugin-host/gate.ts) checks on every call. A route may
 * name another plugin itself (an invitation's acceptance belongs to `invite`, not `company`).
 */
import type { FastifyInstance } from 'fastify';

export type RouteGroup = (api: FastifyInstance) => Promise<void>;

export function pluginRoutes(id: string, routes: RouteGroup): RouteGroup {
  return async (api) => {
    api.addHook('onRoute', (route) => {
      route.config = { ...route.config, plugin: route.config?.plugin ?? id };
    });
    await routes(api);
  };
}
