import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildReason } from './start.mjs';

const reason = buildReason as (dir: string) => string | null;
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
