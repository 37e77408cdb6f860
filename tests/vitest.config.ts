import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { outsidePlugins } from '../core/build/pluginSources.mjs';
import { portalVirtualModules } from '../core/build/virtualModules.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Outside plugins (npm packages the portal depends on) inside this repository: the fixture's tests run with the house's. */
const outside = outsidePlugins(root)
  .filter((s) => s.dir.startsWith(root))
  .map((s) => path.relative(root, s.dir).split(path.sep).join('/'));
const shared = {
  plugins: [portalVirtualModules({ root })],
  esbuild: { jsx: 'automatic' as const, jsxImportSource: '@emotion/react' },
};

/**
 * Unit and component tests live beside the code. Browser code runs in jsdom; the
 * reference server's tests and the security checks run in node against real HTTP.
 */
export default defineConfig({
  root,
  ...shared,
  test: {
    globals: true,
    restoreMocks: true,
    testTimeout: 20000,
    // A server's start (stores, migrations, demo seed) takes 2 s; on a loaded 2-core machine 10 s was not always enough.
    hookTimeout: 30000,
    // vitest's default leaves one core free (cores - 1): on a 2-core CI machine that is one
    // worker for ~100 files. The main process only collects results, so use every core.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'themes/**/*.test.ts', 'config/**/*.test.ts', ...outside.map((dir) => `${dir}/**/*.test.{ts,tsx}`)],
          // A plugin's server half is tested in node, with the server's.
          exclude: ['plugins/*/server/**', ...outside.map((dir) => `${dir}/server/**`), '**/node_modules/**'],
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'plugins/*/server/**/*.test.ts', ...outside.map((dir) => `${dir}/server/**/*.test.ts`), 'scripts/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/perf/**/*.test.ts'],
          pool: 'forks',
        },
      },
    ],
  },
});
