/**
 * The configs the server serves, checked before it listens and again whenever a file changes:
 * the deployment config (PORTAL_CONFIG), the partner apps' configs (PORTAL_APP_CONFIGS) and the
 * connected services (CLIENTS_FILE). A file that fails its check at start stops the server with
 * every problem of every file, one line each naming file and field; an edit that fails while
 * running is refused and logged, and the last good version goes on being served. No page or call
 * ever sees a broken config.
 */
import fs from 'node:fs';
import { APP_TYPES, type AppType } from '../../core/contract/partnerApp';
import type { RegionCode } from '../../core/contract/regions';
import { deploymentConfigProblems } from '../../core/config/loadConfig';
import { checkPluginSettings, PluginConfigError } from '../../core/config/pluginSettings';
import type { DeploymentConfig } from '../../core/config/types';
import { brandingImageSources, type BrandingCheckOptions } from '../http/brandingCsp';
import type { ClientConfig } from '../options';
import { checkClients } from './clients';
import type { ConfigVocabulary } from './knownNames';
import { ConfigFileError, displayPath, readJsonFile } from './readJsonFile';

/** Everything wrong with the configs at start, one line each: the server does not start. */
export class InvalidConfigs extends Error {
  override readonly name = 'InvalidConfigs';

  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export interface CheckedDeployment {
  file: string;
  config: DeploymentConfig;
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
 * One deployment config file, checked as the browser would check it, for every region at once,
 * and each enabled plugin's needs met in every region; every problem of the file, one line each.
 */
export function checkDeploymentFile(file: string, vocabulary: ConfigVocabulary, appType?: AppType, console?: boolean): CheckedDeployment {
  const raw = readJsonFile(file);
  const { config, problems } = deploymentConfigProblems(raw, vocabulary.known);
  // With the file's own fields wrong, its plugins' settings are still checked as far as their
  // switches parsed (a switch that failed counts as off); the rules about the set (the app's own
  // plugin, each plugin's needs) wait for a config that parses, or an off switch would break them.
  const parsed = problems.length === 0;
  if (typeof config.plugins !== 'object' || typeof config.regions !== 'object') throw new ConfigFileError(file, problems);
  if (appType && parsed) {
    // The app's page must run the partner-app plugin for exactly this app, or it would refuse its own app.
    const own = config.plugins['partner-app'];
    const configured = (own?.config as { appType?: unknown } | undefined)?.appType;
    if (config.variant !== 'app' || !own?.enabled || configured !== appType) {
      problems.push(`serves ${appType}, so it needs "variant": "app" and the partner-app plugin enabled with "appType": "${appType}"`);
    }
  }
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
  if (problems.length || !enabled) throw new ConfigFileError(file, problems);
  return { file, config, html: escapeJsonForHtml(JSON.stringify(raw)), enabled };
}

/** A clients file: its shape, then its branding images against what the page's CSP can allow; every problem, one line each. */
export function checkClientsFile(file: string, vocabulary: ConfigVocabulary, reserved: readonly string[], branding?: BrandingCheckOptions): ClientConfig[] {
  const raw = readJsonFile(file);
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

interface Watched<T> {
  file: string;
  mtimeMs: number;
  good: T;
  /** mtime of an edit that failed its check, so it is reported once, not on every request. */
  refusedMtimeMs?: number;
}

export interface ServedConfigsInput {
  portalConfigFile?: string;
  appConfigFiles: Partial<Record<AppType, string>>;
  /** The ops console's config (OPS_CONFIG). */
  consoleConfigFile?: string | null;
  clientsFile?: string;
  /** Ids of the built-in clients, which a clients file may not reuse. */
  reservedClientIds: readonly string[];
  /** Clients that do not come from the file (built-in, given in code): their images are allowed too. */
  fixedClients?: readonly ClientConfig[];
  /** How branding images are checked against the page's CSP; without it they are not. */
  branding?: BrandingCheckOptions;
  vocabulary: ConfigVocabulary;
  /** Where a refused edit is reported. */
  warn: (message: string) => void;
}

export class ServedConfigs {
  private readonly deployments = new Map<string, Watched<CheckedDeployment>>();
  private sources: string[] = [];
  private clients: Watched<ClientConfig[]> | null = null;
  private clientsListener: (() => void) | null = null;

  private constructor(private readonly input: ServedConfigsInput) {}

  /** Check every file; all problems go into one error, so an operator fixes them in one go. */
  static load(input: ServedConfigsInput): ServedConfigs {
    const served = new ServedConfigs(input);
    const problems: string[] = [];
    const attempt = (run: () => void) => {
      try {
        run();
      } catch (err) {
        if (err instanceof ConfigFileError) problems.push(...err.lines);
        else throw err;
      }
    };
    if (input.portalConfigFile) attempt(() => served.addDeployment(input.portalConfigFile!, undefined, false));
    for (const appType of APP_TYPES) {
      const file = input.appConfigFiles[appType];
      if (file) attempt(() => served.addDeployment(file, appType, false));
    }
    const consoleFile = input.consoleConfigFile;
    if (consoleFile) attempt(() => served.addDeployment(consoleFile, undefined, true));
    if (input.clientsFile) {
      const file = input.clientsFile;
      attempt(() => {
        served.clients = { file, mtimeMs: mtime(file), good: checkClientsFile(file, input.vocabulary, input.reservedClientIds, input.branding) };
      });
    }
    if (problems.length) throw new InvalidConfigs(problems);
    served.updateImageSources();
    return served;
  }

  private appTypeOf(file: string): AppType | undefined {
    return APP_TYPES.find((t) => this.input.appConfigFiles[t] === file);
  }

  private addDeployment(file: string, appType: AppType | undefined, console: boolean): void {
    this.deployments.set(file, { file, mtimeMs: mtime(file), good: checkDeploymentFile(file, this.input.vocabulary, appType, console) });
  }

  /** The last good version of a deployment config, re-checked first when the file changed. */
  deployment(file: string): CheckedDeployment | null {
    const watched = this.deployments.get(file);
    if (!watched) return null;
    this.refresh(watched, () => checkDeploymentFile(file, this.input.vocabulary, this.appTypeOf(file), file === this.input.consoleConfigFile));
    return watched.good;
  }

  /** The extra `img-src` sources the SPA's CSP needs for every client's branding images. */
  imageSources(): string[] {
    return this.sources;
  }

  /** Every client passed its branding check already, so this cannot refuse. */
  private updateImageSources(): void {
    const branding = this.input.branding;
    this.sources = branding ? brandingImageSources([...(this.input.fixedClients ?? []), ...this.clientList()], branding) : [];
  }

  /** The clients of CLIENTS_FILE as last checked (see watchClients for changes). */
  clientList(): ClientConfig[] {
    return this.clients?.good ?? [];
  }

  /**
   * Follow CLIENTS_FILE: a change that passes its check is handed to `apply` (which syncs the
   * clients table); one that fails is reported and the clients stay as they were.
   */
  watchClients(apply: (clients: ClientConfig[]) => Promise<void>, intervalMs = 500): void {
    const watched = this.clients;
    if (!watched || this.clientsListener) return;
    const listener = () => {
      const before = watched.good;
      this.refresh(watched, () => checkClientsFile(watched.file, this.input.vocabulary, this.input.reservedClientIds, this.input.branding));
      if (watched.good !== before) {
        this.updateImageSources();
        apply(watched.good).catch((err: unknown) => this.input.warn(`${watched.file}: the new clients could not be applied: ${String(err)}`));
      }
    };
    this.clientsListener = listener;
    fs.watchFile(watched.file, { interval: intervalMs, persistent: false }, listener);
  }

  close(): void {
    if (this.clients && this.clientsListener) fs.unwatchFile(this.clients.file, this.clientsListener);
    this.clientsListener = null;
  }

  private refresh<T>(watched: Watched<T>, check: () => T): void {
    const now = mtime(watched.file);
    if (now === watched.mtimeMs || now === watched.refusedMtimeMs) return;
    try {
      watched.good = check();
      watched.mtimeMs = now;
      watched.refusedMtimeMs = undefined;
      this.input.warn(`config: ${watched.file} changed; now serving the new version`);
    } catch (err) {
      if (!(err instanceof ConfigFileError)) throw err;
      watched.refusedMtimeMs = now;
      const lines = err.lines;
      this.input.warn(
        lines.length === 1
          ? `config: refused the edit of ${lines[0]}; still serving the last good version`
          : `config: refused the edit of ${displayPath(err.file)} (${lines.length} problems); still serving the last good version\n${lines.map((line) => `  ${line}`).join('\n')}`,
      );
    }
  }
}

/** Modification time, or -1 while the file is missing (an editor saving by rename). */
function mtime(file: string): number {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
}
