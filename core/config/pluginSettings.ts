import { REGION_CODES, type RegionCode } from '../contract/regions';
import { pluginsForRegion } from './loadConfig';
import { parseAll, type Shape } from './shape';
import type { DeploymentConfig } from './types';

/** A plugin's settings (or a config's plugin set) that cannot start; every problem, one line each. */
export class PluginConfigError extends Error {
  override readonly name = 'PluginConfigError';
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('\n'));
    this.problems = list;
  }
}

/**
 * What is wrong with a plugin's settings, each as the end of a sentence that starts with the
 * plugin's name (": config field 'x': …" or " takes no settings, …"); `value` is the parsed
 * settings (defaults filled in) when there is nothing.
 */
function settingsProblems(schema: Shape<unknown> | undefined, raw: Record<string, unknown> | undefined): { value: unknown; problems: string[] } {
  const settings = raw ?? {};
  if (!schema) {
    // Settings for a plugin that reads none are a mistake (a misplaced block), not something to ignore.
    const names = Object.keys(settings);
    return { value: settings, problems: names.length ? [` takes no settings, but its config names ${names.join(', ')}`] : [] };
  }
  const { value, problems } = parseAll(schema, settings);
  return { value, problems: problems.map((p) => `: config field '${p.path || '(root)'}': ${p.message}`) };
}

/**
 * A plugin's settings checked against its config shape (defaults filled in). One function for
 * the browser's registry, the server's start-up check and `npm run config:check`; every problem
 * of the block is named, one line each.
 */
export function parsePluginSettings(id: string, schema: Shape<unknown> | undefined, raw: Record<string, unknown> | undefined, where = ''): unknown {
  const { value, problems } = settingsProblems(schema, raw);
  if (problems.length) throw new PluginConfigError(problems.map((p) => `Plugin '${id}'${where}${p}`));
  return value;
}

/** The config shapes of the plugins that exist, by id (undefined: the plugin takes no settings). */
export type PluginSchemas = Record<string, Shape<unknown> | undefined>;

/** The plugins each plugin needs on wherever it is on (plugins/<id>/config.ts `needs`), by id. */
export type PluginNeeds = Record<string, readonly string[]>;

export interface PluginSetCheck {
  /** What each plugin needs; a region where a plugin is on and one it needs is off is refused. */
  needs?: PluginNeeds;
  /** The partner app the config serves, named in a broken need ("off for partner_app_ios in region Use"). */
  appType?: string;
}

/** "region Use" or "regions Use, Aps". */
function regionList(regions: readonly RegionCode[]): string {
  return `region${regions.length === 1 ? '' : 's'} ${regions.join(', ')}`;
}

/**
 * Each plugin that is on where a plugin it needs is off, one line per pair:
 * "plugin 'recovery-codes' needs 'mfa', which is off in region Use".
 */
export function brokenNeeds(enabled: Record<RegionCode, readonly string[]>, needs: PluginNeeds, appType?: string): string[] {
  const broken = new Map<string, RegionCode[]>();
  for (const region of REGION_CODES) {
    for (const id of enabled[region]) {
      for (const needed of needs[id] ?? []) {
        if (enabled[region].includes(needed)) continue;
        const key = `plugin '${id}' needs '${needed}', which is off ${appType ? `for ${appType} ` : ''}in `;
        broken.set(key, [...(broken.get(key) ?? []), region]);
      }
    }
  }
  return [...broken].map(([line, regions]) => line + regionList(regions));
}

/**
 * Every region's effective plugin set, each enabled plugin's merged settings checked by its
 * shape, and each plugin's needs met: what the browser would check only for the region it runs
 * in, checked for all. Throws a PluginConfigError naming every problem, one line each (a problem
 * that several regions share is one line naming them all).
 */
export function checkPluginSettings(config: DeploymentConfig, schemas: PluginSchemas, check: PluginSetCheck = {}): Record<RegionCode, string[]> {
  const enabled = {} as Record<RegionCode, string[]>;
  const problems = new Map<string, { regions: RegionCode[]; line: (where: string) => string }>();
  const report = (key: string, region: RegionCode, line: (where: string) => string) => {
    const seen = problems.get(key);
    if (seen) seen.regions.push(region);
    else problems.set(key, { regions: [region], line });
  };
  for (const region of REGION_CODES) {
    enabled[region] = [];
    for (const [id, sw] of Object.entries(pluginsForRegion(config, region))) {
      if (!sw.enabled) continue;
      enabled[region].push(id);
      if (!Object.hasOwn(schemas, id)) {
        report(`${id} has no folder`, region, (where) => `Plugin '${id}' (enabled in ${where}) has no folder plugins/${id}`);
        continue;
      }
      for (const problem of settingsProblems(schemas[id], sw.config).problems) {
        report(`${id}${problem}`, region, (where) => `Plugin '${id}' in ${where}${problem}`);
      }
    }
  }
  const lines = [...problems.values()].map(({ regions, line }) => line(regionList(regions)));
  lines.push(...brokenNeeds(enabled, check.needs ?? {}, check.appType));
  if (lines.length) throw new PluginConfigError(lines);
  return enabled;
}
