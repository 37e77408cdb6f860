import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** End-to-end: real Chromium (Debian's) against the built SPA served by the real reference server. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at a time, each with its own server, database and browser: much of an
    // e2e test is waiting (timers, the unlock expiry, mail), which the other file fills.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
