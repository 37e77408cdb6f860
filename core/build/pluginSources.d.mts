export const PLUGIN_ID: RegExp;
export class PluginSourceError extends Error {}
export interface PluginSource {
  id: string;
  /** The plugin's real folder. */
  dir: string;
  origin: 'folder' | 'package';
  /** plugins/<id>, or the package and where it is installed. */
  label: string;
  package?: string;
  version?: string;
}
export function pluginSources(root: string): PluginSource[];
export function outsidePlugins(root: string): PluginSource[];
export function pluginIds(root: string): string[];
export function pluginDir(root: string, id: string): string;
export function pluginOfFile(root: string, file: string): PluginSource | null;
export function pluginLabel(root: string, id: string): string;
export function notPluginSources(root: string): RegExp;
export function packageLocaleFiles(root: string, languages: readonly string[]): Array<{ plugin: string; lang: string; ns: string; file: string | null }>;
