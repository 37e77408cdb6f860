import { REGION_CODES, type RegionCode } from '../contract/regions';
import { LANGUAGE_CODES } from '../i18n/languages';
import { anyObject, array, boolean, object, oneOf, parseAll, record, string, type Shape } from './shape';
import { themeShape } from './themeShape';
import type { DeploymentConfig, PluginSwitch } from './types';

/** Redirect targets are compared as origins, so each must be an absolute http(s) URL. */
function httpUrl(value: string): string | null {
  try {
    if (/^https?:$/.test(new URL(value).protocol)) return null;
  } catch {
    // not a URL at all: the message below
  }
  return 'must be an absolute http(s) URL';
}

/**
 * What the config may name. In the browser: the plugin catalogue and the bundled themes; on the
 * server and in `npm run config:check`: the folders under plugins/ and themes/. Without a list,
 * any name passes the shape (and fails later, where it is looked up).
 */
export interface KnownNames {
  plugins?: readonly string[];
  themes?: readonly string[];
}

const PLUGIN = 'a plugin (a folder under plugins/)';

/** A path on the portal's own origin (`/api`, `/login`): never another host (`//x`, `/\\x`, `https://…`). */
function ownPath(value: string): string | null {
  return /^\/(?![/\\])[^\s?#]*$/.test(value) ? null : 'must be a path on this portal, starting with / (not //)';
}

/** Where the API answers: a path on this portal, or an http(s) URL of a regional host. */
function apiBase(value: string): string | null {
  return ownPath(value) === null || httpUrl(value) === null ? null : 'must be a path on this portal (/api) or an http(s) URL';
}

/** A host as the address bar shows it: a name or an IP address, with a port at most. */
function hostAndPort(value: string): string | null {
  return /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(value) ? null : 'must be a host, with a port at most (portal.example.com, localhost:8080)';
}

/** The deployment config's shape: every level refuses unknown keys and names the closest known one. */
export function deploymentShape(known: KnownNames = {}) {
  const pluginKeys = known.plugins ? { keys: { allowed: known.plugins, noun: PLUGIN } } : {};
  // Field descriptions for editors live with the schema generator (server/config/configSchema.ts), not on /login.
  const pluginSwitch = object({ enabled: boolean(), config: anyObject({ optional: true }) }, { noUnknown: true });
  const regionPluginSwitch = object({ enabled: boolean({ optional: true }), config: anyObject({ optional: true }) }, { noUnknown: true });
  const regionOverride = object({ plugins: record(regionPluginSwitch, { default: {}, ...pluginKeys }) }, { noUnknown: true });
  return object(
    {
      $schema: string({ optional: true }),
      name: string(),
      variant: oneOf(['web', 'app', 'console'], { default: 'web' }),
      api: object(
        {
          global: string({ test: apiBase }),
          regions: object(Object.fromEntries(REGION_CODES.map((r) => [r, string({ test: apiBase })])) as Record<RegionCode, Shape<string>>, { noUnknown: true }),
          defaultRegion: oneOf(REGION_CODES, { default: 'Euw' }),
        },
        { noUnknown: true },
      ),
      officialHosts: array(string({ test: hostAndPort }), { default: [] }),
      signInPath: string({ default: '/', test: ownPath }),
      allowedRedirects: array(string({ test: httpUrl }), { default: [] }),
      theme: themeShape(known.themes ?? []),
      defaultLanguage: oneOf(LANGUAGE_CODES, { default: 'en_US' }),
      plugins: record(pluginSwitch, { default: {}, ...pluginKeys }),
      regions: record(regionOverride, { default: {}, keys: { allowed: REGION_CODES, noun: `a region code` } }),
    },
    { noUnknown: true },
  );
}

/** A config that cannot start; `problems` names each problem ("field 'x': …"), the message all of them. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    message: string,
    readonly problems: string[] = [message],
  ) {
    super(message);
  }
}

/**
 * Every problem of the raw deployment config, each as "field 'path': message". With none,
 * `config` is the checked config; with some, it holds what passed (a field that failed is left
 * out, a plugin id that is not one too), for checks that go on (the plugins' settings).
 */
export function deploymentConfigProblems(raw: unknown, known: KnownNames = {}): { config: DeploymentConfig; problems: string[] } {
  const { value, problems } = parseAll(deploymentShape(known), raw);
  const { $schema: _editorHint, ...config } = value ?? {};
  return { config: config as DeploymentConfig, problems: problems.map((p) => `field '${p.path || '(root)'}': ${p.message}`) };
}

/** Validate the raw deployment config; the error names every field that is wrong, one line each. */
export function parseDeploymentConfig(raw: unknown, known: KnownNames = {}): DeploymentConfig {
  const { config, problems } = deploymentConfigProblems(raw, known);
  if (problems.length) throw new ConfigError(problems.map((line) => `Deployment config: ${line}`).join('\n'), problems);
  return config;
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
