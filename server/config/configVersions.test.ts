/**
 * Config versions (issue 28, section 2) on a real store, SQLite or PostgreSQL: files seed them,
 * an applied version is served here at once and by another instance on the same store after its
 * sync, a restart keeps an operator's version unless the file changed, a restore is a new
 * version, the history cannot be edited, and a clients list is stored without its secrets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../db/stores';
import type { Stores } from '../db/types';
import { sha256 } from '../domain/crypto';
import { REPO_ROOT } from '../options';
import { createTestDatabase, TEST_DATABASE_URL } from '../test/harness';
import { checkDeploymentJson } from './configChecks';
import { configVocabulary, type ConfigVocabulary } from './knownNames';
import { ConfigFileError, displayPath } from './readJsonFile';
import { ConfigProblems, ServedConfigs } from './servedConfigs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-versions-'));
const webFile = path.join(dir, 'web.json');
const clientsFile = path.join(dir, 'clients.json');
const original = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'config/default.json'), 'utf8')) as Record<string, unknown> & { regions: Record<string, unknown> };
const SECRET = 'a-long-random-client-secret-0123456789abcdef';
const clients = [{ id: 'crm', name: 'CRM', redirectUris: ['https://crm.example/cb'], secret: SECRET }];
/** The default config with company off in Use. */
const companyOffInUse = { ...original, regions: { ...original.regions, Use: { plugins: { company: { enabled: false } } } } };
const by = { by: { email: 'op@example.com', role: 'operator' }, reason: 'company is not offered in Use yet' };

let stores: Stores;
let database: { url: string; drop(): Promise<void> } | null = null;
let vocabulary: ConfigVocabulary;
const warnings: string[] = [];
const opened: ServedConfigs[] = [];

/** One instance's view of the configs, attached to the shared store (no poller: tests call sync()). */
async function instance(): Promise<ServedConfigs> {
  const served = ServedConfigs.load({ portalConfigFile: webFile, appConfigFiles: {}, clientsFile, reservedClientIds: [], vocabulary, warn: (m) => warnings.push(m) });
  served.watchClients(async () => undefined);
  await served.attachVersions(stores.global, { now: Date.now, pollMs: 0 });
  opened.push(served);
  return served;
}

function enabledIn(served: ServedConfigs, region: 'Use' | 'Euw'): string[] {
  return served.deployment(webFile)!.enabled[region];
}

beforeAll(async () => {
  fs.writeFileSync(webFile, JSON.stringify(original, null, 2));
  fs.writeFileSync(clientsFile, JSON.stringify(clients));
  vocabulary = await configVocabulary(REPO_ROOT);
  database = TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : null;
  stores = await openStores({ dataDir: dir, ...(database ? { databaseUrl: database.url } : {}) });
});

