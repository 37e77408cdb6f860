// Where the portal's plugins come from, for every tool that finds them (the build's catalogue, the
// server's halves, the config vocabulary, the locales, lint, Storybook, npm start's staleness check):
//
// - a folder of this repository, plugins/<id>/ with an index.ts;
// - an npm package the deployment depends on (package.json `dependencies`, `optionalDependencies`
//   or `devDependencies`) whose package.json says `"portal": { "plugin": "<id>" }`. Its folder has the
//   layout of a plugin folder (index.ts, config.ts, server/index.ts, locales/<lang>/<id>.json, …);
//   the portal compiles its sources with its own build, as it does its own plugins.
//
// Adding an outside plugin is adding a dependency and naming its id in a deployment config: no file
// of the portal names it. Two sources claiming one id stop every tool with a message naming both.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export const PLUGIN_ID = /^[a-z][a-z0-9-]*$/;
const DEPENDENCY_FIELDS = ['dependencies', 'optionalDependencies', 'devDependencies'];

export class PluginSourceError extends Error {
  name = 'PluginSourceError';
}

/** Plugins in plugins/<id>/ (a folder with an index.ts). */
function folderPlugins(root) {
  const dir = path.join(root, 'plugins');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'index.ts')))
    .map((d) => ({ id: d.name, dir: path.join(dir, d.name), origin: 'folder', label: `plugins/${d.name}` }));
}

/** The plugin a dependency declares, or null when it is an ordinary package. */
function packagePlugin(root, name) {
  const folder = path.join(root, 'node_modules', ...name.split('/'));
  const manifest = path.join(folder, 'package.json');
  if (!existsSync(manifest)) return null; // not installed (yet): npm install reports that, not us
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const declared = pkg?.portal?.plugin;
  if (declared === undefined) return null;
  const label = `${name} (node_modules/${name})`;
  if (typeof declared !== 'string' || !PLUGIN_ID.test(declared)) throw new PluginSourceError(`${label}: package.json "portal.plugin" must be a plugin id (lower-case letters, digits and dashes), not ${JSON.stringify(declared)}`);
  // Its real folder: npm links a `file:` dependency, and bundlers resolve modules to real paths.
  const dir = realpathSync(folder);
  if (!existsSync(path.join(dir, 'index.ts'))) throw new PluginSourceError(`${label}: a plugin package has its manifest in index.ts beside its package.json`);
  return { id: declared, dir, origin: 'package', package: name, version: typeof pkg.version === 'string' ? pkg.version : '', label };
}

function declaredPackages(root) {
  const manifest = path.join(root, 'package.json');
  if (!existsSync(manifest)) return [];
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const names = new Set(DEPENDENCY_FIELDS.flatMap((field) => Object.keys(pkg[field] ?? {})));
  return [...names]
    .sort()
    .map((name) => packagePlugin(root, name))
    .filter((found) => found !== null);
}

const cache = new Map();

/** The key under which a root's sources are cached: its package.json and plugins/ as they are now. */
function stamp(root) {
  const of = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
  return `${of(path.join(root, 'package.json'))}:${of(path.join(root, 'plugins'))}:${of(path.join(root, 'node_modules'))}`;
}

/**
 * Every plugin of `root`, sorted by id: `{ id, dir, origin: 'folder' | 'package', label, package?, version? }`.
 * Throws a PluginSourceError when two sources claim one id.
 */
export function pluginSources(root) {
  const key = stamp(root);
  const hit = cache.get(root);
  if (hit && hit.key === key) return hit.sources;
  const sources = [...folderPlugins(root), ...declaredPackages(root)];
  const byId = new Map();
  for (const source of sources) {
    const other = byId.get(source.id);
    if (other) throw new PluginSourceError(`two plugins claim the id '${source.id}': ${other.label} and ${source.label}; a deployment can run only one of them`);
    byId.set(source.id, source);
  }
  sources.sort((a, b) => a.id.localeCompare(b.id));
  cache.set(root, { key, sources });
  return sources;
}

/** The plugins that come from npm packages (the outside plugins). */
export function outsidePlugins(root) {
  return pluginSources(root).filter((s) => s.origin === 'package');
}

/** The ids of every plugin of `root`. */
export function pluginIds(root) {
  return pluginSources(root).map((s) => s.id);
}

/** The folder of plugin `id` (plugins/<id>/ or its package's real folder). */
export function pluginDir(root, id) {
  const found = pluginSources(root).find((s) => s.id === id);
  return found ? found.dir : path.join(root, 'plugins', id);
}

/** The plugin whose folder holds `file`, or null. */
export function pluginOfFile(root, file) {
  const target = path.resolve(file);
  return pluginSources(root).find((s) => target === s.dir || target.startsWith(s.dir + path.sep)) ?? null;
}

/** What a tool prints for plugin `id`: plugins/<id> or the package it comes from. */
export function pluginLabel(root, id) {
  return pluginSources(root).find((s) => s.id === id)?.label ?? `plugins/${id}`;
}

/**
 * What the build's TypeScript step leaves alone: node_modules, except the folders of plugin packages
 * (they ship their sources, compiled with the portal's own settings).
 */
export function notPluginSources(root) {
  const names = outsidePlugins(root).map((s) => s.package.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return names.length === 0 ? /node_modules/ : new RegExp(`node_modules/(?!(?:${names.join('|')})/)`);
}

/** The language every text falls back to, key by key (core/i18n/languages.ts DEFAULT_LANGUAGE). */
const ENGLISH = 'en_US';

/**
 * An outside plugin's texts: `<its folder>/locales/<lang>/<ns>.json`, where English names the
 * namespaces (its id, or `<id>-<more>`). For each language of the portal (`languages`): the file, or
 * null where the plugin ships none (its texts then show in English, key by key).
 */
export function packageLocaleFiles(root, languages) {
  const out = [];
  for (const source of outsidePlugins(root)) {
    const english = path.join(source.dir, 'locales', ENGLISH);
    if (!existsSync(english)) continue;
    for (const file of readdirSync(english).filter((f) => f.endsWith('.json')).sort()) {
      const ns = file.slice(0, -'.json'.length);
      if (ns !== source.id && !ns.startsWith(`${source.id}-`)) throw new PluginSourceError(`${source.label}: locales/${ENGLISH}/${file}: a plugin's namespaces are named after it ('${source.id}' or '${source.id}-…')`);
      for (const lang of languages) {
        const own = path.join(source.dir, 'locales', lang, file);
        out.push({ plugin: source.id, lang, ns, file: existsSync(own) ? own : null });
      }
    }
  }
  return out;
}
