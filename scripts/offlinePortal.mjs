// The browser's modules in Node, for building plugin registries before any browser runs a config
// (scripts/offlineRegistry.ts says why and how). openOfflinePortal(root): a Vite server in middleware
// mode over a checkout (or a copy of one) with the project's virtual modules, as vitest and Storybook
// use them; each page() is one page load, the core and the plugins evaluated anew.
// Plain JavaScript, so scripts/offlineRegistryProcess.mjs can run it in a Node process without tsx.
import { createServer, createServerModuleRunner } from 'vite';
import { portalVirtualModules } from '../core/build/virtualModules.mjs';

export async function openOfflinePortal(root) {
  const server = await createServer({
    root,
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    clearScreen: false,
    appType: 'custom',
    // As tests/vitest.config.ts: the virtual modules, and JSX through emotion.
    plugins: [portalVirtualModules({ root })],
    esbuild: { jsx: 'automatic', jsxImportSource: '@emotion/react' },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null, preTransformRequests: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  return {
    async page() {
      // Problems are reported by message; source-mapped stacks would only cost time.
      const runner = createServerModuleRunner(server.environments.ssr, { hmr: false, sourcemapInterceptor: false });
      return { import: (file) => runner.import(file), close: () => runner.close() };
    },
    close: () => server.close(),
  };
}
