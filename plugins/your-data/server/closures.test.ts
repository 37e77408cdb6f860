/**
 * "Delete my account" against a real server and its stores (SQLite, and PostgreSQL under
 * scripts/test-postgres.sh): what closing means, the password and the company rules before it, the
 * closed ID refused everywhere at once, the restore link within the grace, and the erasure after it
 * (killed at each step and resumed) leaving no row in any store that names the person, with the
 * operator's legal retention as the one documented exception.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { accountRow, createAccount, createOneTimeToken, type ServerContext as Ctx } from '@portal/server-api';
import type { RegionCode } from '@portal/plugin-api/contract';
import { Client, DEMO_PASSWORD, login, mails, signIn, startLogin, startServer, type TestServer } from '../../../server/test/harness';
import { fillPersonalRows, personalRowCounts, rowsMentioning } from '../../../server/test/personalScan';
import { eraseDueAccounts, ERASE_LEASE_MS } from './closures';
import { closureStore } from './tables';

const DAY = 86_400_000;
let t: TestServer;
beforeAll(async () => {
  // The erasure job is driven step by step here.
  t = await startServer({ pluginJobs: false });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A new activated ID with the demo password. */
async function person(ctx: Ctx, region: RegionCode = 'Euw'): Promise<{ id: string; email: string; region: RegionCode }> {
  const email = `leaver${++n}-${Date.now()}@example.com`;
  const row = accountRow(ctx, { email, passwordHash: await ctx.passwords.hash(DEMO_PASSWORD), firstName: 'Lea', lastName: 'Ver', country: 'DE', language: 'en_US', activated: true, privacyVersion: ctx.options.privacyPolicyVersion });
  await createAccount(ctx, region, row);
  return { id: row.id, email, region };
}

async function signedIn(email: string): Promise<Client> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  return c;
}

const close = (c: Client, id: string, password = DEMO_PASSWORD) => c.post(`/api/accounts/${id}/closure`, { password }, { auth: true });
const restoreToken = async (c: Client, email: string) => {
  const mail = (await mails(c, email)).find((m) => /will be deleted/.test(m.subject));
  if (!mail) throw new Error(`no closure mail to ${email}`);
  const link = mail.links.find((l) => l.includes('/restore-account'))!;
  return decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
};
/**
 * The tables an erasure keeps by design (their `erase: {kept}`, listed in docs/operations.md): the
 * console's operators and its append-only audit. The scan's made-up rows put the person there.
 */
const KEPT = { 'global.ops_console_audit': 1, 'global.ops_console_operators': 1 };
const closureOf = (p: { id: string; region: RegionCode }) => closureStore(t.server.ctx, p.region).selectFrom('your_data_closures').selectAll().where('account_id', '=', p.id).executeTakeFirst();

