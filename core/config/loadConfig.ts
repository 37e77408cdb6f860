import { REGION_CODES, isRegionCode, type RegionCode } from '../contract/regions';
import { LANGUAGE_CODES } from '../i18n/languages';
import type { ThemeOverrides } from '../../themes/tokens';
import { anyObject, array, boolean, object, oneOf, record, ShapeError, string } from './shape';
import type { DeploymentConfig, PluginSwitch } from './types';

const regionKey = (key: string) => (isRegionCode(key) ? null : `'${key}' is not a region code (${REGION_CODES.join(', ')})`);

/** Redirect targets are compared as origins, so each must be an absolute http(s) URL. */
function httpUrl(value: string): string | null {
  try {
    if (/^https?:$/.test(new URL(value).protocol)) return null;
  } catch {
    // not a URL at all: the message below
  }
  return 'must be an absolute http(s) URL';
}

const pluginSwitch = object({
  enabled: boolean(),
  config: anyObject({ optional: true }),
});

const regionOverride = object({
  plugins: record(object({ enabled: boolean({ optional: true }), config: anyObject({ optional: true }) }), { default: {} }),
});

const deploymentShape = object({
  name: string(),
  variant: oneOf(['web', 'app'], { default: 'web' }),
  api: object({
    global: string(),
    regions: object({ Use: string(), Aps: string(), Euw: string() }),
    defaultRegion: oneOf(REGION_CODES, { default: 'Euw' }),
  }),
  officialHosts: array(string(), { default: [] }),
  signInPath: string({ default: '/' }),
  allowedRedirects: array(string({ test: httpUrl }), { default: [] }),
  theme: object(
    { name: string({ default: 'default' }), overrides: anyObject<ThemeOverrides>({ optional: true }) },
    { default: { name: 'default' } },
  ),
  defaultLanguage: oneOf(LANGUAGE_CODES, { default: 'en_US' }),
  plugins: record(pluginSwitch, { default: {} }),
  regions: record(regionOverride, { default: {}, key: regionKey }),
});

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validate the raw deployment config; the error names the field that is wrong. */
export function parseDeploymentConfig(raw: unknown): DeploymentConfig {
  try {
    return deploymentShape.parse(raw);
  } catch (err) {
    if (err instanceof ShapeError) throw new ConfigError(`Deployment config: field '${err.path || '(root)'}': ${err.message}`);
    throw err;
  }
}

/**
 * Plugins in effect for a region: the base switches with the region's overrides
 * laid over them (a plugin can be turned off, on, or configured per region).
 */
export function pluginsForRegion(config: DeploymentConfig, region: RegionCode): Record<string, PluginSwitch> {
  const result: Record<string, PluginSwitch> = {};
  for (const [id, sw] of Object.entries(config.plugins)) result[id] = { ...sw, config: { ...sw.config } };
  const overrides = config.regions[region]?.plugins ?? {};
  for (const [id, over] of Object.entries(overrides)) {
    const base = result[id] ?? { enabled: false, config: {} };
    result[id] = {
      enabled: over.enabled ?? base.enabled,
      config: { ...base.config, ...over.config },
    };
  }
  return result;
}

export function enabledPluginIds(config: DeploymentConfig, region: RegionCode): string[] {
  return Object.entries(pluginsForRegion(config, region))
    .filter(([, sw]) => sw.enabled)
    .map(([id]) => id);
}
