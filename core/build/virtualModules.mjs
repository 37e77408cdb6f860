// Build-time virtual modules shared by rollup (production), vite (Storybook) and vitest.
// - virtual:portal-config     the active deployment config (PORTAL_CONFIG, default config/default.json)
// - virtual:plugin-catalogue  plugin id -> lazy import, one entry per plugins/<id>/index.ts
//                             and (production) `groups`: one chunk of manifests per shipped config,
//                             virtual:manifest-group/<n> (core/boot/manifestGroups.ts)
// - virtual:theme-catalogue theme name -> tokens, one entry per themes/<name>.theme.ts
// - virtual:locale-files     loadLocale(lang, ns): production builds emit every locales/<lang>/<ns>.json
//                             as a static asset under one content-hashed folder and fetch it; Vite
//                             (Storybook, vitest) loads the files through import.meta.glob.
// - virtual:common-passwords the most common entries of the server's common-password list, for
//                             the strength meter (core/validation/commonPasswordsTop.ts)
// The plugin API, @portal/plugin-api[/<entry>], is no virtual module: it is a workspace package
// (core/plugin-api/package.json), linked into node_modules by npm, whose "exports" every tool follows.
// The one fallback here: a copy of the repository whose node_modules links another checkout's (the
// scaffold's test, scripts/new-plugin.test.ts) would get that checkout's core; it gets its own.
// Adding a plugin is adding a folder, adding a theme is adding a file: the core names neither.
import { LOGIN_FIRST_LOCALE_FILE, LOGIN_FIRST_NAMESPACES } from './loginChunks.mjs';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { enabledEverywhere } from './loginStartHtml.mjs';
import { packageLocaleFiles, pluginDir, pluginIds, pluginSources } from './pluginSources.mjs';

const CONFIG_ID = 'virtual:portal-config';
const CATALOGUE_ID = 'virtual:plugin-catalogue';
const LOCALES_ID = 'virtual:locale-files';
const THEMES_ID = 'virtual:theme-catalogue';
const COMMON_PASSWORDS_ID = 'virtual:common-passwords';
const GROUP_ID = 'virtual:manifest-group/';
/** A group's own copy of a plugin's manifest: a module id of its own, so the group is one chunk and the manifest's usual chunk stays. */
const GROUP_MEMBER = /^(.+)\/index\.group-(\d+)\.ts$/;
/**
 * The group's copy of that plugin's `config.ts` (its settings' shape, pure by rule: the server loads it
 * too). Views import the original for their config handle; were the group to share it, it would be a
 * chunk of its own that every page fetches with the manifests, for six plugins six requests on /login.
 */
const GROUP_CONFIG = /^(.+)\/config\.group-(\d+)\.ts$/;
/** The plugin folder a group copy's path names (its folder must be a plugin's: plugins/<id>/ or an outside plugin's package). */
const groupPluginDir = (root, match) => (match && pluginSources(root).some((s) => posix(s.dir) === match[1]) ? match[1] : null);
const posix = (file) => file.split(path.sep).join('/');
const CONFIG_IMPORT = /(from\s+)(['"])\.\/config\2/g;
/** How many of the most common passwords the meter knows: about 4 KB gzip, in the meter's lazy chunk only. */
export const COMMON_PASSWORDS_TOP = 1000;
const THEME_FILE = /^([a-z][a-z0-9-]*)\.theme\.ts$/;
const SAFE = /^[A-Za-z0-9_-]+$/;
const PLUGIN_API = /^@portal\/plugin-api(\/[a-z][A-Za-z]*)?$/;
/** The server plugin API, which plugins' server halves (plugins/<id>/server/) import. */
const SERVER_API = '@portal/server-api';

/** The file of a plugin API entry by the "exports" of `root`'s package (null when it exports no such entry). */
function pluginApiEntry(root, id) {
  const dir = path.join(root, 'core', 'plugin-api');
  const { exports } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const target = exports[`.${PLUGIN_API.exec(id)?.[1] ?? ''}`];
  return typeof target === 'string' ? path.join(dir, target) : null;
}

/** Every locales/<lang>/<ns>.json as [lang, ns, absolute file]. */
export function localeFiles(root) {
  const dir = path.join(root, 'locales');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(dir, d.name))
        .filter((f) => f.endsWith('.json'))
        .map((f) => [d.name, f.slice(0, -'.json'.length), path.join(dir, d.name, f)]),
    )
    .sort((a, b) => a[2].localeCompare(b[2]));
}