describe('closing an ID', () => {
  it('says what closing means: the grace, the services told, whether a password is set', async () => {
    const p = await person(t.server.ctx);
    const c = await signedIn(p.email);
    const facts = await c.get(`/api/accounts/${p.id}/closure`, { auth: true });
    expect(facts.status, facts.text).toBe(200);
    expect(facts.body.result).toMatchObject({ graceDays: 14, handOver: null, companyGoes: null, passwordSet: true });
    // The portal's own sign-in made tokens for its client: it is named.
    expect(facts.body.result.services.length).toBeGreaterThan(0);
    expect((await c.get(`/api/accounts/${p.id}/closure`)).status).toBe(401);
  });

  it('asks for the password: a wrong one is refused and counted, and nothing closes', async () => {
    const p = await person(t.server.ctx);
    const c = await signedIn(p.email);
    const wrong = await close(c, p.id, 'Not-the-password-1');
    expect(wrong.body.errorCode).toBe(E.wrongCredentials);
    expect(await closureOf(p)).toBeUndefined();
    const account = await t.server.ctx.region('Euw').selectFrom('accounts').select(['closed_at', 'failed_attempts']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(account).toEqual({ closed_at: null, failed_attempts: 1 });
  });

  it("is refused for another person's ID", async () => {
    const p = await person(t.server.ctx);
    const other = await person(t.server.ctx);
    const c = await signedIn(p.email);
    expect((await close(c, other.id)).body.errorCode).toBe(E.accountError);
    expect(await closureOf(other)).toBeUndefined();
  });

  it('closes at once: no sign-in, no session, no token, no mailed link, and a mail with the restore link', async () => {
    const p = await person(t.server.ctx);
    const c = await signedIn(p.email);
    const other = await signedIn(p.email); // a second device
    const before = t.server.ctx.now();
    const res = await close(c, p.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.eraseAt).toBeGreaterThanOrEqual(before + 14 * DAY);
    // Both devices' tokens end, and their refresh tokens too.
    for (const device of [c, other]) {
      expect((await device.get('/api/user-info', { auth: true })).body.errorCode).toBe(E.invalidToken);
      const refreshed = await device.post('/api/token', { grant_type: 'refresh_token', client_id: 'portal', refresh_token: device.refreshToken });
      expect(refreshed.status).not.toBe(200);
    }
    // The password is right, and the sign-in says the ID is closed; a wrong one says only that it is wrong.
    const { sessionCode } = await startLogin(new Client(t.base));
    const right = await login(new Client(t.base), sessionCode, { email: p.email, password: DEMO_PASSWORD });
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ errorCode: E.accountError, result: { reason: 'closed' } });
    const wrong = await login(new Client(t.base), (await startLogin(new Client(t.base))).sessionCode, { email: p.email, password: 'Not-the-password-1' });
    expect(wrong.body.errorCode).toBe(E.wrongCredentials);
    // A password reset mails nothing: a new password would open nothing.
    const mailsBefore = (await mails(c, p.email)).length;
    await c.post('/api/auth/password-reset-request', { email: p.email });
    expect((await mails(c, p.email)).length).toBe(mailsBefore);
    expect(await t.server.ctx.region('Euw').selectFrom('one_time_tokens').select('kind').where('account_id', '=', p.id).execute()).toEqual([]);
    // Closing twice is said, not done twice.
    const events = await t.server.ctx.region('Euw').selectFrom('security_events').select('kind').where('account_id', '=', p.id).where('kind', '=', 'account_closed').execute();
    expect(events).toHaveLength(1);
    expect(await restoreToken(c, p.email)).toMatch(/^euw\./);
  });

  it("waits for a company's hand-over while others are in it; a company of one goes with its owner", async () => {
    const c = await signedIn('owner@example.com');
    const owner = (await c.get('/api/user-info', { auth: true })).body.result.accountId as string;
    const facts = (await c.get(`/api/accounts/${owner}/closure`, { auth: true })).body.result;
    expect(facts.handOver).toEqual({ company: 'Contoso Demo Ltd' });
    const refused = await close(c, owner);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'company', reason: 'handOver', company: 'Contoso Demo Ltd' } });
    expect((await c.get('/api/user-info', { auth: true })).status).toBe(200);

    const founder = await signedIn('founder@example.com');
    const founderId = (await founder.get('/api/user-info', { auth: true })).body.result.accountId as string;
    expect((await founder.get(`/api/accounts/${founderId}/closure`, { auth: true })).body.result).toMatchObject({ handOver: null, companyGoes: { company: 'Fabrikam Startup' } });
  });
});

describe('restoring within the grace', () => {
  it('the link shows the ID, restores it once, and the password signs in again', async () => {
    const p = await person(t.server.ctx);
    const c = await signedIn(p.email);
    await close(c, p.id);
    const token = await restoreToken(c, p.email);
    const anon = new Client(t.base);
    const check = await anon.post('/api/account-restore/check', { token });
    expect(check.body.result).toMatchObject({ email: p.email });
    // Looking is not restoring (a mail scanner opens links).
    expect((await closureOf(p))?.state).toBe('closed');
    const restored = await anon.post('/api/account-restore', { token });
    expect(restored.status, restored.text).toBe(200);
    expect(await closureOf(p)).toBeUndefined();
    const again = await anon.post('/api/account-restore', { token });
    expect(again.body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'invalid' } });
    await signedIn(p.email);
    const kinds = (await t.server.ctx.region('Euw').selectFrom('security_events').select('kind').where('account_id', '=', p.id).execute()).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['account_closed', 'account_restored']));
  });

  it('a made-up or altered token restores nothing', async () => {
    const anon = new Client(t.base);
    for (const token of ['euw.AAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'nonsense', 'xx.' + 'A'.repeat(40)]) {
      const res = await anon.post('/api/account-restore', { token });
      expect(res.body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'invalid' } });
    }
  });

  it('after the grace the link is spent: the time passed', async () => {
    const p = await person(t.server.ctx);
    const c = await signedIn(p.email);
    await close(c, p.id);
    const token = await restoreToken(c, p.email);
    await closureStore(t.server.ctx, 'Euw').updateTable('your_data_closures').set({ erase_at: t.server.ctx.now() - 1 }).where('account_id', '=', p.id).execute();
    const res = await new Client(t.base).post('/api/account-restore', { token });
    expect(res.body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'expired' } });
    await eraseDueAccounts(t.server.ctx);
  });
});

