/** TRUSTED_DEVICE_AT_REAUTH as an operator sets it: a value other than skip or ask stops the start, naming both. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../options';

describe('TRUSTED_DEVICE_AT_REAUTH', () => {
  it('refuses a value other than skip or ask before anything starts', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/main.ts')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', DATA_DIR: path.join(REPO_ROOT, 'server/data/never-made'), TRUSTED_DEVICE_AT_REAUTH: 'always' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('TRUSTED_DEVICE_AT_REAUTH must be skip or ask, got always');
    expect(run.stdout).not.toContain('Listening');
  });
});
