#!/usr/bin/env node
// `npm run test:plugin <id> [vitest options]`: the tests of one plugin (plugins/<id>/), with the
// project's vitest config: its browser half's unit and component tests (jsdom) and, when it has a
// server half, plugins/<id>/server/**/*.test.ts (node, against a real server): the folder filter
// reaches both of the config's projects. Same as `npm run test:unit -- plugins/<id>/`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginSources } from '../core/build/pluginSources.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const [id, ...rest] = process.argv.slice(2);
const sources = pluginSources(root);
const plugins = sources.map((s) => s.id);

if (!id || !plugins.includes(id)) {
  console.error(id ? `test:plugin: no plugin '${id}' (no plugins/${id}/index.ts, and no dependency declares it).` : 'usage: npm run test:plugin <plugin id> [vitest options]');
  console.error(`plugins: ${plugins.join(', ')}`);
  process.exit(2);
}

// The trailing slash keeps 'sign-in' from also running a plugin called 'sign-in-extra'.
const result = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)), 'run', '-c', 'tests/vitest.config.ts', `${path.relative(root, sources.find((s) => s.id === id).dir)}/`, ...rest],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