describe('the erasure after the grace', () => {
  it('killed after its claim and after erasing, then resumed, leaves no row naming the person in any store', async () => {
    const ctx = t.server.ctx;
    const p = await person(ctx);
    const c = await signedIn(p.email);
    // Every table that can name a person gets a row of theirs, and an avatar's bytes.
    const { filled } = await fillPersonalRows(ctx, p);
    expect(filled.length).toBeGreaterThan(15);
    const form = new FormData();
    form.append('md5', createHash('md5').update(pngBytes()).digest('hex'));
    form.append('file', new Blob([new Uint8Array(pngBytes())]), 'me.png');
    const avatar = await c.req('POST', '/api/accounts/avatar/upload', { auth: true, form });
    expect(avatar.status, avatar.text).toBe(200);
    const stored = await ctx.region('Euw').selectFrom('files').select('stored_name').where('id', '=', avatar.body.result.avatarFileId).execute();
    const bytesAt = stored.map((f) => path.join(t.dataDir, 'uploads', 'euw', f.stored_name));
    expect(bytesAt.length === 1 && existsSync(bytesAt[0]!)).toBe(true);
    const someoneElse = await person(ctx);
    await fillPersonalRows(ctx, someoneElse);
    const othersBefore = await personalRowCounts(ctx, someoneElse);
    // The scan made up a closure of theirs too: the real one replaces it.
    await closureStore(ctx, 'Euw').deleteFrom('your_data_closures').where('account_id', '=', p.id).execute();
    expect((await close(c, p.id)).status).toBe(200);
    expect(await eraseDueAccounts(ctx)).toBe(0); // not yet: the grace runs
    // The other tests' closed IDs are not due in this one.
    await closureStore(ctx, 'Euw').updateTable('your_data_closures').set({ erase_at: ctx.now() + 365 * DAY }).where('account_id', '!=', p.id).execute();

    t.clock.advance(14 * DAY + 1000);
    try {
      // The server "dies" right after the claim: nothing erased, the claim holds.
      await expect(eraseDueAccounts(ctx, { claimed: () => Promise.reject(new Error('killed')) })).rejects.toThrow('killed');
      expect(Object.keys(await rowsMentioning(ctx, p)).length).toBeGreaterThan(10);
      expect(await eraseDueAccounts(ctx)).toBe(0); // the claim is live: another run waits
      t.clock.advance(ERASE_LEASE_MS + 1000);
      // Dies again after erasing, before the closure goes: the data is gone, the closure stays.
      await expect(eraseDueAccounts(ctx, { erased: () => Promise.reject(new Error('killed')) })).rejects.toThrow('killed');
      expect(await rowsMentioning(ctx, p)).toEqual({ ...KEPT, 'Euw.your_data_closures': 1 });
      t.clock.advance(ERASE_LEASE_MS + 1000);
      expect(await eraseDueAccounts(ctx)).toBe(1);
      expect(await rowsMentioning(ctx, p)).toEqual(KEPT);
      expect(bytesAt.some((file) => existsSync(file))).toBe(false);
      // Someone else's rows are untouched, and the address can make a new ID.
      expect(await personalRowCounts(ctx, someoneElse)).toEqual(othersBefore);
      expect((await ctx.stores.global.selectFrom('directory').select('email').where('email', '=', p.email).execute()).length).toBe(0);
    } finally {
      t.clock.advance(-(14 * DAY + 2 * ERASE_LEASE_MS + 3000));
    }
  });
});

/** A 1×1 PNG. */
function pngBytes(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
}

