import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** End-to-end: real Chromium (Debian's) against the built SPA served by the real reference server. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    // One browser and one server at a time: 2 cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
