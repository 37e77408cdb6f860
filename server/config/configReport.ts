/**
 * `npm run config:check [files…]`: check configs the way the server will, then show what each
 * region (and each partner app) gets, so an operator sees the effect of a change before deploying.
 * A file holding a JSON array is a clients file (CLIENTS_FILE); any other is a deployment config.
 * `--region <code>` and `--app <app type>` show one region's (or one app's) plugins with their
 * settings as the page gets them; `--help` says all this (CONFIG_CHECK_HELP).
 */
import { REGION_CODES, type RegionCode } from '../../core/contract/regions';
import { LANGUAGE_CODES } from '../../core/i18n/languages';
import type { DeploymentConfig } from '../../core/config/types';
import { APP_TYPES, isAppType, type AppType } from '../../core/contract/partnerApp';
import { pluginsForRegion } from '../../core/config/loadConfig';
import { parsePluginSettings } from '../../core/config/pluginSettings';
import { hint } from '../../core/config/suggest';
import { checkClientsFile, checkDeploymentFile, type CheckedDeployment } from './configChecks';
import type { ConfigVocabulary } from './knownNames';
import { textGapLines, type TextGaps } from './pluginTexts';
import { ConfigFileError, displayPath, readJsonFile } from './readJsonFile';

export interface Report {
  ok: boolean;
  text: string;
}

/** A deployment config that passed its checks, whose plugin registry is then built as the browser builds it. */
export interface RegistryTarget {
  file: string;
  config: DeploymentConfig;
}

/** What a browser would refuse at start with that config (the registry's message), and in which regions. */
export interface RegistryProblem {
  message: string;
  regions: RegionCode[];
}

/**
 * Builds each config's plugin registry in every region, offline (scripts/offlineRegistry.ts, which needs
 * Vite, a devDependency: config:check and CI run it, the server's start does not). Problems by file.
 */
export type RegistryCheck = (targets: readonly RegistryTarget[]) => Promise<Map<string, RegistryProblem[]>>;

/** `<file> (region Use): <message>`, or `(partner_app_ios, regions Use, Aps, Euw)` for an app's config. */
export function registryProblemLine(file: string, problem: RegistryProblem, appType?: AppType): string {
  const regions = `region${problem.regions.length === 1 ? '' : 's'} ${problem.regions.join(', ')}`;
  return `${displayPath(file)} (${appType ? `${appType}, ` : ''}${regions}): ${problem.message}`;
}

/** The app type a deployment config serves (partner-app plugin's appType), if any. */
function servedAppType(file: string): AppType | undefined {
  try {
    const raw = readJsonFile(file) as { plugins?: Record<string, { config?: { appType?: unknown } }> };
    const appType = raw.plugins?.['partner-app']?.config?.appType;
    return isAppType(appType) ? appType : undefined;
  } catch {
    return undefined; // the check below reports the file itself
  }
}

/** Each region's plugins: the default region in full, the others as what they add or drop. */
function describeRegions(checked: CheckedDeployment): string[] {
  const home = checked.config.api.defaultRegion;
  const base = checked.enabled[home];
  const count = (ids: string[]) => `${ids.length} plugin${ids.length === 1 ? '' : 's'}`;
  const lines = [`  ${`${home} (default)`.padEnd(14)} ${count(base)}${base.length ? `: ${base.join(', ')}` : ''}`];
  for (const region of REGION_CODES.filter((r): r is RegionCode => r !== home)) {
    const own = checked.enabled[region];
    const dropped = base.filter((id) => !own.includes(id)).map((id) => `-${id}`);
    const added = own.filter((id) => !base.includes(id)).map((id) => `+${id}`);
    const changed = [...dropped, ...added];
    lines.push(`  ${region.padEnd(14)} ${changed.length ? `${count(own)}: ${changed.join(' ')} (against ${home})` : `as ${home}`}`);
  }
  return lines;
}

/** The app type a file is served as: the one PORTAL_APP_CONFIGS names it for, else the one its partner-app plugin names. */
function appTypeOf(file: string, appConfigFiles: Partial<Record<AppType, string>>): AppType | undefined {
  return APP_TYPES.find((t) => appConfigFiles[t] === file) ?? servedAppType(file);
}

/**
 * Check each file as the server does; then, when `registryCheck` is given, build the plugin registry of
 * every deployment config that passed, in every region, as a browser builds it at start. Every problem
 * of every file, one FAIL line each; each file's regions (and the partner apps' files) when it passes.
 */
