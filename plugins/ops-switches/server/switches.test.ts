/**
 * The switches section's calls against a real server (SQLite, and PostgreSQL with
 * scripts/test-postgres.sh) and a second server process on the same store: a viewer reads and
 * cannot change; an operator previews (the config check's problems, or the changes and their
 * effect), applies with a reason and a fresh second factor, and the new set is obeyed at once here
 * and by the other instance within its poll; a stale edit is refused; a restore is one step; all
 * of it audited; no end user's token opens any of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E, type ConfigVersion } from '@portal/plugin-api/contract';
import { accountRow, createAccount } from '@portal/server-api';
import { Client, enrolOperator, operatorCode, signIn, startPeers, startServer, type Peers, type TestServer } from '../../../server/test/harness';
import { SWITCHES_CALLS as C, type SwitchesOverview, type SwitchesPreview, type VersionsPage } from '../contract';

let t: TestServer;
let peers: Peers;
let viewer: { c: Client; secret: string };
let operator: { c: Client; secret: string };
/** A second operator: each confirmation spends an authenticator step, so the restore is confirmed by another operator's. */
let admin: { c: Client; secret: string };
const USE_EMAIL = 'use.member@example.com';
const PASSWORD = 'Switches-user-2026';
const original = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../config/default.json'), 'utf8')) as Record<string, unknown>;
const companyOffInUse = { ...original, regions: { ...(original.regions as object), Use: { plugins: { company: { enabled: false } } } } };
const ops = (p: string) => `/api/ops${p}`;

beforeAll(async () => {
  // A confirmation lasts two seconds here: the enrolment's own does not cover the apply below.
  t = await startServer({ limits: { configPollMs: 200, opsConfirmSeconds: 2 } });
  viewer = await enrolOperator(t, 'vera.viewer@ops.example', 'viewer');
  operator = await enrolOperator(t, 'otto.operator@ops.example', 'operator');
  admin = await enrolOperator(t, 'ada.admin@ops.example', 'admin');
  const ctx = t.server.ctx;
  await createAccount(ctx, 'Use', accountRow(ctx, { email: USE_EMAIL, passwordHash: await ctx.passwords.hash(PASSWORD), firstName: 'Una', lastName: 'Use', language: 'en_US', activated: true, privacyVersion: ctx.options.privacyPolicyVersion }));
  peers = await startPeers(t, 1);
}, 120_000);
afterAll(async () => {
  await peers?.stop();
  await t?.close();
});

/** A Use account's call of the company plugin on `base`: 200 while the plugin is on for Use, 403 -19999 once off. */
async function companyCall(base: string): Promise<[number, number]> {
  // Signed in here; the token works on every instance (they share the store).
  const user = new Client(t.base);
  await signIn(user, USE_EMAIL, PASSWORD);
  const id = (await user.get('/api/user-info', { auth: true })).body.result.accountId as string;
  const res = await user.get(`${base}/api/region/use/accounts/${id}/orgs`, { auth: true });
  return [res.status, res.body.errorCode ?? 0];
}

async function confirmed(c: Client, secret: string, step = 1) {
  expect((await c.post(ops('/confirm'), { type: 'totp', code: operatorCode(t, secret, step) })).status).toBe(200);
}

