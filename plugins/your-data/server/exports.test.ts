/**
 * "Download my data" against a real server and its stores (SQLite, and PostgreSQL under
 * scripts/test-postgres.sh): asking, the job that builds the copy (stopped and resumed at each
 * step), the mail, the password before the download, the ZIP checked against every table that
 * names the person, expiry, and what another account or a wrong password gets.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E, REGION_CODES } from '@portal/plugin-api/contract';
import { Client, DEMO_PASSWORD, mails, signIn, startServer, unlock, type TestServer } from '../../../server/test/harness';
import { fillPersonalRows, leftOutTables, personalRowCounts } from '../../../server/test/personalScan';
import { EXPORT_DAYS } from '../contract';
import { BUILD_LEASE_MS, buildWaitingExports, MAX_ATTEMPTS, REQUESTS_PER_DAY } from './exports';
import { exportStore } from './tables';
import { buildArchive } from './archive';
import { createHash } from 'node:crypto';
import { getAccount } from '@portal/server-api';
import type { RegionCode } from '@portal/plugin-api/contract';

let t: TestServer;
beforeAll(async () => {
  // The job is driven step by step here.
  t = await startServer({ pluginJobs: false });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

async function signedIn(email = 'demo@example.com'): Promise<{ c: Client; id: string }> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId as string;
  return { c, id };
}

const build = (hooks?: Parameters<typeof buildWaitingExports>[2]) => buildWaitingExports(t.server.ctx, REGION_CODES, hooks);
const rowOf = async (id: string) => {
  for (const region of REGION_CODES) {
    const row = await exportStore(t.server.ctx, region).selectFrom('your_data_exports').selectAll().where('account_id', '=', id).executeTakeFirst();
    if (row) return row;
  }
  return null;
};

/** The download, as bytes (the harness's client reads text). */
async function download(c: Client, id: string, password: string): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await fetch(`${t.base}/api/accounts/${id}/data-export/download`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${c.accessToken}`, 'Content-Type': 'application/json', 'X-Portal-Request': '1' },
    body: JSON.stringify({ password }),
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

const readyMails = async (c: Client, email: string) => (await mails(c, email)).filter((m) => /copy of your Unified ID data is ready/.test(m.subject));

describe('asking for a copy', () => {
  it('is queued once however often it is asked while being made, and recorded in the activity', async () => {
    const { c, id } = await signedIn();
    expect((await c.get(`/api/accounts/${id}/data-export`, { auth: true })).body.result).toEqual({ export: null });
    const first = await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    expect(first.status, first.text).toBe(200);
    expect(first.body.result.export).toMatchObject({ state: 'queued', readyAt: null, size: null });
    const again = await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    expect(again.body.result.export.requestedAt).toBe(first.body.result.export.requestedAt);
    const events = (await c.get(`/api/account/${id}/security-events`, { auth: true })).body.result.events as Array<{ kind: string }>;
    expect(events.filter((e) => e.kind === 'data_export_requested')).toHaveLength(1);
    await c.req('DELETE', `/api/accounts/${id}/data-export`, { auth: true });
  });

  it('is refused for another account and without a session', async () => {
    const { c } = await signedIn();
    const { id: other } = await signedIn('owner@example.com');
    const res = await c.post(`/api/accounts/${other}/data-export`, undefined, { auth: true });
    expect(res.body.errorCode).toBe(E.accountError);
    expect(await rowOf(other)).toBeNull();
    const anonymous = await new Client(t.base).get(`/api/accounts/${other}/data-export`);
    expect(anonymous.status).toBe(401);
  });

  it(`is limited to ${REQUESTS_PER_DAY} new copies a day`, async () => {
    const { c, id } = await signedIn('member@example.com');
    for (let i = 0; i < REQUESTS_PER_DAY; i++) {
      expect((await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true })).status).toBe(200);
      await c.req('DELETE', `/api/accounts/${id}/data-export`, { auth: true });
    }
    const refused = await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe(E.rateLimited);
    expect(refused.body.result.retryAfterSeconds).toBeGreaterThan(0);
    t.clock.advance(DAY + 1000);
    const later = (await signedIn('member@example.com')).c; // the day's session has ended meanwhile
    expect((await later.post(`/api/accounts/${id}/data-export`, undefined, { auth: true })).status).toBe(200);
    await later.req('DELETE', `/api/accounts/${id}/data-export`, { auth: true });
  });
});

describe('the copy', () => {
  it('is built by the job, mailed once, and downloaded only with the password; it holds every table that names the person', async () => {
    const { c, id } = await signedIn();
    await unlock(c, DEMO_PASSWORD); // a one-time token and a security event more to find
    await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    // What the stores hold about the person as the copy is made (the ready mail and the download come after).
    const counts = await personalRowCounts(t.server.ctx, { id, email: 'demo@example.com' });
    expect(await build()).toBe(1);
    expect(await build()).toBe(0);
    const state = (await c.get(`/api/accounts/${id}/data-export`, { auth: true })).body.result.export;
    expect(state).toMatchObject({ state: 'ready', downloadedAt: null });
    expect(state.expiresAt - state.readyAt).toBe(EXPORT_DAYS * DAY);
    expect(state.size).toBeGreaterThan(500);
    const mailed = await readyMails(c, 'demo@example.com');
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.links.some((link) => link.endsWith('/accountSetting/your-data'))).toBe(true);

    const wrong = await download(c, id, 'Not-the-password-1');
    expect(JSON.parse(wrong.body.toString()).errorCode).toBe(E.wrongCredentials);
    const anonymous = await fetch(`${t.base}/api/accounts/${id}/data-export/download`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: DEMO_PASSWORD }) });
    expect(anonymous.status).toBe(401);

    const ok = await download(c, id, DEMO_PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/zip');
    expect(ok.headers.get('content-disposition')).toMatch(/^attachment; filename="unified-id-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(ok.body));
    const text = (name: string) => strFromU8(files[name]!);
    expect(text('README.txt')).toContain('Your Unified ID data');
    const manifest = JSON.parse(text('manifest.json')) as { account: { id: string; email: string }; files: Array<{ path: string; rows?: number }> };
    expect(manifest.account).toMatchObject({ id, email: 'demo@example.com' });

    // Every table of every store that names the person contributes all its rows (or is declared left out).
    const leftOut = leftOutTables(t.server.ctx);
    expect(counts.size).toBeGreaterThan(5);
    for (const [key, count] of counts) {
      if (leftOut.has(key)) continue;
      const table = key.split('.')[1]!;
      const file = Object.keys(files).find((name) => name.endsWith(`/${table}.json`));
      expect(file, `${key} has no file`).toBeDefined();
      expect((JSON.parse(text(file!)) as unknown[]).length, key).toBe(count);
    }
    const account = (JSON.parse(text('core/accounts.json')) as Array<Record<string, unknown>>)[0]!;
    expect(account).toMatchObject({ id, email: 'demo@example.com' });
    expect(account).not.toHaveProperty('password_hash');
    expect(typeof account.created_at).toBe('string'); // times as ISO 8601
    // No secret leaves in any file.
    const stored = await t.server.ctx.region('Use').selectFrom('accounts').select('password_hash').where('id', '=', id).executeTakeFirst();
    const all = Object.values(files).map((bytes) => Buffer.from(bytes).toString('latin1')).join('\n');
    const secret = stored?.password_hash ?? (await t.server.ctx.region('Euw').selectFrom('accounts').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
    expect(all).not.toContain(secret);
    expect(all).not.toContain(c.accessToken!);
    expect(JSON.parse(text('core/connected-services.json'))).toEqual(expect.arrayContaining([expect.objectContaining({ clientId: 'portal' })]));

    const events = (await c.get(`/api/account/${id}/security-events`, { auth: true })).body.result.events as Array<{ kind: string }>;
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['data_export_downloaded', 'security_unlock_failed']));
    expect((await c.get(`/api/accounts/${id}/data-export`, { auth: true })).body.result.export.downloadedAt).not.toBeNull();
  });

  it('holds a row of every table that can name a person: each filled with one, each found in its file', async () => {
    const { c, id } = await signedIn('us@example.com');
    const { filled, refused } = await fillPersonalRows(t.server.ctx, { id, email: 'us@example.com', region: 'Use' });
    expect(refused).toEqual([]);
    expect(filled.length).toBeGreaterThan(20);
    await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    const counts = await personalRowCounts(t.server.ctx, { id, email: 'us@example.com' });
    expect(await build()).toBe(1);
    const files = unzipSync(new Uint8Array((await download(c, id, DEMO_PASSWORD)).body));
    const leftOut = leftOutTables(t.server.ctx);
    const missing: string[] = [];
    for (const key of filled) {
      if (leftOut.has(key)) continue;
      const file = Object.keys(files).find((name) => name.endsWith(`/${key.split('.')[1]}.json`));
      const rows = file ? (JSON.parse(strFromU8(files[file]!)) as unknown[]).length : 0;
      if (rows !== counts.get(key)) missing.push(`${key}: ${rows} of ${counts.get(key)}`);
    }
    expect(missing).toEqual([]);
  });

  it('an ID without a password of its own (made at another provider) is told to set one; nothing counts toward its lock', async () => {
    const { c, id } = await signedIn('locked-soon@example.com');
    await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    await build();
    const accounts = () => t.server.ctx.region('Euw').updateTable('accounts').where('id', '=', id);
    await accounts().set({ password_set: 0, failed_attempts: 4 }).execute(); // one more wrong password would lock it
    try {
      const refused = await download(c, id, DEMO_PASSWORD);
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.body.toString())).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'password', reason: 'notSet' } });
      const account = await t.server.ctx.region('Euw').selectFrom('accounts').select(['failed_attempts', 'locked_until']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(account).toEqual({ failed_attempts: 4, locked_until: null });
    } finally {
      await accounts().set({ password_set: 1 }).execute();
    }
    expect((await download(c, id, DEMO_PASSWORD)).status).toBe(200);
  });

  it('ends after its days: no longer shown or served, then deleted by the job', async () => {
    const { c: before, id } = await signedIn('owner@example.com');
    await before.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    await build();
    t.clock.advance(EXPORT_DAYS * DAY + 1000);
    const { c } = await signedIn('owner@example.com');
    expect((await c.get(`/api/accounts/${id}/data-export`, { auth: true })).body.result.export).toBeNull();
    const gone = await download(c, id, DEMO_PASSWORD);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body.toString())).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'export' } });
    const { pruneExports } = await import('./exports');
    expect(await pruneExports(t.server.ctx, REGION_CODES)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeNull();
  });
});

describe('the archive', () => {
  it('holds uploads up to its limit, the avatar in use first; the rest are listed, not included', async () => {
    const { c, id } = await signedIn('admin@example.com');
    const png = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1000, fill)]);
    const send = async (file: Buffer, name: string) => {
      const form = new FormData();
      form.append('md5', createHash('md5').update(file).digest('hex'));
      form.append('file', new Blob([new Uint8Array(file)]), name);
      return (await c.req('POST', '/api/accounts/avatar/upload', { auth: true, form })).body.result.avatarFileId as string;
    };
    const old = await send(png(1), 'old.png');
    const used = await send(png(2), '\u202Egnp.exe');
    await c.post('/api/accounts/avatar/update', { avatarFileId: used, accountId: id }, { auth: true });
    const region = (await c.get('/api/user-info', { auth: true })).body.result.region as RegionCode;
    const account = await getAccount(t.server.ctx, region, id);
    const built = await buildArchive(t.server.ctx, region, account, 'de_DE', 1500);
    const files = unzipSync(built.zip);
    const uploads = Object.keys(files).filter((name) => name.startsWith('uploads/'));
    expect(uploads).toEqual([`uploads/avatar-${used.slice(0, 8)}-_gnp.exe`]); // no direction override in a name
    expect(built.notIncluded).toEqual([{ id: old, name: 'old.png' }]);
    expect(JSON.parse(strFromU8(files['manifest.json']!)).notIncluded).toEqual(built.notIncluded);
    // The README in the person's language, saying what was left out.
    expect(strFromU8(files['README.txt']!)).toMatch(/^Ihre Unified ID-Daten|Unified ID/);
    expect(strFromU8(files['README.txt']!)).toContain('notIncluded');
  });
});

describe('the job', () => {
  it('resumes a build whose server died after the claim, once the claim runs out, and mails once', async () => {
    const { c, id } = await signedIn('member@example.com');
    await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    const died = new Error('the server died');
    await expect(build({ claimed: () => Promise.reject(died) })).rejects.toBe(died);
    expect(await rowOf(id)).toMatchObject({ state: 'building', attempts: 1 });
    expect(await build()).toBe(0); // the claim still holds
    t.clock.advance(BUILD_LEASE_MS + 1);
    expect(await build()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ state: 'ready', attempts: 2 });
    expect(await readyMails(c, 'member@example.com')).toHaveLength(1);
    await c.req('DELETE', `/api/accounts/${id}/data-export`, { auth: true });
  });

  it('a build that stalled past its claim writes nothing when it wakes: the copy is built once', async () => {
    const { c, id } = await signedIn('member@example.com');
    await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    let wake!: () => void;
    const stalled = build({ built: () => new Promise<void>((resolve) => (wake = resolve)) });
    while (!wake) await new Promise((resolve) => setTimeout(resolve, 10));
    t.clock.advance(BUILD_LEASE_MS + 1);
    expect(await build()).toBe(1);
    const ready = await rowOf(id);
    wake();
    expect(await stalled).toBe(0);
    expect(await rowOf(id)).toMatchObject({ state: 'ready', ready_at: ready!.ready_at, sha256: ready!.sha256 });
    await c.req('DELETE', `/api/accounts/${id}/data-export`, { auth: true });
  });

  it('a server that died after storing the copy mails it on the next run, once', async () => {
    const { c, id } = await signedIn('admin@example.com');
    await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    await expect(build({ stored: () => Promise.reject(new Error('died')) })).rejects.toThrow('died');
    expect(await rowOf(id)).toMatchObject({ state: 'ready', mailed_at: null });
    expect(await readyMails(c, 'admin@example.com')).toHaveLength(0);
    await build();
    await build();
    expect(await readyMails(c, 'admin@example.com')).toHaveLength(1);
  });

  it(`gives up a copy whose builds died ${MAX_ATTEMPTS} times (its claim ran out each time) instead of claiming it again`, async () => {
    const { c, id } = await signedIn('member@example.com');
    await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await expect(build({ claimed: () => Promise.reject(new Error('the server died')) })).rejects.toThrow('the server died');
      t.clock.advance(BUILD_LEASE_MS + 1);
    }
    expect(await rowOf(id)).toMatchObject({ state: 'building', attempts: MAX_ATTEMPTS });
    expect(await build({ claimed: () => Promise.reject(new Error('claimed again')) })).toBe(0);
    expect(await rowOf(id)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, last_error: 'claim ran out' });
    await c.req('DELETE', `/api/accounts/${id}/data-export`, { auth: true });
  });

  it('one copy that fails does not hold up another: it is built and mailed in the same run', async () => {
    const broken = await signedIn('owner@example.com');
    const fine = await signedIn('demo@example.com');
    await broken.c.post(`/api/accounts/${broken.id}/data-export`, undefined, { auth: true });
    await fine.c.post(`/api/accounts/${fine.id}/data-export`, undefined, { auth: true });
    const mailedBefore = (await readyMails(fine.c, 'demo@example.com')).length;
    await expect(build({ built: (row) => (row.account_id === broken.id ? Promise.reject(new TypeError('broken')) : Promise.resolve()) })).rejects.toThrow('broken');
    expect(await rowOf(broken.id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(await rowOf(fine.id)).toMatchObject({ state: 'ready' });
    expect(await readyMails(fine.c, 'demo@example.com')).toHaveLength(mailedBefore + 1);
    await broken.c.req('DELETE', `/api/accounts/${broken.id}/data-export`, { auth: true });
    await fine.c.req('DELETE', `/api/accounts/${fine.id}/data-export`, { auth: true });
  });

  it(`gives up after ${MAX_ATTEMPTS} failed builds; asking again starts afresh`, async () => {
    const { c, id } = await signedIn('owner@example.com');
    await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true });
    for (let i = 0; i < MAX_ATTEMPTS; i++) await expect(build({ built: () => Promise.reject(new TypeError('broken')) })).rejects.toThrow('broken');
    expect(await rowOf(id)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, last_error: 'TypeError' });
    expect((await c.get(`/api/accounts/${id}/data-export`, { auth: true })).body.result.export.state).toBe('failed');
    expect((await c.post(`/api/accounts/${id}/data-export`, undefined, { auth: true })).body.result.export.state).toBe('queued');
    expect(await build()).toBe(1);
  });
});