/**
 * The outside plugins' locale files (pluginSources.mjs), as [lang, ns, file], for the languages of the
 * repository's files `own`; a language without a file has null: the build serves it as `{}`, so its
 * texts show in English key by key, with no failed request.
 */
function outsideLocaleFiles(root, own) {
  const languages = [...new Set(own.map(([lang]) => lang))];
  const taken = new Set(own.map(([, ns]) => ns));
  const owner = new Map();
  return packageLocaleFiles(root, languages).map(({ plugin, lang, ns, file }) => {
    if (taken.has(ns)) throw new Error(`Plugin '${plugin}' ships the locale namespace '${ns}', which the portal's own locales/ already has`);
    // Plugin 'a' may name one 'a-b', and so may plugin 'a-b'.
    if ((owner.get(ns) ?? plugin) !== plugin) throw new Error(`Plugins '${owner.get(ns)}' and '${plugin}' both ship the locale namespace '${ns}'`);
    owner.set(ns, plugin);
    return [lang, ns, file];
  });
}

/** The repository's locale files and the outside plugins', as [lang, ns, file] (file null: see outsideLocaleFiles). */
export function allLocaleFiles(root) {
  const own = localeFiles(root);
  return [...own, ...outsideLocaleFiles(root, own)];
}

export function activeConfigPath(root, env = process.env) {
  const chosen = env.PORTAL_CONFIG || 'config/default.json';
  return path.isAbsolute(chosen) ? chosen : path.join(root, chosen);
}

// Plugins come from plugins/<id>/ and from npm packages the deployment depends on (pluginSources.mjs).
export { pluginIds };

/** Base themes: every themes/<name>.theme.ts (its default export is the theme's tokens). */
export function themeNames(root) {
  const dir = path.join(root, 'themes');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => THEME_FILE.exec(f)?.[1])
    .filter((name) => name !== undefined)
    .sort();
}

/**
 * The manifest groups of a build: for each shipped config (config/*.json, and the active one), the
 * plugins it enables in every region, when there are two or more; configs with the same set share one.
 */
export function manifestGroupSets(root, activeConfig) {
  const dir = path.join(root, 'config');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'schema.json').map((f) => path.join(dir, f)) : [];
  if (activeConfig && !files.includes(activeConfig)) files.push(activeConfig);
  const ids = pluginIds(root);
  const groups = new Map();
  for (const file of files.sort()) {
    let plugins;
    try {
      plugins = ids.filter((id) => enabledEverywhere(file, id));
    } catch {
      continue; // not a config this build can read: the app reports it at start, not the build
    }
    const key = plugins.join(',');
    if (plugins.length >= 2 && !groups.has(key)) groups.set(key, { name: path.basename(file, '.json').replace(/[^A-Za-z0-9-]/g, '-'), plugins });
  }
  return [...groups.values()];
}

/**
 * `locales: 'assets'` (the production rollup build): locale JSON becomes static files, fetched
 * by one tiny function, so a plugin manifest carries no table of 20 locale chunks.
 * `locales: 'glob'` (Vite): import.meta.glob, so Storybook and vitest need no built files.
 * `trace` (Storybook): each plugin and locale namespace a page loads through the catalogues is told
 * to `globalThis.__portalVisualTrace`, when the page defines it (the visual run's choice of stories,
 * scripts/visual-digests.mjs).
 */