describe('switches', () => {
  it('shows every served config with its version, plugins and settings per region to every role', async () => {
    const res = await viewer.c.get<{ result: SwitchesOverview }>(ops(C.overview));
    expect(res.status).toBe(200);
    const web = res.body.result.targets.find((x) => x.target === 'web')!;
    expect(res.body.result.targets.map((x) => x.target)).toEqual(['web', 'partner_app_android', 'partner_app_ios']);
    expect(web.current).toMatchObject({ version: 1, source: 'file' });
    expect(web.enabled.Use).toContain('company');
    expect(web.settings.Euw).toHaveProperty('account');
    expect(res.body.result.plugins).toContain('company');
    expect(res.body.result.plugins.some((id) => id.startsWith('ops-'))).toBe(false);
  });

  it('lets a viewer change nothing', async () => {
    for (const [method, p, body] of [
      ['post', C.preview('web'), { body: companyOffInUse }],
      ['post', C.apply('web'), { body: companyOffInUse, reason: 'no', baseVersion: 1 }],
      ['post', C.restore('web', 1), { reason: 'no reason' }],
    ] as const) {
      const res = await viewer.c.req(method.toUpperCase(), ops(p), { body });
      expect([p, res.status, res.body.errorCode]).toEqual([p, 403, E.permissionDenied]);
    }
  });

  it("previews with config:check's problems, or the changes and which plugins appear or disappear where", async () => {
    const broken = await operator.c.post<{ result: SwitchesPreview }>(ops(C.preview('web')), { body: { ...original, plugins: { ...(original.plugins as object), compnay: { enabled: true } } } });
    expect(broken.body.result).toMatchObject({ ok: false });
    expect(JSON.stringify(broken.body.result)).toMatch(/compnay/);
    const good = await operator.c.post<{ result: SwitchesPreview }>(ops(C.preview('web')), { body: companyOffInUse });
    expect(good.body.result).toEqual({ ok: true, changes: [{ path: 'regions.Use', after: { plugins: { company: { enabled: false } } } }], effect: [{ region: 'Use', added: [], removed: ['company'] }] });
  });

  it('applies with a reason and a fresh second factor; obeyed here at once and by the other instance within seconds', async () => {
    expect(await companyCall(peers.bases[0]!)).toEqual([200, 0]);
    await new Promise((r) => setTimeout(r, 2100));
    const unconfirmed = await operator.c.post(ops(C.apply('web')), { body: companyOffInUse, reason: 'Company is not offered in Use yet', baseVersion: 1 });
    expect([unconfirmed.status, unconfirmed.body.errorCode, unconfirmed.body.result]).toEqual([403, E.mfaRequired, { confirm: true }]);
    await confirmed(operator.c, operator.secret);
    const noReason = await operator.c.post(ops(C.apply('web')), { body: companyOffInUse, reason: ' ', baseVersion: 1 });
    expect([noReason.status, noReason.body.errorCode]).toEqual([400, E.invalidParameter]);
    const applied = await operator.c.post<{ result: ConfigVersion }>(ops(C.apply('web')), { body: companyOffInUse, reason: 'Company is not offered in Use yet', baseVersion: 1 });
    expect(applied.status).toBe(200);
    expect(applied.body.result).toMatchObject({ version: 2, source: 'console', author: 'otto.operator@ops.example', authorRole: 'operator', reason: 'Company is not offered in Use yet' });
    expect(await companyCall(t.base)).toEqual([403, E.regionUnavailable]);
    const started = Date.now();
    let peer = await companyCall(peers.bases[0]!);
    while (peer[0] !== 403 && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 200));
      peer = await companyCall(peers.bases[0]!);
    }
    expect(peer).toEqual([403, E.regionUnavailable]);
    // Euw keeps it.
    expect(t.server.ctx.switches.state('company', { region: 'Euw', appType: null })).toBe('on');
  });

  it('refuses an edit begun on an older version (another operator or tab applied one since)', async () => {
    await confirmed(admin.c, admin.secret);
    const stale = await admin.c.post(ops(C.apply('web')), { body: original, reason: 'from an old tab', baseVersion: 1 });
    expect([stale.status, stale.body.errorCode, stale.body.result]).toEqual([409, E.invalidParameter, { field: 'baseVersion', current: 2 }]);
  });

  it('lists the history and restores an earlier version in one step, audited with the reason', async () => {
    const history = await viewer.c.get<{ result: VersionsPage }>(ops(C.versions('web')));
    expect(history.body.result.versions.map((v) => [v.version, v.source])).toEqual([
      [2, 'console'],
      [1, 'file'],
    ]);
    const restored = await admin.c.post<{ result: ConfigVersion }>(ops(C.restore('web', 1)), { reason: 'Company is back in Use' });
    expect(restored.status).toBe(200);
    expect(restored.body.result).toMatchObject({ version: 3, restoredFrom: 1 });
    expect(await companyCall(t.base)).toEqual([200, 0]);
    const missing = await admin.c.post(ops(C.restore('web', 99)), { reason: 'no such version' });
    expect(missing.status).toBe(404);
    const audit = (await viewer.c.get(ops('/audit?target=config:web'))).body.result.items as Array<{ action: string; reason: string; actorEmail: string }>;
    expect(audit.map((a) => [a.action, a.reason, a.actorEmail])).toEqual([
      ['switches.restore', 'Company is back in Use', 'ada.admin@ops.example'],
      ['switches.apply', 'Company is not offered in Use yet', 'otto.operator@ops.example'],
    ]);
  });

  it('lets only an admin change the fields besides the switches (the redirect allow-list), by apply or by restore; the preview names them', async () => {
    const widened = { ...original, allowedRedirects: [...((original.allowedRedirects as string[]) ?? []), 'https://attacker.example'] };
    const previewed = await operator.c.post<{ result: SwitchesPreview }>(ops(C.preview('web')), { body: widened });
    expect(previewed.body.result).toMatchObject({ ok: true, deploymentFields: ['allowedRedirects'] });
    // Two steps on: each authenticator code is taken once.
    t.clock.advance(61_000);
    await confirmed(admin.c, admin.secret, 0);
    const byAdmin = await admin.c.post<{ result: ConfigVersion }>(ops(C.apply('web')), { body: widened, reason: 'A new partner site', baseVersion: 3 });
    expect([byAdmin.status, byAdmin.body.result.version]).toEqual([200, 4]);
    await confirmed(operator.c, operator.secret, 0);
    const wider = { ...widened, allowedRedirects: [...widened.allowedRedirects, 'https://another.example'] };
    const applied = await operator.c.post(ops(C.apply('web')), { body: wider, reason: 'Send users there too', baseVersion: 4 });
    expect([applied.status, applied.body.errorCode, applied.body.result]).toEqual([403, E.permissionDenied, { needs: 'deployment', role: 'operator', fields: ['allowedRedirects'] }]);
    const restored = await operator.c.post(ops(C.restore('web', 3)), { reason: 'Back to the old list' });
    expect([restored.status, restored.body.result]).toEqual([403, { needs: 'deployment', role: 'operator', fields: ['allowedRedirects'] }]);
    // The switches stay the operator's: the same document with a switch turned is applied.
    const switched = await operator.c.post<{ result: ConfigVersion }>(ops(C.apply('web')), { body: { ...widened, regions: { Aps: { plugins: { company: { enabled: false } } } } }, reason: 'Company is paused in Aps', baseVersion: 4 });
    expect([switched.status, switched.body.result.version]).toEqual([200, 5]);
    expect((await viewer.c.get<{ result: SwitchesOverview }>(ops(C.overview))).body.result.targets[0]!.current.version).toBe(5);
  });

  it("judges an operator's restore against the version served in the store, not this instance's copy that may lag a poll (attack review)", async () => {
    // An admin narrows the allow-list again (version 6)…
    const narrowed = { ...original, regions: { Aps: { plugins: { company: { enabled: false } } } } };
    t.clock.advance(61_000);
    await confirmed(admin.c, admin.secret, 0);
    expect((await admin.c.post(ops(C.apply('web')), { body: narrowed, reason: 'Partner site is gone', baseVersion: 5 })).status).toBe(200);
    // …and this instance has not seen it yet: restoring version 5 looks like switches only against its copy.
    const versions = t.server.ctx.configs;
    const served = versions.currentVersion.bind(versions);
    const lagging = await versions.readVersion('web', 5);
    versions.currentVersion = (target) => (target === 'web' ? lagging : served(target));
    try {
      await confirmed(operator.c, operator.secret, 0);
      const restored = await operator.c.post(ops(C.restore('web', 5)), { reason: 'Back to yesterday', baseVersion: 6 });
      expect([restored.status, restored.body.result]).toEqual([403, { needs: 'deployment', role: 'operator', fields: ['allowedRedirects'] }]);
    } finally {
      versions.currentVersion = served;
    }
  });

  it("refuses an end user's token on every switches call", async () => {
    const user = new Client(t.base);
    await signIn(user, USE_EMAIL, PASSWORD);
    for (const [method, p] of [
      ['get', C.overview],
      ['post', C.preview('web')],
      ['post', C.apply('web')],
      ['get', C.versions('web')],
      ['post', C.restore('web', 1)],
    ] as const) {
      const res = await user.req(method.toUpperCase(), ops(p), { auth: true, ...(method === 'post' ? { body: { body: original, reason: 'x', baseVersion: 1 } } : {}) });
      expect([p, res.status]).toEqual([p, 401]);
    }
  });
});
