/**
 * Versions of the served configs (issue 28, section 2): the deployment config of the web, of each
 * partner app, and the connected services are documents in the shared database, each change a new
 * version with who, when, why and its diff. Every server instance serves the newest; the ops
 * console shows, previews and restores them (server/config/configVersions.ts).
 */
import { APP_TYPES, type AppType } from './partnerApp';
import type { RegionCode } from './regions';

/** The documents that have versions: the web's deployment config, each partner app's, and the connected services. */
export const CONFIG_TARGETS = ['web', ...APP_TYPES, 'clients'] as const;
/** A document that has versions (CONFIG_TARGETS). */
export type ConfigTarget = (typeof CONFIG_TARGETS)[number];
/** The targets that are deployment configs (plugin switches and settings per region). */
export type DeploymentTarget = 'web' | AppType;

/** Whether `value` names a document that has versions. */
export function isConfigTarget(value: unknown): value is ConfigTarget {
  return typeof value === 'string' && (CONFIG_TARGETS as readonly string[]).includes(value);
}

/** One change between two versions: a field's path (`plugins.company.enabled`, `regions.Use.plugins.company`) and its values; a side is absent where the field is. */
export interface JsonChange {
  path: string;
  before?: unknown;
  after?: unknown;
}

/** Where a version came from: its file (at start or on an edit of the file) or an operator in the console. */
export type VersionSource = 'file' | 'console';

/** A version as the console lists it. */
export interface ConfigVersionSummary {
  target: ConfigTarget;
  version: number;
  source: VersionSource;
  /** The file's name, or the operator's address. */
  author: string;
  authorRole: string | null;
  reason: string;
  createdAt: number;
  changes: JsonChange[];
  restoredFrom: number | null;
}

/** A version with its document. */
export interface ConfigVersion extends ConfigVersionSummary {
  body: unknown;
}

/** Plugins that a change turns on or off in one region. */
export interface RegionEffect {
  region: RegionCode;
  added: string[];
  removed: string[];
}

/** What a proposed document does, before it is applied. */
export type ConfigProposal =
  | { ok: true; changes: JsonChange[]; effect: RegionEffect[] }
  | { ok: false; problems: string[] };

/** The console's view of one deployment target: its newest version and the plugins on per region. */
export interface DeploymentOverview {
  target: DeploymentTarget;
  current: ConfigVersion;
  enabled: Record<RegionCode, string[]>;
}
