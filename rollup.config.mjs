// Production build of the SPA: hashed, code-split ES chunks in dist/assets and an index.html.
// PORTAL_CONFIG=config/<name>.json chooses the deployment config baked in (default config/default.json);
// ROLLUP_WATCH (rollup -w, used by `npm run dev`) rebuilds on change.
import commonjs from '@rollup/plugin-commonjs';
import dynamicImportVars from '@rollup/plugin-dynamic-import-vars';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { fileURLToPath } from 'node:url';
import esbuild from 'rollup-plugin-esbuild';
import { portalVirtualModules } from './core/build/virtualModules.mjs';
import { htmlEntry } from './core/build/htmlEntry.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const production = !process.env.ROLLUP_WATCH;

export default {
  input: { main: 'core/main.tsx' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: 'assets/[name]-[hash].js',
    chunkFileNames: 'assets/[name]-[hash].js',
    assetFileNames: 'assets/[name]-[hash][extname]',
    sourcemap: true,
    // React and its scheduler change rarely: one long-cached chunk.
    manualChunks(id) {
      if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
      return undefined;
    },
  },
  preserveEntrySignatures: false,
  treeshake: { moduleSideEffects: (id) => !id.includes('/locales/') },
  plugins: [
    portalVirtualModules({ root }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    json({ compact: true }),
    dynamicImportVars({ warnOnError: true }),
    esbuild({
      include: /\.[jt]sx?$/,
      target: 'es2022',
      jsx: 'automatic',
      jsxImportSource: '@emotion/react',
      minify: production,
      legalComments: 'none',
      tsconfig: 'tsconfig.json',
    }),
    htmlEntry({ title: 'Unified ID' }),
  ],
  onwarn(warning, warn) {
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return; // 'use client' banners in dependencies
    warn(warning);
  },
};
