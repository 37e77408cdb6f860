// Production build of the SPA: hashed, code-split ES chunks in dist/assets and an index.html.
// PORTAL_CONFIG=config/<name>.json chooses the deployment config baked in (default config/default.json);
// ROLLUP_WATCH (rollup -w, used by `npm run dev`) rebuilds on change.
import commonjs from '@rollup/plugin-commonjs';
import dynamicImportVars from '@rollup/plugin-dynamic-import-vars';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'rollup-plugin-esbuild';
import { activeConfigPath, manifestGroupSets, pluginIds, portalVirtualModules } from './core/build/virtualModules.mjs';
import { htmlEntry } from './core/build/htmlEntry.mjs';
import { loginSharedChunks } from './core/build/loginChunks.mjs';
import { enabledEverywhere, loginStartHtml } from './core/build/loginStartHtml.mjs';
import { precompress } from './core/build/precompress.mjs';
import { preloadManifest } from './core/build/preloadManifest.mjs';
import { notPluginSources, pluginOfFile } from './core/build/pluginSources.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const production = !process.env.ROLLUP_WATCH;
// One chunk of manifests per shipped config (core/boot/manifestGroups.ts), named after its config.
const groups = manifestGroupSets(root, activeConfigPath(root));
// The core code the login page's first views share: one chunk, not fifteen (core/build/loginChunks.mjs).
const loginShared = loginSharedChunks(root, pluginIds(root).filter((id) => enabledEverywhere(activeConfigPath(root), id)));
// The SPA build is the same whatever the caller's NODE_ENV (e2e servers run with
// development): some packages pick their development builds from it, 9 KB more on /login.
if (production) process.env.NODE_ENV = 'production';

const app = {
  input: { main: 'core/main.tsx' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: 'assets/[name]-[hash].js',
    // Plugin and locale chunks carry their owner in the name, so a test (and an operator)
    // can see exactly which plugin's code the browser fetched.
    chunkFileNames(chunk) {
      const id = chunk.facadeModuleId ?? chunk.moduleIds[chunk.moduleIds.length - 1] ?? '';
      const group = /^\0virtual:manifest-group\/(\d+)$/.exec(id);
      if (group) return `assets/manifests-${groups[Number(group[1])]?.name ?? group[1]}-[hash].js`;
      // plugins/<id>/… or an outside plugin's package folder: named after the plugin either way.
      const plugin = id.startsWith('\0') ? null : pluginOfFile(root, id);
      if (plugin) {
        const part = id === path.join(plugin.dir, 'index.ts') ? 'manifest' : '[name]';
        return `assets/plugin-${plugin.id}-${part}-[hash].js`;
      }
      const locale = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
      if (locale) return `assets/locale-${locale[1]}-${locale[2]}-[hash].js`;
      return 'assets/[name]-[hash].js';
    },
    assetFileNames: 'assets/[name]-[hash][extname]',
    sourcemap: true,
    // React and its scheduler change rarely: one long-cached chunk.
    manualChunks(id, api) {
      if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
      return loginShared(id, api);
    },
  },
  preserveEntrySignatures: false,
  // The plugin API (core/plugin-api) only re-exports: marked free of side effects, a chunk that imports
  // one name from it depends on that name's module alone, not on everything the API offers. The rest of
  // the core is imported for its exports only (no `import './x'` anywhere): marked the same, a module
  // no one uses a name of is left out, instead of staying behind as an `import './x.js'` for its
  // top-level calls (forwardRef, createContext), one more request on /login.
  treeshake: { moduleSideEffects: (id) => !id.includes('/locales/') && !/\/core\/(?!main\.tsx$)/.test(id) },
  plugins: [
    // A production build starts from an empty dist/, so no stale chunk is ever served.
    { name: 'clean-dist', buildStart: () => (production ? rmSync('dist', { recursive: true, force: true }) : undefined) },
    portalVirtualModules({ root, locales: 'assets', manifestGroups: true }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    esbuild({
      include: /\.[jt]sx?$/,
      exclude: notPluginSources(root),
      target: 'es2022',
      jsx: 'automatic',
      jsxImportSource: '@emotion/react',
      minify: production,
      legalComments: 'none',
      tsconfig: 'tsconfig.json',
    }),
    // After esbuild: these parse plain JavaScript.
    json({ compact: true }),
    dynamicImportVars({ warnOnError: true }),
    htmlEntry({ title: 'Unified ID', favicon: 'themes/default.favicon.svg' }),
    preloadManifest({ root, configFile: activeConfigPath(root), groups }),
    // Watch builds (npm run dev) skip it: each rebuild would pay for brotli's highest level.
    production && precompress({ dir: 'dist/assets' }),
  ],
  onwarn(warning, warn) {
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return; // 'use client' banners in dependencies
    warn(warning);
  },
};

// The start script of a bare /login (plugins/authorize/loginStart.ts): its own build, so it stays one
// file of a few hundred bytes that shares no chunk with the app. Runs after the app's (which empties dist/).
const loginStart = {
  input: { 'login-start': 'plugins/authorize/loginStart.ts' },
  output: { dir: 'dist', format: 'es', entryFileNames: 'assets/[name]-[hash].js', sourcemap: true },
  treeshake: app.treeshake,
  plugins: [
    portalVirtualModules({ root }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.json'] }),
    esbuild({ include: /\.[jt]sx?$/, exclude: notPluginSources(root), target: 'es2022', minify: production, legalComments: 'none', tsconfig: 'tsconfig.json' }),
    json({ compact: true }),
    loginStartHtml({ configFile: activeConfigPath(root), title: 'Unified ID' }),
    production && precompress({ dir: 'dist/assets', only: /\/login-start-/ }),
  ],
};

export default [app, loginStart];
