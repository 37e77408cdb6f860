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
import { brandingImageSources, type BrandingCheckOptions } from '../http/brandingCsp';
import type { ClientConfig } from '../options';
import type { Kysely } from 'kysely';
import { REGION_CODES, type RegionCode } from '../../core/contract/regions';
import { pluginsForRegion } from '../../core/config/loadConfig';
import { parsePluginSettings } from '../../core/config/pluginSettings';
import type { ConfigProposal, ConfigTarget, ConfigVersion, ConfigVersionSummary, DeploymentTarget, RegionEffect } from '../../core/contract/configVersions';
import type { GlobalDb } from '../db/types';
import { checkClientsFile, checkClientsJson, checkDeploymentFile, checkDeploymentJson, type CheckedDeployment } from './configChecks';
import { appendVersion, listVersions, newestVersions, readVersion, recordFileVersion } from './configVersions';
import { storedClients } from './clientSecrets';
import { jsonDiff } from './jsonDiff';
import type { ConfigVocabulary, PluginSurface } from './knownNames';
import { ConfigFileError, displayPath, readJsonFile } from './readJsonFile';

/** Everything wrong with the configs at start, one line each: the server does not start. */
export class InvalidConfigs extends Error {
  override readonly name = 'InvalidConfigs';

  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** A document an operator proposed that fails its checks: every problem, one line each. */
export class ConfigProblems extends Error {
  override readonly name = 'ConfigProblems';

  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/** Who applies a version from the console, and why. */
export interface VersionChange {
  by: { email: string; role: string };
  reason: string;
  restoredFrom?: number;
  /** The version the change was made against: another one since is refused (VersionConflict), never overwritten. */
  baseVersion?: number;
}

/** What is served of one versioned target: the newest good version (null until the store is attached). */
interface Live<T> {
  version: ConfigVersion | null;
  good: T;
  /** A newer version that failed its checks (a stored document older code wrote, say): reported once, skipped. */
  refused?: number;
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

export { VersionConflict } from './configVersions';

export class ServedConfigs {
  private readonly deployments = new Map<string, Watched<CheckedDeployment>>();
  private sources: string[] = [];
  private clients: Watched<ClientConfig[]> | null = null;
  private clientsListener: (() => void) | null = null;
  private clientsApply: ((clients: ClientConfig[]) => Promise<void>) | null = null;
  /** The versions store, once attached (attachVersions); before it (and in config:check) the files are all there is. */
  private db: Kysely<GlobalDb> | null = null;
  private now: () => number = Date.now;
  private poller: ReturnType<typeof setInterval> | null = null;
  private syncing: Promise<void> | null = null;
  /** Set after the first sync: from then on a new clients version is handed to watchClients' apply (before, the start syncs the table itself). */
  private attached = false;
  private readonly live = new Map<ConfigTarget, Live<CheckedDeployment | ClientConfig[]>>();
  /** The last answer of webChangedFromFile, for the versions it compared. */
  private webCompared: { served: CheckedDeployment; file: CheckedDeployment; differs: boolean } | null = null;

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
    if (input.portalConfigFile) attempt(() => served.addDeployment(input.portalConfigFile!, undefined, false, true));
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

  private addDeployment(file: string, appType: AppType | undefined, console: boolean, web = false): void {
    this.deployments.set(file, { file, mtimeMs: mtime(file), good: checkDeploymentFile(file, this.input.vocabulary, appType, console, web) });
  }

  /** The deployment file a target is served from: the web's (PORTAL_CONFIG or the baked one) or an app's. */
  private fileOf(target: DeploymentTarget): string | undefined {
    return target === 'web' ? this.input.portalConfigFile : this.input.appConfigFiles[target];
  }

  /** The target a deployment file serves; the console's own config has no versions (operators do not edit the console's switches from the console). */
  private targetOf(file: string): DeploymentTarget | undefined {
    if (file === this.input.consoleConfigFile) return undefined;
    if (file === this.input.portalConfigFile) return 'web';
    return this.appTypeOf(file);
  }

  /** The deployment targets this server serves. */
  deploymentTargets(): DeploymentTarget[] {
    return (['web', ...APP_TYPES] as const).filter((t) => this.fileOf(t) !== undefined);
  }

  /** The targets with versions here: the deployment configs served, and the connected services. */
  versionTargets(): ConfigTarget[] {
    return [...this.deploymentTargets(), 'clients'];
  }

