// The login page's first views and one chunk for the core code they share (issue 17).
// Rollup splits the core modules that several lazily loaded views import into one small chunk per
// combination of importers: fifteen 0.1–2 KB files before the sign-in form could show. This puts the
// core modules that the login page's first views and the plugin manifests import (and the entry does
// not) into one chunk. Only core code goes there, never a plugin's: a plugin that is off still costs
// nothing. What a module needs is read from its syntax tree, following the plugin API's re-exports
// name by name, so the chunk holds what those views use, not everything the API offers.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pluginDir } from './pluginSources.mjs';

/** What /login shows first: its layout and the default view (the server preloads the same). */
export const LOGIN_FIRST = [
  { plugin: 'login-layout', module: 'LoginPage.tsx' },
  { plugin: 'sign-in', module: 'SignInView.tsx' },
];

/** Their locale namespaces with the core's: one file per language (`<lang>/_first.json`), used when the server hints it. */
export const LOGIN_FIRST_NAMESPACES = ['core', ...LOGIN_FIRST.map((v) => v.plugin)];
export const LOGIN_FIRST_LOCALE_FILE = '_first.json';

export const LOGIN_SHARED_CHUNK = 'login-shared';
const ENTRY_CHUNK = 'main';

const PLUGIN_API = /^@portal\/plugin-api(?:\/([a-z][A-Za-z]*))?$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The file a specifier names, or null for a package (and anything not on disk). */
function resolveSpecifier(root, from, specifier) {
  const api = PLUGIN_API.exec(specifier);
  if (api) return path.join(root, 'core', 'plugin-api', `${api[1] ?? 'index'}.ts`);
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const ext of EXTENSIONS) if (existsSync(base + ext) && !existsSync(base + ext + '/')) return base + ext;
  return null;
}

/** The module's import declarations as [resolved file, imported names] (types are gone after esbuild). */
function importsOf(root, id, ast) {
  const out = [];
  for (const node of ast?.body ?? []) {
    if (node.type !== 'ImportDeclaration') continue;
    const file = resolveSpecifier(root, id, node.source.value);
    if (!file) continue;
    const names = node.specifiers.map((s) => (s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : s.type === 'ImportDefaultSpecifier' ? 'default' : '*'));
    out.push([file, names.length ? names : ['*']]);
  }
  return out;
}

/** Where the module re-exports each name from (`export { a } from`, `export * from`). */
function reExportsOf(root, id, ast) {
  const byName = new Map();
  const star = [];
  for (const node of ast?.body ?? []) {
    if (node.type === 'ExportNamedDeclaration' && node.source) {
      const file = resolveSpecifier(root, id, node.source.value);
      for (const s of node.specifiers) byName.set(s.exported.name ?? s.exported.value, [file, s.local.name ?? s.local.value]);
    } else if (node.type === 'ExportAllDeclaration' && node.source && !node.exported) star.push(resolveSpecifier(root, id, node.source.value));
  }
  return { byName, star };
}

/**
 * manualChunks for the login page: core modules reachable (statically) from the login page's first
 * views and from the manifests of `plugins` (those the built-in config enables everywhere), minus what
 * the entry already holds, go to LOGIN_SHARED_CHUNK. Core code a plugin that is off needs stays out.
 */
export function loginSharedChunks(root, plugins, entry = path.join(root, 'core', 'main.tsx')) {
  const core = path.join(root, 'core') + path.sep;
  let shared = null;

  const compute = (getModuleInfo) => {
    const astOf = (id) => getModuleInfo(id)?.ast ?? null;
    // The entry's static closure, whole modules: that code is on every page already.
    const inEntry = new Set();
    const walkEntry = (id) => {
      if (inEntry.has(id)) return;
      inEntry.add(id);
      for (const dep of getModuleInfo(id)?.importedIds ?? []) walkEntry(dep);
    };
    walkEntry(entry);

    const needed = new Set();
    const seenNames = new Set();
    // A name wanted from a module: a re-export is followed to the module that defines it (barrels such
    // as the plugin API cost nothing themselves); a name the module defines needs the whole module.
    const want = (file, name) => {
      const key = `${file}#${name}`;
      if (seenNames.has(key)) return;
      seenNames.add(key);
      const { byName, star } = reExportsOf(root, file, astOf(file));
      if (name === '*') {
        visit(file);
        for (const [from, local] of byName.values()) if (from) want(from, local);
        for (const from of star) if (from) want(from, '*');
        return;
      }
      const direct = byName.get(name);
      if (direct) return direct[0] ? want(direct[0], direct[1]) : undefined;
      const fromStar = star.find((from) => from && exportsName(from, name, new Set()));
      // Not re-exported: the module defines it itself, so it is needed whole.
      return fromStar ? want(fromStar, name) : visit(file);
    };
    // Whether a module exports `name`, itself or through its re-exports.
    const exportsName = (file, name, seen) => {
      if (seen.has(file)) return false;
      seen.add(file);
      if (getModuleInfo(file)?.exports?.includes(name)) return true;
      const { byName, star } = reExportsOf(root, file, astOf(file));
      return byName.has(name) || star.some((from) => from && exportsName(from, name, seen));
    };
    // A whole module: its own code and what it imports (its re-exports only when a name is wanted).
    const visit = (id) => {
      if (needed.has(id)) return;
      needed.add(id);
      for (const [file, names] of importsOf(root, id, astOf(id))) for (const name of names) want(file, name);
    };

    const roots = [
      ...LOGIN_FIRST.filter(({ plugin }) => plugins.includes(plugin)).map(({ plugin, module }) => path.join(pluginDir(root, plugin), module)),
      ...plugins.map((plugin) => path.join(pluginDir(root, plugin), 'index.ts')),
    ];
    for (const id of roots) if (getModuleInfo(id)) visit(id);
    // A barrel (only imports, re-exports and esbuild's "use strict") has no code of its own to place,
    // and placing it would pull everything it re-exports into the chunk.
    const ownCode = (id) =>
      (astOf(id)?.body ?? []).some((n) => n.type !== 'ImportDeclaration' && !(n.type === 'ExportNamedDeclaration' && n.source) && n.type !== 'ExportAllDeclaration' && !n.directive);
    return { inEntry, shared: new Set([...needed].filter((id) => id.startsWith(core) && !inEntry.has(id) && ownCode(id))) };
  };

  return (id, { getModuleInfo }) => {
    shared ??= compute(getModuleInfo);
    if (shared.shared.has(id)) return LOGIN_SHARED_CHUNK;
    // Rollup moves a manual chunk's imports into it unless they have a chunk of their own: the entry's
    // code is named to stay in the entry chunk.
    if (shared.inEntry.has(id)) return ENTRY_CHUNK;
    return undefined;
  };
}
