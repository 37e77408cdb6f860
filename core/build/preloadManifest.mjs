// Emits dist/preload.json: for each plugin, the files of the chunk its manifest is in and of the chunk
// each of its modules is in (e.g. a lazily loaded view), each with the chunks it imports; the locale folder;
// the plugins the config built in enables everywhere, and that config's variant and theme (for the login shell). The server writes modulepreload hints from it
// for the active config only (server/http/preloadHints.ts), so a disabled plugin stays 0 bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { enabledEverywhere } from './loginStartHtml.mjs';
import { pluginOfFile } from './pluginSources.mjs';

/** `file` and every chunk it imports statically, not counting what the entry loads already. */
function closure(bundle, file, skip, out = new Set()) {
  if (out.has(file) || skip.has(file)) return out;
  const chunk = bundle[file];
  if (!chunk || chunk.type !== 'chunk') return out;
  out.add(file);
  for (const dep of chunk.imports) closure(bundle, dep, skip, out);
  return out;
}

export function preloadManifest({ root, configFile, groups = [] }) {
  return {
    name: 'portal-preload-manifest',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error('no entry chunk');
      const skip = new Set([entry.fileName, ...entry.imports]);
      const plugins = {};
      // By module, not by chunk facade: a manifest shares its chunk with what only it imports.
      for (const chunk of chunks) {
        for (const moduleId of chunk.moduleIds) {
          // plugins/<id>/… or an outside plugin's package folder.
          const source = moduleId.startsWith('\0') ? null : pluginOfFile(root, moduleId);
          if (!source) continue;
          const module = path.relative(source.dir, moduleId).split(path.sep).join('/');
          const id = source.id;
          // A group's copy of a manifest or its config (index.group-<n>.ts, config.group-<n>.ts) is listed with its group below.
          if (/\.(test|stories)\./.test(module) || /^(index|config)\.group-\d+\.ts$/.test(module)) continue;
          plugins[id] ??= { manifest: [], modules: {} };
          const files = [...closure(bundle, chunk.fileName, skip)].map((f) => `/${f}`);
          if (module === 'index.ts') plugins[id].manifest = files;
          else plugins[id].modules[module] = files; // a module is in exactly one chunk
        }
      }
      const manifestGroups = [];
      for (const chunk of chunks) {
        const n = /^\0virtual:manifest-group\/(\d+)$/.exec(chunk.facadeModuleId ?? '')?.[1];
        const group = n === undefined ? undefined : groups[Number(n)];
        if (group) manifestGroups.push({ plugins: group.plugins, files: [...closure(bundle, chunk.fileName, skip)].map((f) => `/${f}`) });
      }
      const locales = Object.values(bundle).find((a) => a.type === 'asset' && /^assets\/l10n-[^/]+\//.test(a.fileName));
      const localeBase = locales ? `/${locales.fileName.split('/').slice(0, 2).join('/')}` : null;
      const enabled = Object.keys(plugins).filter((id) => enabledEverywhere(configFile, id));
      const config = JSON.parse(readFileSync(configFile, 'utf8'));
      const defaultLanguage = config.defaultLanguage ?? 'en_US';
      // The built-in config's look, for the login shell the server writes when no config is chosen at serve time.
      const shell = { variant: config.variant ?? 'web', theme: config.theme ?? {} };
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify({ localeBase, defaultLanguage, enabled, plugins, groups: manifestGroups, shell }) });
    },
  };
}