  /** A target's document, checked as its file is (a partner app's as that app's). */
  private check(target: ConfigTarget, raw: unknown, name: string): CheckedDeployment | ClientConfig[] {
    if (target === 'clients') return checkClientsJson(raw, name, this.input.vocabulary, this.input.reservedClientIds, this.input.branding);
    return checkDeploymentJson(raw, name, this.input.vocabulary, target === 'web' ? undefined : target, false, target === 'web');
  }

  /**
   * The newest good version of a deployment config: the newest stored version, or the file's when
   * the file was edited since (its edit is stored as a version too). Re-checked first when the file changed.
   */
  deployment(file: string): CheckedDeployment | null {
    const watched = this.deployments.get(file);
    if (!watched) return null;
    const before = watched.good;
    this.refresh(watched, () => checkDeploymentFile(file, this.input.vocabulary, this.appTypeOf(file), file === this.input.consoleConfigFile, file === this.input.portalConfigFile));
    const target = this.targetOf(file);
    if (!target) return watched.good;
    const live = this.live.get(target) as Live<CheckedDeployment> | undefined;
    if (watched.good !== before && live) {
      // The edit is served at once here, and stored as a version for the other instances.
      live.good = watched.good;
      this.storeFileEdit(target, watched.good.raw, file);
    }
    return live?.good ?? watched.good;
  }

  /** The deployment config served for a target (null where this server serves none). */
  deploymentOf(target: DeploymentTarget): CheckedDeployment | null {
    const file = this.fileOf(target);
    return file ? this.deployment(file) : null;
  }

  /** Whether the web config served differs from its file (an operator changed it): the page then needs it written in, even where the build baked the file. */
  webChangedFromFile(): boolean {
    const file = this.input.portalConfigFile;
    const served = file ? this.deployment(file) : null;
    const watched = file ? this.deployments.get(file) : undefined;
    if (!served || !watched) return false;
    // Asked on every page load: the documents are compared once per pair of versions, not per request.
    const known = this.webCompared;
    if (known?.served === served && known.file === watched.good) return known.differs;
    const differs = served !== watched.good && JSON.stringify(served.raw) !== JSON.stringify(watched.good.raw);
    this.webCompared = { served, file: watched.good, differs };
    return differs;
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

  /** The connected services as served: the newest stored version, else CLIENTS_FILE as last checked. */
  clientList(): ClientConfig[] {
    const live = this.live.get('clients') as Live<ClientConfig[]> | undefined;
    return live?.good ?? this.clients?.good ?? [];
  }

  /**
   * Follow the connected services: an edit of CLIENTS_FILE that passes its check, a version another
   * instance stored, or one applied here is handed to `apply` (which syncs the clients table); a
   * file edit that fails is reported and the clients stay as they were.
   */
  watchClients(apply: (clients: ClientConfig[]) => Promise<void>, intervalMs = 500): void {
    this.clientsApply = apply;
    const watched = this.clients;
    if (!watched || this.clientsListener) return;
    const listener = () => {
      const before = watched.good;
      this.refresh(watched, () => checkClientsFile(watched.file, this.input.vocabulary, this.input.reservedClientIds, this.input.branding));
      if (watched.good === before) return;
      if (this.db) {
        // Served once the version is stored: every instance then takes it the same way.
        this.storeFileEdit('clients', storedClients(readJsonFile(watched.file)), watched.file);
        return;
      }
      void this.clientsChanged(watched.good);
    };
    this.clientsListener = listener;
    fs.watchFile(watched.file, { interval: intervalMs, persistent: false }, listener);
  }

  /** Resolves once the clients table has the change (an operator's apply waits for it; a poll does not). */
  private clientsChanged(clients: ClientConfig[]): Promise<void> {
    this.updateImageSources();
    return (this.clientsApply?.(clients) ?? Promise.resolve()).catch((err: unknown) => this.input.warn(`config: the new connected services could not be applied: ${String(err)}`));
  }

  /**
   * Serve the newest stored versions from now on. Each served file first becomes a version when it
   * differs from the last one a file gave (the first start seeds them); then every `pollMs` this
   * instance looks for newer versions (another instance's, an operator's) and serves them.
   */
  async attachVersions(db: Kysely<GlobalDb>, options: { now: () => number; pollMs: number }): Promise<void> {
    this.db = db;
    this.now = options.now;
    for (const target of this.deploymentTargets()) {
      const file = this.fileOf(target)!;
      await recordFileVersion(db, target, this.deployments.get(file)!.good.raw, displayPath(file), 'the file given at start', this.now());
    }
    if (this.clients) await recordFileVersion(db, 'clients', storedClients(readJsonFile(this.clients.file)), displayPath(this.clients.file), 'the file given at start', this.now());
    await this.sync();
    this.attached = true;
    this.updateImageSources();
    if (options.pollMs > 0) {
      this.poller = setInterval(() => void this.sync().catch((err: unknown) => this.input.warn(`config: could not read the stored versions: ${String(err)}`)), options.pollMs);
      this.poller.unref();
    }
  }

  /** Takes every target's newest stored version that passes its checks (one sync at a time). */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const db = this.db;
    if (!db) return;
    const newest = await newestVersions(db);
    for (const target of this.versionTargets()) {
      const number = newest.get(target);
      const live = this.live.get(target);
      if (number === undefined || number === live?.version?.version || number === live?.refused) continue;
      // One target's trouble (a row that does not even parse) leaves the others syncing.
      try {
        const version = await readVersion(db, target, number);
        if (version) void this.adopt(version);
      } catch (err) {
        if (live) live.refused = number;
        this.input.warn(`config: could not read stored version ${number} of ${target}: ${String(err).slice(0, 200)}`);
      }
    }
  }

