/**
 * What configs may name, found the way the build finds it: the folders under plugins/, the files
 * themes/<name>.theme.ts, and each plugin's settings shape (plugins/<id>/config.ts), so the
 * server checks configs with the very shapes the browser uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pluginIds, themeNames } from '../../core/build/virtualModules.mjs';
import type { KnownNames } from '../../core/config/loadConfig';
import type { PluginSchemas } from '../../core/config/pluginSettings';
import type { Shape } from '../../core/config/shape';

export interface ConfigVocabulary {
  known: Required<KnownNames>;
  schemas: PluginSchemas;
}

const cache = new Map<string, Promise<ConfigVocabulary>>();

function isShape(value: unknown): value is Shape<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Shape<unknown>).parse === 'function';
}

async function load(root: string): Promise<ConfigVocabulary> {
  const plugins = pluginIds(root);
  const schemas: PluginSchemas = {};
  for (const id of plugins) {
    const file = path.join(root, 'plugins', id, 'config.ts');
    if (!fs.existsSync(file)) {
      schemas[id] = undefined;
      continue;
    }
    const mod = (await import(pathToFileURL(file).href)) as { configSchema?: unknown };
    if (!isShape(mod.configSchema)) throw new Error(`plugins/${id}/config.ts must export configSchema (a config shape)`);
    schemas[id] = mod.configSchema;
  }
  return { known: { plugins, themes: themeNames(root) }, schemas };
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
