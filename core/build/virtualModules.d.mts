export function activeConfigPath(root: string, env?: Record<string, string | undefined>): string;
export function pluginIds(root: string): string[];
export function themeNames(root: string): string[];
export function manifestGroupSets(root: string, activeConfig?: string): Array<{ name: string; plugins: string[] }>;
export function portalVirtualModules(options?: { root?: string; configPath?: string; locales?: 'glob' | 'assets'; manifestGroups?: boolean; trace?: boolean }): {
  name: string;
  resolveId(id: string): string | null;
  load(this: { addWatchFile?(file: string): void }, id: string): string | null;
};
export function allLocaleFiles(root: string): Array<[lang: string, ns: string, file: string | null]>;