  /** Serve a stored version (when it passes its checks and is newer than what is served); resolves once a clients change is in the table. */
  private adopt(version: ConfigVersion): Promise<void> {
    const target = version.target;
    const live = this.live.get(target);
    if (live?.version && live.version.version >= version.version) return Promise.resolve();
    let good: CheckedDeployment | ClientConfig[];
    try {
      good = this.check(target, version.body, `config version ${target} #${version.version}`);
    } catch (err) {
      // Any failure refuses the version, not only a check's: a document that makes a check throw must not stop the sync.
      if (live) live.refused = version.version;
      else this.live.set(target, { version: null, good: this.fileGood(target)!, refused: version.version });
      const lines = err instanceof ConfigFileError ? err.lines : [`the check failed: ${String(err).slice(0, 200)}`];
      this.input.warn(`config: refused stored version ${version.version} of ${target}; still serving the last good version\n${lines.map((line) => `  ${line}`).join('\n')}`);
      return Promise.resolve();
    }
    if (target === 'clients') {
      // Secrets are stored as hashes only: where the version is the file's own, the file's clients (with their secrets) are served.
      const file = this.clients;
      if (file && JSON.stringify(storedClients(readJsonFile(file.file))) === JSON.stringify(version.body)) good = file.good;
    }
    // Said when what is served changes: not for this instance's own file edit, served (and said) already.
    const sameAsServed = live !== undefined && JSON.stringify(Array.isArray(live.good) ? storedClients(live.good) : live.good.raw) === JSON.stringify(version.body);
    this.live.set(target, { version, good });
    if (live && !sameAsServed) this.input.warn(`config: now serving version ${version.version} of ${target} (${version.source === 'console' ? `by ${version.author}` : `from ${version.author}`})`);
    return target === 'clients' && this.attached ? this.clientsChanged(good as ClientConfig[]) : Promise.resolve();
  }

  private fileGood(target: ConfigTarget): CheckedDeployment | ClientConfig[] | undefined {
    if (target === 'clients') return this.clients?.good ?? [];
    const file = this.fileOf(target);
    return file ? this.deployments.get(file)?.good : undefined;
  }

  /** A file edit, stored as a version (then served here and on every instance). */
  private storeFileEdit(target: ConfigTarget, body: unknown, file: string): void {
    const db = this.db;
    if (!db) return;
    void recordFileVersion(db, target, body, displayPath(file), 'the file was edited', this.now())
      .then((version) => version && this.adopt(version))
      .catch((err: unknown) => this.input.warn(`config: could not store the edit of ${displayPath(file)}: ${String(err)}`));
  }

  /**
   * `config:export` wrote a target's served version to `file`: noted as a version from that file
   * (no change), so the next start finds the file as it was last given and does not take it as an edit.
   */
  async noteExported(target: ConfigTarget, file: string): Promise<void> {
    const version = this.currentVersion(target);
    if (this.db && version) await recordFileVersion(this.db, target, version.body, displayPath(file), 'written by config:export', this.now());
  }

  /** The file a target is served from (CLIENTS_FILE for the services), if any. */
  servedFile(target: ConfigTarget): string | undefined {
    return target === 'clients' ? this.clients?.file : this.fileOf(target);
  }

  /** The version served of a target (null before the store is attached, or where the target has none). */
  currentVersion(target: ConfigTarget): ConfigVersion | null {
    if (target !== 'clients') {
      const file = this.fileOf(target);
      if (file) this.deployment(file);
    }
    return this.live.get(target)?.version ?? null;
  }

  /** What serves a target now: its checked document. */
  private servedBody(target: ConfigTarget): unknown {
    const version = this.currentVersion(target);
    if (version) return version.body;
    const good = this.fileGood(target);
    return good === undefined ? undefined : Array.isArray(good) ? good : good.raw;
  }