describe('legal retention (ERASURE_RETAIN_TABLES, ERASURE_RETAIN_DAYS)', () => {
  it('keeps only the tables the operator names, for the days named, then erases them too', async () => {
    const r = await startServer({ pluginJobs: false, accountClosure: { graceDays: 3, retainTables: ['security_events'], retainDays: 30 } });
    try {
      const ctx = r.server.ctx;
      const p = await person(ctx);
      const c = new Client(r.base);
      await signIn(c, p.email, DEMO_PASSWORD);
      const closed = await c.post(`/api/accounts/${p.id}/closure`, { password: DEMO_PASSWORD }, { auth: true });
      expect(closed.body.result.eraseAt - ctx.now()).toBeGreaterThan(3 * DAY - 60_000);
      r.clock.advance(3 * DAY + 1000);
      expect(await eraseDueAccounts(ctx)).toBe(1);
      const left = await rowsMentioning(ctx, p);
      expect(left).toEqual({ 'Euw.security_events': left['Euw.security_events'], 'Euw.your_data_closures': 1 });
      expect(left['Euw.security_events']).toBeGreaterThanOrEqual(2); // the sign-in and the closure
      // The link no longer restores anything, and the address is free again.
      expect((await closureStore(ctx, 'Euw').selectFrom('your_data_closures').select('state').where('account_id', '=', p.id).executeTakeFirst())?.state).toBe('retained');
      r.clock.advance(29 * DAY);
      await eraseDueAccounts(ctx);
      expect(Object.keys(await rowsMentioning(ctx, p))).toEqual(['Euw.security_events', 'Euw.your_data_closures']);
      r.clock.advance(DAY + 1000);
      await eraseDueAccounts(ctx);
      expect(await rowsMentioning(ctx, p)).toEqual({});
    } finally {
      await r.close();
    }
  });
});

describe('what the attack review found (docs/security.md)', () => {
  it('a password reset answers a closed ID as any other (the wait, then nothing mailed), and a link that raced the closure sets nothing', async () => {
    const p = await person(t.server.ctx);
    const c = await signedIn(p.email);
    await close(c, p.id);
    const anon = new Client(t.base);
    expect((await anon.post('/api/auth/password-reset-request', { email: p.email })).status).toBe(200);
    expect((await anon.post('/api/auth/password-reset-request', { email: p.email })).body.errorCode).toBe(E.resetMailWait);
    expect((await mails(anon, p.email)).filter((m) => /reset/i.test(m.subject))).toEqual([]);
    const token = await createOneTimeToken(t.server.ctx, 'Euw', p.id, 'reset', 600);
    const reset = await anon.post('/api/password-reset', { token, password: 'New-pass-2024!' });
    expect(reset.body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'invalid' } });
  });

  it('a restore never lands under the erasure job’s claim', async () => {
    const p = await person(t.server.ctx);
    const c = await signedIn(p.email);
    await close(c, p.id);
    const token = await restoreToken(c, p.email);
    await closureStore(t.server.ctx, 'Euw').updateTable('your_data_closures').set({ claimed_by: 'job', claimed_until: t.server.ctx.now() + ERASE_LEASE_MS }).where('account_id', '=', p.id).execute();
    expect((await new Client(t.base).post('/api/account-restore', { token })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'invalid' } });
    expect((await closureOf(p))?.state).toBe('closed');
  });

  it('on SQLite, the erased person is gone from the store files too, not only from the tables', async () => {
    const ctx = t.server.ctx;
    if (ctx.stores.dialect !== 'sqlite') return;
    const p = await person(ctx);
    const c = await signedIn(p.email);
    await close(c, p.id);
    await closureStore(ctx, 'Euw').updateTable('your_data_closures').set({ erase_at: ctx.now() - 1 }).where('account_id', '=', p.id).execute();
    await eraseDueAccounts(ctx);
    for (const file of readdirSync(t.dataDir).filter((name) => /\.sqlite(-wal)?$/.test(name))) {
      const bytes = readFileSync(path.join(t.dataDir, file));
      expect(bytes.includes(Buffer.from(p.email)), `${file} holds the address`).toBe(false);
      expect(bytes.includes(Buffer.from(p.id)), `${file} holds the id`).toBe(false);
    }
  });
});
