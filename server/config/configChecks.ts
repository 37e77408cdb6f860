/**
 * The checks every served config passes, one implementation for a file (at start, on its edit,
 * `config:check`) and for a stored version (the ops console's preview and apply): a deployment
 * config as the browser would check it in every region, and a clients list with its branding.
 */
import { type AppType } from '../../core/contract/partnerApp';
import type { RegionCode } from '../../core/contract/regions';
import { deploymentConfigProblems, pluginsForRegion } from '../../core/config/loadConfig';
import { REGION_CODES } from '../../core/contract/regions';
import { checkPluginSettings, PluginConfigError } from '../../core/config/pluginSettings';
import type { DeploymentConfig } from '../../core/config/types';
import { brandingImageSources, type BrandingCheckOptions } from '../http/brandingCsp';
import type { ClientConfig } from '../options';
import { checkClients } from './clients';
import type { ConfigVocabulary } from './knownNames';
import { ConfigFileError, readJsonFile } from './readJsonFile';

export interface CheckedDeployment {
  /** The file, or the stored version's name (`config version web #4`). */
  file: string;
  config: DeploymentConfig;
  /** The document as given: what a stored version holds. */
  raw: unknown;
  /** The file's JSON, safe to place inside a `<script type="application/json">` block. */
  html: string;
  /** Enabled plugin ids per region, in config order. */
  enabled: Record<RegionCode, string[]>;
}

