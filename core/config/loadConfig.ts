import { array, boolean, lazy, object, string, ValidationError, type Schema } from 'yup';
import { REGION_CODES, isRegionCode, type RegionCode } from '../contract/regions';
import { LANGUAGE_CODES } from '../i18n/languages';
import type { DeploymentConfig, PluginSwitch } from './types';

const regionMap = <S extends Schema>(schema: S) => object(Object.fromEntries(REGION_CODES.map((r) => [r, schema])));

/** An object whose keys are free (plugin ids, region codes) and whose values share one schema. */
const keyedBy = <S extends Schema>(valueSchema: S, keyCheck?: (key: string) => string | null) =>
  lazy((value: Record<string, unknown> | undefined) => {
    const keys = Object.keys(value ?? {});
    const shape = Object.fromEntries(keys.map((k) => [k, valueSchema]));
    return object(shape)
      .default({})
      .test('keys', (ctx) => keys.map((k) => keyCheck?.(k)).find(Boolean) ?? '', () => !keys.some((k) => keyCheck?.(k)));
  });

const pluginSwitch = object({
  enabled: boolean().required(),
  config: object().optional(),
});

const regionOverride = object({
  plugins: keyedBy(object({ enabled: boolean().optional(), config: object().optional() })),
});

const deploymentSchema = object({
  name: string().required(),
  variant: string().oneOf(['web', 'app']).default('web'),
  api: object({
    global: string().required(),
    regions: regionMap(string().required()).required(),
    defaultRegion: string().oneOf([...REGION_CODES]).default('Euw'),
  }).required(),
  officialHosts: array(string().required()).default([]),
  signInPath: string().default('/'),
  allowedRedirects: array(string().url().required()).default([]),
  theme: object({ name: string().default('default'), overrides: object().optional() }).default({ name: 'default' }),
  defaultLanguage: string().oneOf([...LANGUAGE_CODES]).default('en_US'),
  plugins: keyedBy(pluginSwitch),
  regions: keyedBy(regionOverride, (key) =>
    isRegionCode(key) ? null : `'${key}' is not a region code (${REGION_CODES.join(', ')})`,
  ),
});

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validate the raw deployment config; the error names the field that is wrong. */
export function parseDeploymentConfig(raw: unknown): DeploymentConfig {
  try {
    return deploymentSchema.validateSync(raw, { abortEarly: true }) as unknown as DeploymentConfig;
  } catch (err) {
    if (err instanceof ValidationError) {
      throw new ConfigError(`Deployment config: field '${err.path || '(root)'}': ${err.message}`);
    }
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