export function portalVirtualModules({ root, configPath, locales = 'glob', manifestGroups = false, trace = false } = {}) {
  const traced = (kind, key) => (trace ? `globalThis.__portalVisualTrace?.(${JSON.stringify(kind)}, ${key}), ` : '');
  const resolvedConfig = configPath ?? activeConfigPath(root);
  const groups = manifestGroups ? manifestGroupSets(root, resolvedConfig) : [];
  let localeBase = '';
  return {
    name: 'portal-virtual-modules',
    buildStart() {
      if (locales !== 'assets') return;
      const files = allLocaleFiles(root);
      const hash = createHash('sha256');
      for (const [lang, ns, file] of files) {
        if (file) this.addWatchFile?.(file);
        hash.update(`${lang}/${ns}\n`).update(file ? readFileSync(file) : '{}');
      }
      const folder = `assets/l10n-${hash.digest('hex').slice(0, 10)}`;
      localeBase = `/${folder}`;
      const first = new Map();
      for (const [lang, ns, file] of files) {
        if (!SAFE.test(lang) || !SAFE.test(ns)) throw new Error(`Unexpected locale file name: ${file}`);
        // Re-serialised compactly: the same data, fewer bytes on the wire.
        const messages = file ? JSON.parse(readFileSync(file, 'utf8')) : {};
        this.emitFile({ type: 'asset', fileName: `${folder}/${lang}/${ns}.json`, source: JSON.stringify(messages) });
        if (LOGIN_FIRST_NAMESPACES.includes(ns)) first.set(lang, { ...first.get(lang), [ns]: messages });
      }
      // What the login page reads first, as one file per language (the loader below uses it when the server hints it).
      for (const [lang, messages] of first) this.emitFile({ type: 'asset', fileName: `${folder}/${lang}/${LOGIN_FIRST_LOCALE_FILE}`, source: JSON.stringify(messages) });
    },
    // Before the bundler's own resolver ('pre'): for the plugin API, that resolver is asked first (below).
    resolveId: {
      order: 'pre',
      async handler(id, importer, options) {
        if (PLUGIN_API.test(id)) {
          // Resolved as any package (node_modules, then its "exports"), as long as that is this root's own.
          const found = await this.resolve(id, importer, { ...options, skipSelf: true });
          if (found && path.resolve(found.id).startsWith(path.resolve(root) + path.sep)) return found;
          return pluginApiEntry(root, id);
        }
        if (id === CONFIG_ID || id === CATALOGUE_ID || id === LOCALES_ID || id === THEMES_ID || id === COMMON_PASSWORDS_ID) return '\0' + id;
        if (id.startsWith(GROUP_ID)) return '\0' + id;
        if (groupPluginDir(root, GROUP_MEMBER.exec(id)) || groupPluginDir(root, GROUP_CONFIG.exec(id))) return id;
        // Server halves' tests run under vitest too; the server itself resolves it through tsconfig.json's paths (tsx).
        if (id === SERVER_API) return path.join(root, 'server', 'plugin-api', 'index.ts');
        return null;
      },
    },
    load(id) {
      if (id === '\0' + CONFIG_ID) {
        this.addWatchFile?.(resolvedConfig);
        const json = JSON.parse(readFileSync(resolvedConfig, 'utf8'));
        delete json.$schema;
        return `export default ${JSON.stringify(json)};`;
      }
      if (id === '\0' + CATALOGUE_ID) {
        const entries = pluginIds(root).map((pluginId) => {
          const file = posix(path.join(pluginDir(root, pluginId), 'index.ts'));
          return `  ${JSON.stringify(pluginId)}: () => (${traced('plugin', JSON.stringify(pluginId))}import(${JSON.stringify(file)})),`;
        });
        const grouped = groups.map((g, i) => `  { plugins: ${JSON.stringify(g.plugins)}, value: () => import(${JSON.stringify(GROUP_ID + i)}).then((m) => m.modules) },`);
        return `export const catalogue = {\n${entries.join('\n')}\n};\nexport const groups = [\n${grouped.join('\n')}\n];\n`;
      }
      if (id.startsWith('\0' + GROUP_ID)) {
        const group = groups[Number(id.slice(GROUP_ID.length + 1))];
        if (!group) return null;
        const n = id.slice(GROUP_ID.length + 1);
        const file = (pluginId) => posix(path.join(pluginDir(root, pluginId), `index.group-${n}.ts`));
        const imports = group.plugins.map((pluginId, i) => `import * as m${i} from ${JSON.stringify(file(pluginId))};`);
        const entries = group.plugins.map((pluginId, i) => `  ${JSON.stringify(pluginId)}: m${i},`);
        return `${imports.join('\n')}\nexport const modules = {\n${entries.join('\n')}\n};\n`;
      }
      const member = GROUP_MEMBER.exec(id);
      if (groupPluginDir(root, member)) {
        const source = path.join(member[1], 'index.ts');
        this.addWatchFile?.(source);
        const copy = `${member[1]}/config.group-${member[2]}.ts`;
        return readFileSync(source, 'utf8').replace(CONFIG_IMPORT, (_m, from, quote) => `${from}${quote}${copy}${quote}`);
      }
      const config = GROUP_CONFIG.exec(id);
      if (groupPluginDir(root, config)) {
        const source = path.join(config[1], 'config.ts');
        this.addWatchFile?.(source);
        return readFileSync(source, 'utf8');
      }
      if (id === '\0' + THEMES_ID) {
        // Eager: themes are a few hundred bytes each, and a client's branding may name any of them.
        const names = themeNames(root);
        const imports = names.map((name, i) => `import t${i} from ${JSON.stringify(path.join(root, 'themes', `${name}.theme.ts`).split(path.sep).join('/'))};`);
        const entries = names.map((name, i) => `  ${JSON.stringify(name)}: t${i},`);
        return `${imports.join('\n')}\nexport const themes = {\n${entries.join('\n')}\n};\n`;
      }
      if (id === '\0' + COMMON_PASSWORDS_ID) {
        // The list is ranked by frequency. Entries under 4 characters can never match a password the meter rates.
        const { dictionary } = createRequire(path.join(root, 'package.json'))('@zxcvbn-ts/language-common');
        const top = dictionary['passwords-common'].filter((word) => word.length >= 4).slice(0, COMMON_PASSWORDS_TOP);
        return `export default ${JSON.stringify(top.join('\n'))};\n`;
      }
      if (id === '\0' + LOCALES_ID) {
        const check = `const SAFE = ${SAFE};\nfunction check(lang, ns) { if (!SAFE.test(lang) || !SAFE.test(ns)) throw new Error('Bad locale name ' + lang + '/' + ns); }\n`;
        if (locales === 'assets') {
          // The login page's first namespaces come as one file when the server hinted it in the page (it
          // does on /login when their plugins are on, server/http/preloadHints.ts); a failed bundle falls
          // back to the namespace's own file.
          return `${check}export const packageTexts = {};
const BASE = ${JSON.stringify(localeBase)};
const FIRST = ${JSON.stringify(LOGIN_FIRST_NAMESPACES)};
const bundles = new Map();
function getJson(url, what) {
  return fetch(url, { credentials: 'same-origin' }).then((r) => {
    if (!r.ok) throw new Error('Locale ' + what + ': HTTP ' + r.status);
    return r.json();
  });
}
function hintedBundle(lang) {
  const href = BASE + '/' + lang + '/' + ${JSON.stringify(LOGIN_FIRST_LOCALE_FILE)};
  if (typeof document === 'undefined') return null;
  for (const link of document.querySelectorAll('link[rel="preload"][as="fetch"]')) if (link.getAttribute('href') === href) return href;
  return null;
}
export function loadLocale(lang, ns) {
  check(lang, ns);
  const own = () => getJson(BASE + '/' + lang + '/' + ns + '.json', lang + '/' + ns);
  const href = FIRST.includes(ns) ? hintedBundle(lang) : null;
  if (!href) return own();
  if (!bundles.has(href)) bundles.set(href, getJson(href, lang + '/first').catch(() => null));
  return bundles.get(href).then((all) => (all && all[ns] && typeof all[ns] === 'object' ? all[ns] : own()));
}\n`;
        }
        // Outside plugins' texts live in their packages: named one by one (`{}` where a language has none).
        const outsideFiles = outsideLocaleFiles(root, localeFiles(root));
        const outside = outsideFiles.map(([lang, ns, file]) => `  ${JSON.stringify(`/locales/${lang}/${ns}.json`)}: ${file ? `() => import(${JSON.stringify(file.split(path.sep).join('/'))}).then((m) => m.default)` : '() => Promise.resolve({})'},`);
        // And bundled up front for the test and story i18n (core/testing/testI18n.ts), which renders synchronously.
        const shipped = outsideFiles.filter(([, , file]) => file);
        const eager = shipped.map(([, , file], i) => `import p${i} from ${JSON.stringify(file.split(path.sep).join('/'))};`);
        const eagerEntries = shipped.map(([lang, ns], i) => `  ${JSON.stringify(`${lang}/${ns}`)}: p${i},`);
        return `${check}${eager.join('\n')}\nexport const packageTexts = {\n${eagerEntries.join('\n')}\n};\nconst files = { ...import.meta.glob('/locales/*/*.json', { import: 'default' }),\n${outside.join('\n')}\n};
export function loadLocale(lang, ns) {
  check(lang, ns);
  ${traced('ns', 'ns')}void 0;
  const load = files['/locales/' + lang + '/' + ns + '.json'];
  return load ? load() : Promise.reject(new Error('No locale file ' + lang + '/' + ns));
}\n`;
      }
      return null;
    },
  };
}
