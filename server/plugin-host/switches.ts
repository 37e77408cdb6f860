/**
 * The deployment configs' plugin switches, obeyed by the server (issue 25, section 2). A plugin
 * that a config turns off for a region or an app type is off there for its API too, not only for
 * its menu entries: its routes answer 403 -19999 (`PluginOffResult`) to the accounts it is off
 * for. Read from the served configs on every request, so a live edit applies at once.
 */
import type { PluginOffResult } from '../../core/contract/api';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { APP_CLIENT_IDS, APP_TYPES, type AppType } from '../../core/contract/partnerApp';
import { REGION_CODES, type RegionCode } from '../../core/contract/regions';
import path from 'node:path';
import type { CheckedDeployment } from '../config/configChecks';
import { fail } from '../http/errors';
import { REPO_ROOT, type ServerOptions } from '../options';

/** Who asks: the account's region (null while unknown) and the partner app whose token it holds (null on the web). */
export interface Asker {
  region: RegionCode | null;
  appType: AppType | null;
}

export type SwitchState = 'on' | 'off-here' | 'off-everywhere';

/** The served configs' last good versions, by file (ServedConfigs.deployment). */
export type DeploymentLookup = (file: string) => CheckedDeployment | null;

export class PluginSwitches {
  /** The plugins on in some served config at start: only those have routes, so only those may be on later. */
  private startedOn: ReadonlySet<string> | null = null;

  constructor(
    private readonly deployment: DeploymentLookup,
    /** The web config the SPA runs: PORTAL_CONFIG, else the one the build bakes in. */
    private readonly webFile: string,
    private readonly appFiles: Partial<Record<AppType, string>>,
    /** The ops console's config (OPS_CONFIG): its plugins answer only under /api/ops. */
    private readonly consoleFile: string | null = null,
  ) {}

  /** Enabled plugins per region of the config that serves this asker. */
  private enabledFor(appType: AppType | null): Record<RegionCode, string[]> | null {
    const file = (appType && this.appFiles[appType]) || this.webFile;
    return this.deployment(file)?.enabled ?? null;
  }

  private files(): string[] {
    return [this.webFile, ...APP_TYPES.flatMap((t) => this.appFiles[t] ?? []), ...(this.consoleFile ? [this.consoleFile] : [])];
  }

  /** On in the ops console's config (any region: the console has none), and on at start: its console routes answer. */
  onInConsole(id: string): boolean {
    if (!this.consoleFile) return false;
    if (this.startedOn && !this.startedOn.has(id)) return false;
    const enabled = this.deployment(this.consoleFile)?.enabled;
    return enabled !== undefined && REGION_CODES.some((r) => enabled[r].includes(id));
  }

  /**
   * Notes which plugins are on somewhere now, at start: a plugin off everywhere then has no routes,
   * so a live edit that turns it on later must not bring back its part of the sign-in either (a
   * migration token no route takes, a help-desk sign-in with no hand-back). It needs a restart.
   */
  markStarted(): void {
    const on = new Set<string>();
    for (const file of this.files()) {
      const enabled = this.deployment(file)?.enabled;
      if (enabled) for (const region of REGION_CODES) for (const id of enabled[region]) on.add(id);
    }
    this.startedOn = on;
  }

  /** Whether the plugin had its routes registered at start: one off everywhere then gets them only at a restart. */
  routedSinceStart(id: string): boolean {
    return !this.startedOn || this.startedOn.has(id);
  }

  /** On in some region of some served config (and, after start, on at start too): its routes are registered. */
  onAnywhere(id: string): boolean {
    if (this.startedOn && !this.startedOn.has(id)) return false;
    return this.files().some((file) => {
      const enabled = this.deployment(file)?.enabled;
      return enabled !== undefined && REGION_CODES.some((r) => enabled[r].includes(id));
    });
  }

  state(id: string, asker: Asker): SwitchState {
    if (!this.onAnywhere(id)) return 'off-everywhere';
    const enabled = this.enabledFor(asker.appType);
    if (!enabled) return 'off-here';
    // Before the region is known (a sign-in step on the global host), a plugin on in any region of the asker's config may answer.
    const regions = asker.region ? [asker.region] : REGION_CODES;
    return regions.some((r) => enabled[r].includes(id)) ? 'on' : 'off-here';
  }

  /** Refuses a call of a plugin that is off for this asker: 404 where it is off everywhere (as an unknown path), else 403 -19999. */
  require(id: string, asker: Asker): void {
    const state = this.state(id, asker);
    if (state === 'on') return;
    if (state === 'off-everywhere') fail(E.badRequest, undefined, 'Unknown API path.', 404);
    const result: PluginOffResult = { plugin: id, offIn: asker.region, appType: asker.appType };
    fail(E.regionUnavailable, result, `The ${id} service is turned off for ${asker.appType ?? 'the web'}${asker.region ? ` in region ${asker.region}` : ''}.`, 403);
  }
}

/** The partner app a token was issued to, or null for any other client. */
export function appTypeOfClient(clientId: string): AppType | null {
  return APP_TYPES.find((t) => APP_CLIENT_IDS[t] === clientId) ?? null;
}

/**
 * The web config whose switches the server obeys: the one it serves (PORTAL_CONFIG), else the
 * one `npm start` bakes into the build.
 */
export function webConfigFile(options: Pick<ServerOptions, 'portalConfigFile'>): string {
  return options.portalConfigFile ?? path.join(REPO_ROOT, 'config', 'default.json');
}