afterAll(async () => {
  for (const served of opened) served.close();
  await stores?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('config versions', () => {
  it('seeds the first version from each file, once however many instances start', async () => {
    const a = await instance();
    await instance();
    const history = await a.history('web', 10);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ version: 1, source: 'file', author: displayPath(webFile), changes: [] });
    expect(a.currentVersion('web')?.version).toBe(1);
  });

  it('stores the clients without their secrets, and still serves the file clients with theirs', async () => {
    const a = opened[0]!;
    const stored = a.currentVersion('clients')!;
    expect(JSON.stringify(stored.body)).not.toContain(SECRET);
    expect(stored.body).toEqual([{ id: 'crm', name: 'CRM', redirectUris: ['https://crm.example/cb'], secretHash: sha256(SECRET) }]);
    expect(a.clientList()[0]!.secret).toBe(SECRET);
  });

  it('previews a change: the fields it changes and the plugins each region gains or loses', () => {
    const proposal = opened[0]!.proposeVersion('web', companyOffInUse);
    expect(proposal).toEqual({ ok: true, changes: [{ path: 'regions.Use', after: { plugins: { company: { enabled: false } } } }], effect: [{ region: 'Use', added: [], removed: ['company'] }] });
  });

  it('refuses a document with the same problems as the file check (one implementation)', () => {
    const broken = { ...original, plugins: { ...(original.plugins as object), compnay: { enabled: true } } };
    const proposal = opened[0]!.proposeVersion('web', broken);
    let fileProblems: readonly string[] = [];
    try {
      checkDeploymentJson(broken, 'x', vocabulary);
    } catch (err) {
      fileProblems = (err as ConfigFileError).problems;
    }
    expect(fileProblems.length).toBeGreaterThan(0);
    expect(proposal).toEqual({ ok: false, problems: fileProblems });
    expect(fileProblems.join('\n')).toMatch(/compnay/);
  });

  it('applies a version here at once, and on another instance at its next sync', async () => {
    const [a, b] = opened as [ServedConfigs, ServedConfigs];
    await expect(a.applyVersion('web', { ...original, plugins: { nope: { enabled: true } } }, by)).rejects.toBeInstanceOf(ConfigProblems);
    const version = await a.applyVersion('web', companyOffInUse, by);
    expect(version).toMatchObject({ version: 2, source: 'console', author: 'op@example.com', authorRole: 'operator', reason: by.reason });
    expect(enabledIn(a, 'Use')).not.toContain('company');
    expect(enabledIn(a, 'Euw')).toContain('company');
    expect(enabledIn(b, 'Use')).toContain('company');
    await b.sync();
    expect(enabledIn(b, 'Use')).not.toContain('company');
    expect(b.webChangedFromFile()).toBe(true);
  });

  it("keeps an operator's version over an unchanged file at a restart", async () => {
    const restarted = await instance();
    expect(restarted.currentVersion('web')?.version).toBe(2);
    expect(enabledIn(restarted, 'Use')).not.toContain('company');
  });

  it('restores an earlier version in one step, as a new version that names it', async () => {
    const a = opened[0]!;
    const restored = await a.restoreVersion('web', 1, { ...by, reason: 'back to the file' });
    expect(restored).toMatchObject({ version: 3, restoredFrom: 1, changes: [{ path: 'regions.Use', before: { plugins: { company: { enabled: false } } } }] });
    expect(enabledIn(a, 'Use')).toContain('company');
    expect(a.webChangedFromFile()).toBe(false);
    expect(await a.restoreVersion('web', 99, by)).toBeNull();
  });

  it('takes a changed file at a restart as the newest version (config as code)', async () => {
    fs.writeFileSync(webFile, JSON.stringify({ ...original, defaultLanguage: 'de_DE' }, null, 2));
    const restarted = await instance();
    expect(restarted.currentVersion('web')).toMatchObject({ version: 4, source: 'file', changes: [{ path: 'defaultLanguage', before: 'en_US', after: 'de_DE' }] });
    expect(restarted.deployment(webFile)!.config.defaultLanguage).toBe('de_DE');
  });

  it('skips a stored version that fails its checks, says so once, and keeps serving the last good one', async () => {
    const a = opened[0]!;
    await a.sync();
    await stores.global
      .insertInto('config_versions')
      .values({ target: 'web', version: 5, body: JSON.stringify({ name: 'broken' }), source: 'console', author: 'old@example.com', author_role: 'admin', reason: 'written by older code', diff: '[]', restored_from: null, created_at: Date.now() })
      .execute();
    warnings.length = 0;
    await a.sync();
    await a.sync();
    expect(a.currentVersion('web')?.version).toBe(4);
    expect(warnings.filter((w) => w.includes('refused stored version 5 of web'))).toHaveLength(1);
  });

  it('refuses what the attack review of issue 28 got through: nesting past the limit, an app refused in one region, a web config of another variant, a change that changes nothing', () => {
    const a = opened[0]!;
    let deep: Record<string, unknown> = {};
    const top = deep;
    for (let i = 0; i < 30; i++) deep = (deep.x = {}) as Record<string, unknown>;
    const nested = { ...original, plugins: { ...(original.plugins as object), account: { enabled: true, config: top } } };
    expect(a.proposeVersion('web', nested)).toEqual({ ok: false, problems: ['nests deeper than 24 levels'] });
    expect(a.proposeVersion('web', { ...original, variant: 'app' })).toMatchObject({ ok: false, problems: [expect.stringContaining('needs "variant": "web"')] });
    const served = a.currentVersion('web')!.body;
    expect(a.proposeVersion('web', served)).toMatchObject({ ok: true, changes: [] });
    return expect(a.applyVersion('web', served, by)).rejects.toMatchObject({ problems: ['changes nothing: the document is the version served'] });
  });

  it('refuses an app config that names another app, or turns its own plugin off, in one region', () => {
    const android = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'config/app-android.json'), 'utf8')) as Record<string, unknown>;
    const otherApp = { ...android, regions: { Euw: { plugins: { 'partner-app': { config: { appType: 'partner_app_ios' } } } } } };
    expect(() => checkDeploymentJson(otherApp, 'x', vocabulary, 'partner_app_android')).toThrow(/in every region \(not so in Euw\)/);
    const offInAps = { ...android, regions: { Aps: { plugins: { 'partner-app': { enabled: false } } } } };
    expect(() => checkDeploymentJson(offInAps, 'x', vocabulary, 'partner_app_android')).toThrow(/not so in Aps/);
  });

  it('refuses a change made against an older version, in the transaction that stores it', async () => {
    const a = opened[0]!;
    const current = a.currentVersion('web')!.version;
    const changed = { ...original, defaultLanguage: 'fr_FR' };
    // The newest row is the refused version 5 (the test above): a change against the version served follows it.
    await expect(a.applyVersion('web', changed, { ...by, baseVersion: current - 1 })).rejects.toMatchObject({ name: 'VersionConflict', current: 5 });
    // Two at once against the same version: one is stored, the other refused.
    const results = await Promise.allSettled([a.applyVersion('web', changed, { ...by, baseVersion: current }), opened[1]!.applyVersion('web', { ...changed, defaultLanguage: 'it_IT' }, { ...by, baseVersion: current })]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ name: 'VersionConflict' });
  });

  it('skips a stored row that makes the checks throw (nested past any stack), and goes on syncing', async () => {
    const a = opened[0]!;
    await a.sync();
    const before = a.currentVersion('web')!.version;
    const newest = (await a.history('web', 1))[0]!.version;
    const body = `${'{"x":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    await stores.global.insertInto('config_versions').values({ target: 'web', version: newest + 1, body, source: 'console', author: 'old@example.com', author_role: 'admin', reason: 'written by older code', diff: '[]', restored_from: null, created_at: Date.now() }).execute();
    await a.sync();
    expect(a.currentVersion('web')!.version).toBe(before);
    // A version after it is served as usual, with its changes against the row before.
    const next = await a.applyVersion('web', { ...original, defaultLanguage: 'es_ES' }, { ...by, baseVersion: before });
    expect(next.version).toBe(newest + 2);
    expect(a.deployment(webFile)!.config.defaultLanguage).toBe('es_ES');
  });

  it('keeps the history: no row can be changed or deleted', async () => {
    await expect(sql`update config_versions set reason = 'x' where version = 1`.execute(stores.global)).rejects.toThrow(/append-only/);
    await expect(sql`delete from config_versions`.execute(stores.global)).rejects.toThrow(/append-only/);
  });
});
