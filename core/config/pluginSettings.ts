import { REGION_CODES, type RegionCode } from '../contract/regions';
import { pluginsForRegion } from './loadConfig';
import { ShapeError, type Shape } from './shape';
import type { DeploymentConfig } from './types';

export class PluginConfigError extends Error {
  override readonly name = 'PluginConfigError';
}

/**
 * A plugin's settings checked against its config shape (defaults filled in). One function for
 * the browser's registry, the server's start-up check and `npm run config:check`.
 */
export function parsePluginSettings(id: string, schema: Shape<unknown> | undefined, raw: Record<string, unknown> | undefined, where = ''): unknown {
  const settings = raw ?? {};
  const plugin = `Plugin '${id}'${where}`;
  if (!schema) {
    // Settings for a plugin that reads none are a mistake (a misplaced block), not something to ignore.
    if (Object.keys(settings).length) throw new PluginConfigError(`${plugin} takes no settings, but its config names ${Object.keys(settings).join(', ')}`);
    return settings;
  }
  try {
    return schema.parse(settings);
  } catch (err) {
    if (err instanceof ShapeError) throw new PluginConfigError(`${plugin}: config field '${err.path || '(root)'}': ${err.message}`);
    throw err;
  }
}

/** The config shapes of the plugins that exist, by id (undefined: the plugin takes no settings). */
export type PluginSchemas = Record<string, Shape<unknown> | undefined>;

/**
 * Every region's effective plugin set, each enabled plugin's merged settings checked by its
 * shape: what the browser would check only for the region it runs in, checked for all.
 */
export function checkPluginSettings(config: DeploymentConfig, schemas: PluginSchemas): Record<RegionCode, string[]> {
  const enabled = {} as Record<RegionCode, string[]>;
  for (const region of REGION_CODES) {
    enabled[region] = [];
    for (const [id, sw] of Object.entries(pluginsForRegion(config, region))) {
      if (!sw.enabled) continue;
      if (!Object.hasOwn(schemas, id)) throw new PluginConfigError(`Plugin '${id}' (enabled in region ${region}) has no folder plugins/${id}`);
      parsePluginSettings(id, schemas[id], sw.config, ` in region ${region}`);
      enabled[region].push(id);
    }
  }
  return enabled;
}
