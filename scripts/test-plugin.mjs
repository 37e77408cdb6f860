#!/usr/bin/env node
// `npm run test:plugin <id> [vitest options]`: the tests of one plugin (plugins/<id>/), with the
// project's vitest config: its browser half's unit and component tests (jsdom) and, when it has a
// server half, plugins/<id>/server/**/*.test.ts (node, against a real server): the folder filter
// reaches both of the config's projects. Same as `npm run test:unit -- plugins/<id>/`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [id, ...rest] = process.argv.slice(2);
const plugins = readdirSync(new URL('../plugins', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`../plugins/${entry.name}/index.ts`, import.meta.url)))
  .map((entry) => entry.name)
  .sort();

if (!id || !plugins.includes(id)) {
  console.error(id ? `test:plugin: no plugin '${id}' (no plugins/${id}/index.ts).` : 'usage: npm run test:plugin <plugin id> [vitest options]');
  console.error(`plugins: ${plugins.join(', ')}`);
  process.exit(2);
}

// The trailing slash keeps 'sign-in' from also running a plugin called 'sign-in-extra'.
const result = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)), 'run', '-c', 'tests/vitest.config.ts', `plugins/${id}/`, ...rest],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