/** JSON inside HTML: no `</script>` and no line separators that end a JS string. */
export function escapeJsonForHtml(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Larger than any config needs, as compact JSON: a deployment config is written into every page
 * the portal serves (so a blob under a switched-off plugin's settings would weigh on each one), and
 * a clients list is read on every instance.
 */
export const MAX_BYTES = { deployment: 64 * 1024, clients: 1024 * 1024 } as const;

/**
 * The document's size as the page carries it (compact JSON, escaped for HTML: a `<` is six bytes
 * there, which an attack review used to make 64 KB weigh 384 KB), refused past `max` bytes;
 * answers that escaped JSON, the page's copy.
 */
function refuseOversized(raw: unknown, max: number, file: string): string {
  const html = escapeJsonForHtml(JSON.stringify(raw) ?? '');
  const bytes = Buffer.byteLength(html);
  if (bytes > max) throw new ConfigFileError(file, `is ${Math.ceil(bytes / 1024)} KB as the page carries it (compact JSON); a config may be at most ${max / 1024} KB`);
  return html;
}

/** Deeper than any config needs: a document nested further is refused before anything walks it (a stack's worth of levels crashed the checks). */
export const MAX_DEPTH = 24;

/** Whether `value` nests deeper than `max` levels of objects and arrays (walked without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * One deployment config, checked as the browser would check it, for every region at once, and each
 * enabled plugin's needs met in every region; every problem, one line each, named after `name`.
 */
export function checkDeploymentJson(raw: unknown, name: string, vocabulary: ConfigVocabulary, appType?: AppType, console?: boolean, web?: boolean): CheckedDeployment {
  const file = name;
  if (nestsDeeperThan(raw, MAX_DEPTH)) throw new ConfigFileError(file, `nests deeper than ${MAX_DEPTH} levels`);
  // The page's copy, measured once: what the cap counts is what every page carries.
  const html = refuseOversized(raw, MAX_BYTES.deployment, file);
  const { config, problems } = deploymentConfigProblems(raw, vocabulary.known);
  // With the file's own fields wrong, its plugins' settings are still checked as far as their
  // switches parsed (a switch that failed counts as off); the rules about the set (the app's own
  // plugin, each plugin's needs) wait for a config that parses, or an off switch would break them.
  const parsed = problems.length === 0;
  if (typeof config.plugins !== 'object' || typeof config.regions !== 'object') throw new ConfigFileError(file, problems);
  if (appType && parsed) {
    // The app's page must run the partner-app plugin for exactly this app, or it would refuse its own app.
    // In every region: a region's override that turns it off or names another app would refuse the app there.
    const wrong = REGION_CODES.filter((region) => {
      const own = pluginsForRegion(config, region)['partner-app'];
      return !own?.enabled || (own.config as { appType?: unknown } | undefined)?.appType !== appType;
    });
    if (config.variant !== 'app' || wrong.length) {
      problems.push(`serves ${appType}, so it needs "variant": "app" and the partner-app plugin enabled with "appType": "${appType}"${wrong.length && wrong.length < REGION_CODES.length ? ` in every region (not so in ${wrong.join(', ')})` : ''}`);
    }
  }
  // The web's config serves the web: an app's or the console's variant there would break its pages.
  if (web && parsed && config.variant !== 'web') problems.push(`serves the web (PORTAL_CONFIG), so it needs "variant": "web"`);
  // Served, the file's place says whether it is the console's; checked alone (config:check), its variant does.
  const forConsole = console ?? config.variant === 'console';
  if (parsed && forConsole !== (config.variant === 'console')) {
    problems.push(forConsole ? `serves the ops console (OPS_CONFIG), so it needs "variant": "console"` : `"variant": "console" is for the ops console's config (OPS_CONFIG) only`);
  }
  let enabled: Record<RegionCode, string[]> | undefined;
  try {
    enabled = checkPluginSettings(config, vocabulary.schemas, parsed ? { needs: vocabulary.needs, ...(appType ? { appType } : {}) } : {});
  } catch (err) {
    if (!(err instanceof PluginConfigError)) throw err;
    problems.push(...err.problems);
  }
  if (enabled) problems.push(...wrongSurface(enabled, vocabulary, forConsole));
  if (problems.length || !enabled) throw new ConfigFileError(file, problems);
  return { file, config, raw, html, enabled };
}

/**
 * Each plugin that is on in a config of the other kind, one line per plugin naming its regions: a
 * console plugin on the portal's pages would hand the console's code to anyone, and a web plugin
 * in the console would put the portal's routes there.
 */
function wrongSurface(enabled: Record<RegionCode, string[]>, vocabulary: ConfigVocabulary, forConsole: boolean): string[] {
  const regions = new Map<string, RegionCode[]>();
  for (const region of REGION_CODES) {
    for (const id of enabled[region]) {
      if ((vocabulary.surfaces[id] === 'console') !== forConsole) regions.set(id, [...(regions.get(id) ?? []), region]);
    }
  }
  const inRegions = (where: RegionCode[]) => (where.length === REGION_CODES.length ? 'every region' : `region${where.length === 1 ? '' : 's'} ${where.join(', ')}`);
  return [...regions].map(([id, where]) =>
    forConsole
      ? `plugin '${id}' runs on the portal's pages, not in the ops console (on in ${inRegions(where)})`
      : `plugin '${id}' is part of the ops console (its config.ts says surface 'console'): it runs in the console's config (OPS_CONFIG) only (on in ${inRegions(where)})`,
  );
}

/** A deployment config file: read, then checked as checkDeploymentJson checks a document. */
export function checkDeploymentFile(file: string, vocabulary: ConfigVocabulary, appType?: AppType, console?: boolean, web?: boolean): CheckedDeployment {
  return checkDeploymentJson(readJsonFile(file), file, vocabulary, appType, console, web);
}

/** A clients list: its shape, then its branding images against what the page's CSP can allow; every problem, one line each, named after `name`. */
export function checkClientsJson(raw: unknown, name: string, vocabulary: ConfigVocabulary, reserved: readonly string[], branding?: BrandingCheckOptions): ClientConfig[] {
  const file = name;
  if (nestsDeeperThan(raw, MAX_DEPTH)) throw new ConfigFileError(file, `nests deeper than ${MAX_DEPTH} levels`);
  refuseOversized(raw, MAX_BYTES.clients, file);
  const { clients, problems } = checkClients(raw, vocabulary.known, reserved, branding?.production ?? false);
  if (problems.length) throw new ConfigFileError(file, problems.map((err) => `field '${err.path || '(root)'}': ${err.message}`));
  if (branding) {
    try {
      brandingImageSources(clients, branding);
    } catch (err) {
      throw new ConfigFileError(file, (err as Error).message);
    }
  }
  return clients;
}

/** A clients file: read, then checked as checkClientsJson checks a document. */
export function checkClientsFile(file: string, vocabulary: ConfigVocabulary, reserved: readonly string[], branding?: BrandingCheckOptions): ClientConfig[] {
  return checkClientsJson(readJsonFile(file), file, vocabulary, reserved, branding);
}
