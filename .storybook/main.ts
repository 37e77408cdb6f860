import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { outsidePlugins } from '../core/build/pluginSources.mjs';
import { portalVirtualModules } from '../core/build/virtualModules.mjs';
import { moduleGraph } from '../core/build/moduleGraph.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Storybook for the portal's primitives, plugins and themes; also the page Loki
 * screenshots (see tests/visual/README.md). No addons: the static build is what CI
 * screenshots, so it is kept small and fast, and nothing talks to the network.
 */
const config: StorybookConfig = {
  stories: [
    '../core/**/*.stories.tsx',
    '../plugins/**/*.stories.tsx',
    '../themes/**/*.stories.tsx',
    '../tests/visual/**/*.stories.tsx',
    // Outside plugins (npm packages the portal depends on, core/build/pluginSources.mjs) bring their stories.
    ...outsidePlugins(root).map((s) => `${path.relative(path.join(root, '.storybook'), s.dir).split(path.sep).join('/')}/**/*.stories.tsx`),
  ],
  addons: [],
  framework: { name: '@storybook/react-vite', options: {} },
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
    enableCrashReports: false,
  },
  // No docs addon, so no docgen: it is the slowest part of a build.
  typescript: { reactDocgen: false, check: false },
  async viteFinal(viteConfig) {
    return {
      ...viteConfig,
      plugins: [
        ...(viteConfig.plugins ?? []),
        portalVirtualModules({ root, trace: true }),
        // VISUAL_GRAPH=<file>: the build's module graph, for the visual run's choice of stories.
        ...(process.env.VISUAL_GRAPH ? [moduleGraph({ root, file: process.env.VISUAL_GRAPH })] : []),
      ],
      esbuild: {
        ...(typeof viteConfig.esbuild === 'object' ? viteConfig.esbuild : {}),
        jsx: 'automatic',
        jsxImportSource: '@emotion/react',
      },
      // Dev server only: without @vitejs/plugin-react nothing asks Vite to pre-bundle React
      // itself, and @storybook/react's (unbundled) renderer then gets React's raw CommonJS
      // ("does not provide an export named 'default'").
      optimizeDeps: {
        ...viteConfig.optimizeDeps,
        include: [
          ...(viteConfig.optimizeDeps?.include ?? []),
          'react',
          'react-dom',
          'react-dom/client',
          'react/jsx-runtime',
          'react/jsx-dev-runtime',
        ],
      },
      // Same copy of these everywhere, whichever folder imports them.
      resolve: {
        ...viteConfig.resolve,
        dedupe: [...(viteConfig.resolve?.dedupe ?? []), 'react', 'react-dom', '@emotion/react', 'jotai', 'i18next', 'react-i18next'],
      },
      build: {
        ...viteConfig.build,
        // Storybook's own chunks are large; the warning is noise for a test build.
        chunkSizeWarningLimit: 4096,
        reportCompressedSize: false,
        rollupOptions: {
          ...viteConfig.build?.rollupOptions,
          onwarn(warning, defaultHandler) {
            // headlessui ships "use client" directives, meaningless outside server components.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            const previous = viteConfig.build?.rollupOptions?.onwarn;
            if (previous) previous(warning, defaultHandler);
            else defaultHandler(warning);
          },
        },
      },
      logLevel: 'warn',
    };
  },
};

export default config;
