// npm start: builds the SPA when dist/ is missing or older than its sources, then runs the
// reference server (API + SPA on one origin, http://localhost:8080 by default; PORT overrides).
// The build it makes always bakes in config/default.json: PORTAL_CONFIG is applied by the server at
// serve time (docs/operations.md, "Which config is active"), so what dist/ holds never depends on who started
// first. `PORTAL_CONFIG=… npm run build` still bakes another config in on purpose.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { outsidePlugins } from '../core/build/pluginSources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** What the SPA bundle is built from: a change to any of these makes dist/ stale. */
const BUILD_INPUTS = ['core', 'plugins', 'themes', 'locales', 'config', 'rollup.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Tests and stories sit beside the code but are not in the bundle. */
const NOT_BUNDLED = /\.(test|stories|e2e)\.[cm]?[jt]sx?$/;

/** Newest modification time (ms) under `target`, 0 when it does not exist. */
export function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return NOT_BUNDLED.test(target) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file only shows as its folder's change
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why dist/ must be (re)built, or null when it is current. */
export function buildReason(dir = root) {
  const index = path.join(dir, 'dist', 'index.html');
  if (!fs.existsSync(index)) return 'dist/ is missing';
  const built = fs.statSync(index).mtimeMs;
  // Outside plugins (npm packages the deployment depends on) are built from their folders too.
  const outside = outsidePlugins(dir).map((s) => s.dir);
  const changed = [...BUILD_INPUTS.map((input) => path.join(dir, input)), ...outside].find((input) => newestMtime(input) > built);
  return changed ? `${path.relative(dir, changed) || changed} changed since the last build` : null;
}

/** The build's environment: the starter's, without the config it serves (that one is applied at serve time). */
export function buildEnv(env) {
  const { PORTAL_CONFIG: _servedNotBaked, ...rest } = env;
  return rest;
}

/** A lock older than this was left by a build that died: take it over. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Runs `build` while holding `dist.lock` (a directory: mkdir is atomic), so two starters never write
 * dist/ at the same time; one that finds the lock waits for it, then asks `stillNeeded()` again, since
 * the other build may have made dist/ current.
 */
export function withBuildLock(dir, stillNeeded, build, { waitMs = 250, staleMs = STALE_LOCK_MS } = {}) {
  const lock = path.join(dir, 'dist.lock');
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let age = 0;
      try {
        age = Date.now() - fs.statSync(lock).mtimeMs;
      } catch {
        continue; // released between the two calls
      }
      if (age > staleMs) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, waitMs);
    }
  }
  try {
    return stillNeeded() ? build() : null;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function main() {
  if (buildReason()) {
    if (fs.existsSync(path.join(root, 'rollup.config.mjs'))) {
      const status = withBuildLock(root, buildReason, () => {
        console.log(`Building the portal (${buildReason()}, with config/default.json baked in)…`);
        return spawnSync(bin('rollup'), ['-c', 'rollup.config.mjs'], { cwd: root, stdio: 'inherit', env: buildEnv(process.env) }).status;
      });
      if (status !== null && status !== 0) {
        console.error('The portal build failed; fix the error above and run npm start again.');
        process.exit(status ?? 1);
      }
    } else {
      console.log('Notice: rollup.config.mjs not found, the portal cannot be built yet; serving the API alone.');
    }
  }

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HOST: '127.0.0.1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 1 : 0));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
