import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildEnv as buildEnvUntyped, buildReason, withBuildLock } from './start.mjs';

const reason = buildReason as (dir: string) => string | null;
const buildEnv = buildEnvUntyped as (env: Record<string, string>) => Record<string, string>;
const lockRun = withBuildLock as <T>(dir: string, stillNeeded: () => boolean, build: () => T, opts?: { waitMs?: number; staleMs?: number }) => T | null;
let dir = '';

function write(file: string, ageSeconds: number) {
  const full = path.join(dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, '');
  const when = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(full, when, when);
}

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start rebuilds dist/ only when it is missing or stale', () => {
  function project() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    write('plugins/account/AccountPage.tsx', 100);
    write('config/default.json', 100);
    write('rollup.config.mjs', 100);
    // Folders count too (a deleted file shows only there): age them with their files.
    for (const folder of ['plugins/account', 'plugins', 'config']) {
      const when = new Date(Date.now() - 100_000);
      fs.utimesSync(path.join(dir, folder), when, when);
    }
  }

  it('builds when dist/ is missing', () => {
    project();
    expect(reason(dir)).toBe('dist/ is missing');
  });

  it('serves a build newer than every source as it is', () => {
    project();
    write('dist/index.html', 10);
    expect(reason(dir)).toBeNull();
  });

  it('rebuilds when a source changed after the build', () => {
    project();
    write('dist/index.html', 10);
    write('plugins/account/AccountPage.tsx', 1);
    expect(reason(dir)).toBe('plugins changed since the last build');
  });

  it('rebuilds when the deployment config changed', () => {
    project();
    write('dist/index.html', 10);
    write('config/default.json', 1);
    expect(reason(dir)).toBe('config changed since the last build');
  });

  it('ignores tests and stories beside the code, which are not bundled', () => {
    project();
    write('dist/index.html', 10);
    write('plugins/account/account.test.tsx', 1);
    write('plugins/account/AccountPage.stories.tsx', 1);
    const when = new Date(Date.now() - 100_000);
    fs.utimesSync(path.join(dir, 'plugins/account'), when, when);
    expect(reason(dir)).toBeNull();
  });
});

describe('npm start builds the same dist/ whoever starts it', () => {
  it('bakes in the default config: the config a starter serves is applied at serve time, not built in', () => {
    expect(buildEnv({ PORTAL_CONFIG: '/tmp/x/portal.json', PATH: '/usr/bin', PORT: '1' })).toEqual({ PATH: '/usr/bin', PORT: '1' });
  });

  it('lets one starter build at a time; the one that waited builds only if dist/ is still stale', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    const lock = path.join(dir, 'dist.lock');
    fs.mkdirSync(lock);
    // Another starter holds the lock and finishes its build (dist/ now current) 300 ms later.
    const other = spawn(process.execPath, ['-e', `setTimeout(() => require('fs').rmSync(${JSON.stringify(lock)}, { recursive: true }), 300)`]);
    const started = Date.now();
    let built = false;
    const result = lockRun(dir, () => fs.existsSync(path.join(dir, 'stale')), () => (built = true), { waitMs: 20 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(result).toBeNull();
    expect(built).toBe(false);
    expect(fs.existsSync(lock)).toBe(false);
    await new Promise((resolve) => (other.exitCode === null ? other.once('exit', resolve) : resolve(null)));
  });

  it('takes over a lock left by a build that died', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    const lock = path.join(dir, 'dist.lock');
    fs.mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, old, old);
    expect(lockRun(dir, () => true, () => 0, { waitMs: 5, staleMs: 30_000 })).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('builds under the lock when dist/ is stale, and releases it even when the build throws', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    const lock = path.join(dir, 'dist.lock');
    expect(lockRun(dir, () => true, () => (fs.existsSync(lock) ? 7 : -1))).toBe(7);
    expect(fs.existsSync(lock)).toBe(false);
    expect(() =>
      lockRun(dir, () => true, () => {
        throw new Error('rollup failed');
      }),
    ).toThrow('rollup failed');
    expect(fs.existsSync(lock)).toBe(false);
  });
});
