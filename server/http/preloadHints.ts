/**
 * modulepreload hints the server writes into the app's page (issue 17): the browser fetches the
 * enabled plugins' manifests, and on /login the views and locale files the page shows first, with
 * the app's own scripts instead of one round trip after another. From dist/preload.json
 * (core/build/preloadManifest.mjs); only for plugins the active config enables in every region,
 * so a disabled plugin is never fetched.
 */
// What /login shows first (its layout and the default view): the build gives their shared core code one chunk.
import { LOGIN_FIRST, LOGIN_FIRST_LOCALE_FILE } from '../../core/build/loginChunks.mjs';
import { pickManifestGroup } from '../../core/boot/manifestGroups';
import { isLanguageCode } from '../../core/i18n/languages';
import type { ThemeChoice } from '../../themes/compose';

export interface PreloadManifest {
  localeBase: string | null;
  defaultLanguage: string;
  /** Enabled everywhere by the config built in (used when no config is chosen at serve time). */
  enabled: string[];
  plugins: Record<string, { manifest: string[]; modules: Record<string, string[]> }>;
  /** One chunk of manifests per shipped config, with the chunks it imports (absent in older builds). */
  groups?: Array<{ plugins: string[]; files: string[] }>;
  /** The built-in config's variant and theme choice (absent in a build older than the login shell). */
  shell?: { variant: string; theme: ThemeChoice };
}


const SAFE_FILE = /^\/assets\/[A-Za-z0-9._/-]+$/;

/** What the page fetches ahead: module scripts (`modulepreload`) and data files (`preload as=fetch`), same-origin /assets/ paths only. */
export interface PreloadFiles {
  modules: string[];
  data: string[];
}

export function preloadFiles(manifest: PreloadManifest, enabled: readonly string[], pathname: string, query: URLSearchParams, defaultLanguage?: string): PreloadFiles {
  const scripts = new Set<string>();
  const on = enabled.filter((id) => manifest.plugins[id]);
  // The group the page will load (the same choice as core/boot/loadPlugins.ts), then the manifests outside it.
  const group = pickManifestGroup((manifest.groups ?? []).map((g) => ({ plugins: g.plugins, value: g.files })), on);
  for (const file of group?.value ?? []) scripts.add(file);
  for (const id of on) if (!group?.plugins.includes(id)) for (const file of manifest.plugins[id]!.manifest) scripts.add(file);
  const data: string[] = [];
  if (pathname === '/login') {
    for (const { plugin, module } of LOGIN_FIRST) {
      if (!on.includes(plugin)) continue;
      for (const file of manifest.plugins[plugin]!.modules[module] ?? []) scripts.add(file);
    }
    const lang = query.get('lang');
    // The address's language, else the deployment's; a visitor's stored choice is not known here.
    const language = isLanguageCode(lang) ? lang : isLanguageCode(defaultLanguage) ? defaultLanguage : manifest.defaultLanguage;
    if (manifest.localeBase && isLanguageCode(language)) {
      // With every first view's plugin on, their namespaces and the core's come as one file, which the
      // SPA's locale loader uses because this hint names it (core/build/virtualModules.mjs).
      const firstOn = LOGIN_FIRST.filter((v) => on.includes(v.plugin));
      if (firstOn.length === LOGIN_FIRST.length) data.push(`${manifest.localeBase}/${language}/${LOGIN_FIRST_LOCALE_FILE}`);
      else for (const ns of ['core', ...firstOn.map((v) => v.plugin)]) data.push(`${manifest.localeBase}/${language}/${ns}.json`);
    }
  }
  return { modules: [...scripts].filter((f) => SAFE_FILE.test(f)), data: data.filter((d) => SAFE_FILE.test(d)) };
}

/** The files as hints in the page's head. */
export function preloadTags(files: PreloadFiles): string {
  const links = files.modules.map((f) => `<link rel="modulepreload" href="${f}">`);
  // as=fetch with crossorigin (anonymous): the same credentials mode as the locale loader's same-origin fetch, so the preload is used.
  for (const f of files.data) links.push(`<link rel="preload" as="fetch" crossorigin href="${f}">`);
  return links.join('');
}

/** Plugins on in every region of a checked config. */
export function enabledEverywhere(enabled: Record<string, readonly string[]>): string[] {
  const regions = Object.values(enabled);
  if (regions.length === 0) return [];
  return regions[0]!.filter((id) => regions.every((ids) => ids.includes(id)));
}
