/**
 * The switches section's calls (`/api/ops/switches/…`), shared by its page and its server half.
 * The versions themselves are the core's (`ConfigVersion`, `ConfigProposal` in the plugin API's contract).
 */
import type { ConfigProposal, ConfigVersion, ConfigVersionSummary, DeploymentTarget, RegionCode } from '@portal/plugin-api/contract';

export const SWITCHES_CALLS = {
  overview: '/switches',
  preview: (target: DeploymentTarget) => `/switches/${target}/preview`,
  apply: (target: DeploymentTarget) => `/switches/${target}/apply`,
  versions: (target: DeploymentTarget, before?: number) => `/switches/${target}/versions${before !== undefined ? `?before=${before}` : ''}`,
  version: (target: DeploymentTarget, version: number) => `/switches/${target}/versions/${version}`,
  restore: (target: DeploymentTarget, version: number) => `/switches/${target}/versions/${version}/restore`,
} as const;

/** One deployment config as the section shows it. */
export interface SwitchesTarget {
  target: DeploymentTarget;
  /** The version served (every instance serves it within seconds of its making). */
  current: ConfigVersion;
  /** Plugins on per region. */
  enabled: Record<RegionCode, string[]>;
  /** Each plugin's settings per region as the page gets them (region overrides laid over the base, defaults filled in). */
  settings: Record<RegionCode, Record<string, unknown>>;
}

export interface SwitchesOverview {
  targets: SwitchesTarget[];
  /** Every plugin a config may name here (console plugins left out). */
  plugins: string[];
}

/** A preview's answer: the core's proposal, and the plugins it turns on that have no routes on the running instances until a restart. */
/**
 * A preview: the core's proposal, the plugins that need a restart to route, and the fields besides
 * the switches the change touches (only a role with `deployment`, an admin, may apply those).
 */
export type SwitchesPreview = ConfigProposal & { restartFor?: string[]; deploymentFields?: string[] };

export interface ApplyRequest {
  body: unknown;
  reason: string;
  /** The version the operator edited: another change since is refused (409), never overwritten. */
  baseVersion: number;
}

export interface RestoreRequest {
  reason: string;
  /** The version served when the operator chose to restore: another one since is refused (409). */
  baseVersion?: number;
}

export interface VersionsPage {
  versions: ConfigVersionSummary[];
  /** Pass as `before` for the next page; null at the first version. */
  next: number | null;
}
