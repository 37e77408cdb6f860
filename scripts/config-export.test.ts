/**
 * `npm run config:export`: an operator's version comes back out as the file it came from, and the
 * next start takes the written file as what it is (the served version), not as an edit.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openStores } from '../server/db/stores';
import { configVocabulary } from '../server/config/knownNames';
import { ServedConfigs } from '../server/config/servedConfigs';
import { REPO_ROOT } from '../server/options';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-export-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const copy = (name: string) => {
  const file = path.join(dir, name);
  fs.copyFileSync(path.join(REPO_ROOT, 'config', name), file);
  return file;
};
const web = copy('default.json');
const android = copy('app-android.json');
const ios = copy('app-ios.json');
const env = { ...process.env, DATA_DIR: path.join(dir, 'data'), PORTAL_CONFIG: web, PORTAL_APP_CONFIGS: `partner_app_android=${android},partner_app_ios=${ios}`, OPS_CONFIG: 'off', DATABASE_URL: '', LOG: '' };

/** The server's view of the configs on the data folder, as a start would have it. */
async function served<T>(use: (configs: ServedConfigs) => Promise<T>): Promise<T> {
  const stores = await openStores({ dataDir: env.DATA_DIR });
  const configs = ServedConfigs.load({ portalConfigFile: web, appConfigFiles: { partner_app_android: android, partner_app_ios: ios }, reservedClientIds: [], vocabulary: await configVocabulary(REPO_ROOT), warn: () => undefined });
  try {
    await configs.attachVersions(stores.global, { now: Date.now, pollMs: 0 });
    return await use(configs);
  } finally {
    configs.close();
    await stores.close();
  }
}

const exportConfigs = (...args: string[]) => run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/config-export.ts'), ...args], { cwd: REPO_ROOT, env, timeout: 120_000 });

describe('config:export', () => {
  it("writes the served versions to the files they came from, and a restart keeps them as they are", async () => {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const original = JSON.parse(fs.readFileSync(web, 'utf8')) as Record<string, unknown>;
    const changed = { ...original, regions: { ...(original.regions as object), Use: { plugins: { company: { enabled: false } } } } };
    await served((configs) => configs.applyVersion('web', changed, { by: { email: 'op@example.com', role: 'operator' }, reason: 'company off in Use' }));

    const { stdout } = await exportConfigs();
    expect(stdout).toMatch(/web\s+version 2 → /);
    expect(stdout).toMatch(/partner_app_android\s+version 1 → /);
    expect(JSON.parse(fs.readFileSync(web, 'utf8'))).toEqual(changed);

    await served(async (configs) => {
      const history = await configs.history('web', 10);
      expect(history.map((v) => [v.version, v.source, v.reason, v.changes.length])).toEqual([
        [3, 'file', 'written by config:export', 0],
        [2, 'console', 'company off in Use', 1],
        [1, 'file', 'the file given at start', 0],
      ]);
      expect(configs.deployment(web)!.enabled.Use).not.toContain('company');
    });
    // Started again on the written file: nothing new.
    expect(await served(async (configs) => (await configs.history('web', 10)).length)).toBe(3);
  }, 180_000);

  it('writes to another folder with --out, one file per config, and notes nothing', async () => {
    const out = path.join(dir, 'out');
    const { stdout } = await exportConfigs('--out', out);
    expect(fs.readdirSync(out).sort()).toEqual(['partner_app_android.json', 'partner_app_ios.json', 'web.json']);
    expect(stdout).toMatch(/web\s+version 3 → /);
    expect(await served(async (configs) => (await configs.history('web', 10)).length)).toBe(3);
  }, 180_000);

  it('says how it is used when the command line is wrong', async () => {
    await expect(exportConfigs('--outt', 'x')).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/Usage: npm run config:export/) });
  });
});