export async function configReport(
  files: readonly string[],
  vocabulary: ConfigVocabulary,
  appConfigFiles: Partial<Record<AppType, string>> = {},
  registryCheck?: RegistryCheck,
  /** Outside plugins' missing texts (pluginTexts.ts): noted for those a passing config turns on; no failure. */
  texts?: { gaps: readonly TextGaps[]; languages: number },
): Promise<Report> {
  /** Each file's lines, and the deployment configs that passed (their lines wait for the registry). */
  const results: { lines: string[]; checked?: CheckedDeployment; appType?: AppType }[] = [];
  let invalid = false;
  for (const file of files) {
    const name = displayPath(file);
    try {
      if (Array.isArray(readJsonFile(file))) {
        const clients = checkClientsFile(file, vocabulary, []);
        results.push({ lines: [`ok    ${name}: ${clients.length} connected service(s): ${clients.map((c) => c.id).join(', ') || '(none)'}`] });
        continue;
      }
      const appType = appTypeOf(file, appConfigFiles);
      const checked = checkDeploymentFile(file, vocabulary, appType);
      const serves = appType ? `partner app ${appType}` : 'web';
      results.push({ lines: [`ok    ${name} (${checked.config.name}; ${serves})`, ...describeRegions(checked)], checked, appType });
    } catch (err) {
      if (!(err instanceof ConfigFileError)) throw err;
      invalid = true;
      results.push({ lines: err.lines.map((line) => `FAIL  ${line}`) });
    }
  }
  const built = results.filter((r) => r.checked);
  let clashes = false;
  if (registryCheck && built.length) {
    const found = await registryCheck(built.map(({ checked }) => ({ file: checked!.file, config: checked!.config })));
    for (const result of built) {
      const problems = found.get(result.checked!.file) ?? [];
      if (!problems.length) continue;
      clashes = true;
      result.lines = problems.map((problem) => `FAIL  ${registryProblemLine(result.checked!.file, problem, result.appType)}`);
    }
  }
  const out = results.flatMap((r) => r.lines);
  if (texts) {
    const enabled = new Set(built.flatMap(({ checked }) => REGION_CODES.flatMap((region) => checked!.enabled[region])));
    const notes = textGapLines(texts.gaps, enabled, texts.languages);
    if (notes.length) out.push('', ...notes);
  }
  const apps = Object.entries(appConfigFiles).filter(([t]) => isAppType(t));
  if (apps.length) {
    out.push('', 'Pages opened by a partner app get:');
    for (const [appType, file] of apps) out.push(`  ${appType.padEnd(22)} ${displayPath(file!)}`);
  }
  out.push('');
  if (invalid) out.push('Some config files are invalid: the server would refuse to start with them.');
  if (clashes) out.push("Some configs' plugins clash: a browser would refuse to start with them (the server does not build the registry; config:check and CI do).");
  if (!invalid && !clashes) {
    if (registryCheck && built.length) out.push(`The plugin registry of each deployment config builds in every region (${REGION_CODES.join(', ')}) as the browser builds it.`);
    out.push(`All ${files.length} config file(s) are valid.`);
  }
  return { ok: !invalid && !clashes, text: out.join('\n') };
}

/**
 * One region's effective plugins of one deployment config, each with its merged settings as the page
 * gets them (the region's overrides laid over the base block, defaults filled in by the plugin's shape),
 * and the plugins the config names that are off there. The file is checked first, as the server checks it.
 */
export function regionReport(file: string, vocabulary: ConfigVocabulary, region: RegionCode | undefined, appType?: AppType): Report {
  const name = displayPath(file);
  let checked: CheckedDeployment;
  try {
    if (Array.isArray(readJsonFile(file))) return { ok: false, text: `FAIL  ${name}: is a clients file (a JSON array); --region and --app show a deployment config` };
    checked = checkDeploymentFile(file, vocabulary, appType ?? servedAppType(file));
  } catch (err) {
    if (!(err instanceof ConfigFileError)) throw err;
    return { ok: false, text: [...err.lines.map((line) => `FAIL  ${line}`), '', 'The config is invalid: the server would refuse to start with it.'].join('\n') };
  }
  const { config } = checked;
  const home = config.api.defaultRegion;
  const shown = region ?? home;
  const served = appType ?? servedAppType(file);
  const switches = pluginsForRegion(config, shown);
  const on = checked.enabled[shown];
  const off = Object.keys(switches).filter((id) => !on.includes(id));
  const which = region ? (region === home ? `${region} (the default region)` : region) : `${home} (the default region; --region picks another)`;
  const width = Math.max(0, ...on.map((id) => id.length)) + 2;
  const out = [
    `ok    ${name} (${config.name}; ${served ? `partner app ${served}` : 'web'})`,
    '',
    on.length
      ? `Region ${which}: ${on.length} plugin${on.length === 1 ? '' : 's'} on, with the settings the page gets (region overrides merged, defaults filled in):`
      : `Region ${which}: no plugin on`,
    ...on.map((id) => {
      const settings = vocabulary.schemas[id] ? JSON.stringify(parsePluginSettings(id, vocabulary.schemas[id], switches[id]!.config)) : '(takes no settings)';
      const needs = vocabulary.needs[id]?.length ? `; needs ${vocabulary.needs[id]!.join(', ')}` : '';
      return `  ${id.padEnd(width)}${settings}${needs}`;
    }),
  ];
  if (off.length) out.push(`Off in ${shown}: ${off.join(', ')}`);
  return { ok: true, text: out.join('\n') };
}