  /** A target's versions, newest first. */
  history(target: ConfigTarget, limit: number, before?: number): Promise<ConfigVersionSummary[]> {
    if (!this.db) return Promise.resolve([]);
    return listVersions(this.db, target, limit, before);
  }

  readVersion(target: ConfigTarget, version: number): Promise<ConfigVersion | null> {
    return this.db ? readVersion(this.db, target, version) : Promise.resolve(null);
  }

  /** Every plugin a config of `surface` may name (the repository's and the outside ones installed). */
  knownPlugins(surface: PluginSurface = 'web'): string[] {
    const { known, surfaces } = this.input.vocabulary;
    return known.plugins.filter((id) => surfaces[id] === surface);
  }

  /** Each enabled plugin's settings per region of a deployment target, as the page gets them (config:check --region shows the same). */
  settingsOf(target: DeploymentTarget): Record<RegionCode, Record<string, unknown>> | null {
    const file = this.fileOf(target);
    const served = file ? this.deployment(file) : null;
    if (!served) return null;
    const schemas = this.input.vocabulary.schemas;
    const out = {} as Record<RegionCode, Record<string, unknown>>;
    for (const region of REGION_CODES) {
      const switches = pluginsForRegion(served.config, region);
      out[region] = Object.fromEntries(served.enabled[region].map((id) => [id, schemas[id] ? parsePluginSettings(id, schemas[id], switches[id]?.config) : null]));
    }
    return out;
  }

  /** What a document would change, checked as its file would be: the fields, and the plugins each region gains or loses. */
  proposeVersion(target: ConfigTarget, body: unknown): ConfigProposal {
    let checked: CheckedDeployment | ClientConfig[];
    try {
      checked = this.check(target, target === 'clients' ? storedClients(body) : body, `${target} (proposed)`);
    } catch (err) {
      if (!(err instanceof ConfigFileError)) throw err;
      return { ok: false, problems: [...err.problems] };
    }
    const before = this.servedBody(target);
    const changes = jsonDiff(before, target === 'clients' ? storedClients(body) : body);
    const effect: RegionEffect[] = [];
    const current = target === 'clients' ? undefined : this.fileOf(target) && this.deployment(this.fileOf(target)!);
    if (current && !Array.isArray(checked)) {
      for (const region of REGION_CODES) {
        const was = current.enabled[region];
        const now = checked.enabled[region];
        const added = now.filter((id) => !was.includes(id));
        const removed = was.filter((id) => !now.includes(id));
        if (added.length || removed.length) effect.push({ region, added, removed });
      }
    }
    return { ok: true, changes, effect };
  }

  /** Stores a document as the target's newest version and serves it here at once (every other instance within its poll). */
  async applyVersion(target: ConfigTarget, body: unknown, change: VersionChange): Promise<ConfigVersion> {
    const db = this.db;
    if (!db) throw new Error('config versions need the store (attachVersions)');
    const stored = target === 'clients' ? storedClients(body) : body;
    const proposal = this.proposeVersion(target, body);
    if (!proposal.ok) throw new ConfigProblems(proposal.problems);
    if (!proposal.changes.length) throw new ConfigProblems(['changes nothing: the document is the version served']);
    const version = await appendVersion(db, {
      target,
      body: stored,
      author: { source: 'console', name: change.by.email, role: change.by.role },
      reason: change.reason,
      ...(change.restoredFrom !== undefined ? { restoredFrom: change.restoredFrom } : {}),
      ...(change.baseVersion !== undefined ? { expected: this.newestKnown(target, change.baseVersion) } : {}),
      now: this.now(),
    });
    await this.adopt(version);
    return version;
  }

  /**
   * The newest row a change made against `base` may follow: `base` itself, or the row after it that
   * this instance refused (a stored version today's checks do not take), which no operator could have seen.
   */
  private newestKnown(target: ConfigTarget, base: number): number {
    const live = this.live.get(target);
    return live?.version?.version === base && live.refused !== undefined && live.refused > base ? live.refused : base;
  }

  /** Makes an earlier version the newest again (a new version with its document). */
  async restoreVersion(target: ConfigTarget, number: number, change: VersionChange): Promise<ConfigVersion | null> {
    const earlier = await this.readVersion(target, number);
    if (!earlier) return null;
    return this.applyVersion(target, earlier.body, { ...change, restoredFrom: number });
  }

  close(): void {
    if (this.clients && this.clientsListener) fs.unwatchFile(this.clients.file, this.clientsListener);
    this.clientsListener = null;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
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
