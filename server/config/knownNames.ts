/**
 * What configs may name, found the way the build finds it: the folders under plugins/, the files
 * themes/<name>.theme.ts, and from each plugin's pure plugins/<id>/config.ts its settings shape
 * (`configSchema`, so the server checks configs with the very shapes the browser uses) and the
 * plugins it needs (`needs`). Both exports are optional.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { themeNames } from '../../core/build/virtualModules.mjs';
import { pluginSources } from '../../core/build/pluginSources.mjs';
import type { KnownNames } from '../../core/config/loadConfig';
import type { PluginNeeds, PluginSchemas } from '../../core/config/pluginSettings';
import type { Shape } from '../../core/config/shape';
import { hint } from '../../core/config/suggest';

export interface ConfigVocabulary {
  known: Required<KnownNames>;
  schemas: PluginSchemas;
  /**
   * Every plugin's needs by id ([] when it declares none): the plugins that must be on wherever it
   * is on (`export const needs = ['mfa'] as const` in plugins/<id>/config.ts).
   */
  needs: PluginNeeds;
  /** Where each plugin comes from, as messages name it: `plugins/<id>`, or its npm package. */
  sources: Record<string, string>;
  /**
   * Where each plugin runs: the portal's pages ('web', the default) or the ops console's
   * (`export const surface = 'console'` in plugins/<id>/config.ts). A config runs its own kind only.
   */
  surfaces: Record<string, PluginSurface>;
}

export type PluginSurface = 'web' | 'console';

/** A plugin's `surface`: 'web' when it declares none. */
function readSurface(where: string, value: unknown): PluginSurface {
  if (value === undefined) return 'web';
  if (value !== 'web' && value !== 'console') throw new Error(`${where}: surface must be 'web' or 'console' (export const surface = 'console' as const)`);
  return value;
}

const cache = new Map<string, Promise<ConfigVocabulary>>();

function isShape(value: unknown): value is Shape<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Shape<unknown>).parse === 'function';
}

/** A plugin's `needs`: a list of other plugins' ids. */
function readNeeds(id: string, value: unknown, plugins: readonly string[]): string[] {
  if (value === undefined) return [];
  const where = `plugins/${id}/config.ts: needs`;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error(`${where} must be a list of plugin ids (export const needs = ['mfa'] as const)`);
  for (const needed of value as string[]) {
    if (needed === id) throw new Error(`${where} names '${id}' itself`);
    if (!plugins.includes(needed)) throw new Error(`${where} '${needed}', which is not a plugin (a folder under plugins/); ${hint(needed, plugins)}`);
  }
  return [...new Set(value as string[])];
}

async function load(root: string): Promise<ConfigVocabulary> {
  const found = pluginSources(root);
  const plugins = found.map((s) => s.id);
  const schemas: PluginSchemas = {};
  const needs: PluginNeeds = {};
  const surfaces: Record<string, PluginSurface> = {};
  for (const { id, dir, origin, label } of found) {
    const file = path.join(dir, 'config.ts');
    // plugins/<id>/config.ts, or `<package> (node_modules/…): config.ts` for an outside plugin.
    const where = origin === 'folder' ? `${label}/config.ts` : `${label}: config.ts`;
    schemas[id] = undefined;
    needs[id] = [];
    surfaces[id] = 'web';
    if (!fs.existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { configSchema?: unknown; needs?: unknown; surface?: unknown };
    if (mod.configSchema !== undefined && !isShape(mod.configSchema)) throw new Error(`${where}: configSchema must be a config shape (@portal/plugin-api/config)`);
    schemas[id] = isShape(mod.configSchema) ? mod.configSchema : undefined;
    needs[id] = readNeeds(id, mod.needs, plugins);
    surfaces[id] = readSurface(where, mod.surface);
  }
  const sources = Object.fromEntries(found.map((s) => [s.id, s.package ?? `plugins/${s.id}`]));
  return { known: { plugins, themes: themeNames(root) }, schemas, needs, sources, surfaces };
}

export function configVocabulary(root: string): Promise<ConfigVocabulary> {
  let found = cache.get(root);
  if (!found) cache.set(root, (found = load(root)));
  return found;
}

/** The vocabulary as the files say now (a plugin was just added to them), not as first read. */
export function freshConfigVocabulary(root: string): Promise<ConfigVocabulary> {
  cache.delete(root);
  return configVocabulary(root);
}