/** What `npm run config:check -- --help` prints. */
export const CONFIG_CHECK_HELP = `Usage: npm run config:check -- [--region <code> | --app <app type>] [files…]

Checks deployment configs and connected-services files as the server checks them when it starts and
on every live edit, and shows what each region and partner app gets. Every problem of every file is
named, one line each: <file>: field '<path>': <message> (with a "did you mean" for a typo).

What it checks
  - a deployment config's fields, plugin ids, region codes and theme
  - each enabled plugin's settings against its shape (plugins/<id>/config.ts configSchema), in every
    region (${REGION_CODES.join(', ')}): the base block with that region's overrides laid over it
  - each plugin's needs (plugins/<id>/config.ts needs): a plugin on in a region, or in an app's config,
    where a plugin it needs is off is refused ("plugin 'recovery-codes' needs 'mfa', which is off in region Use")
  - a partner app's config serves its app ("variant": "app", the partner-app plugin with its appType)
  - each valid deployment config's plugin registry, built in every region as the browser builds it at
    start (the real manifests' register() and bootstrap(), in Node): two plugins claiming one route or
    login view, an error code handled twice without priorities, a manifest id other than its folder, a
    contribution to an extension point no enabled plugin declares, a point declared twice, a locale
    namespace registered twice, a contribution after start-up. One line each with the registry's
    message: <file> (region Use): Route 'help' is contributed by both 'help' and 'faq'
    (not with --region or --app; the server's start does not build it)
  - a clients file (a JSON array): each service's fields, ids unique, themes known
  - an outside plugin's texts (a plugin from an npm package may ship fewer languages than the portal's
    ${LANGUAGE_CODES.length}): a note lists the languages and keys it lacks where a config turns it on; the
    page shows English there, key by key (a note, not a failure)

Arguments
  files…              the files to check. Default: every config/*.json, the files of PORTAL_APP_CONFIGS
                      and CLIENTS_FILE. A file holding a JSON array is a clients file; any other is a
                      deployment config.
  --region <code>     one region (${REGION_CODES.join(', ')}) of one deployment config (default config/default.json):
                      its plugins that are on, each with its settings as the page gets them, and those off
  --app <app type>    the same for a partner app's config (${APP_TYPES.join(', ')}), the file
                      PORTAL_APP_CONFIGS names for it; with --region, that region, else its default region
  -h, --help          this text

Environment
  CLIENTS_FILE        the connected services (a JSON array), checked with the configs
  PORTAL_APP_CONFIGS  partner_app_android=<file>,partner_app_ios=<file>: the configs pages opened by a
                      partner app get, checked as that app's; default config/app-android.json and
                      config/app-ios.json

Exit codes
  0  every file is valid (or --help)
  1  a file is invalid (the server would refuse to start with it), or its plugins clash (a browser would)
  2  the command line is wrong (an unknown option, region or app type; a missing value)`;

/** A command line `config:check` does not take: exit code 2, with a "did you mean". */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface ConfigCheckArgs {
  help: boolean;
  region?: RegionCode;
  app?: AppType;
  files: string[];
}

const OPTIONS = ['--region', '--app', '--help', '-h'] as const;

/** `config:check`'s arguments: `--region Use` or `--region=Use`, `--app <type>`, `--help`, files. */
export function parseConfigCheckArgs(argv: readonly string[]): ConfigCheckArgs {
  const args: ConfigCheckArgs = { help: false, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      args.files.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-')) {
      args.files.push(arg);
      continue;
    }
    const [option, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (option === '--help' || option === '-h') {
      args.help = true;
      continue;
    }
    if (option !== '--region' && option !== '--app') throw new UsageError(`'${option}' is not an option; ${hint(option, OPTIONS)}`);
    const value = inline ?? argv[++i];
    if (option === '--region') {
      if (value === undefined || value.startsWith('-')) throw new UsageError(`--region needs a region code (${REGION_CODES.join(', ')})`);
      if (!(REGION_CODES as readonly string[]).includes(value)) throw new UsageError(`'${value}' is not a region code; ${hint(value, REGION_CODES)}`);
      args.region = value as RegionCode;
    } else {
      if (value === undefined || value.startsWith('-')) throw new UsageError(`--app needs an app type (${APP_TYPES.join(', ')})`);
      if (!isAppType(value)) throw new UsageError(`'${value}' is not an app type; ${hint(value, APP_TYPES)}`);
      args.app = value;
    }
  }
  if ((args.region || args.app) && args.files.length > 1) throw new UsageError(`${args.app ? '--app' : '--region'} shows one config, but ${args.files.length} files are given`);
  return args;
}
