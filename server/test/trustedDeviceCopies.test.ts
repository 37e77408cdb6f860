/**
 * A trusted-device cookie copied to another browser (issue 26). Each skip of the second factor
 * rotates the cookie's secret; a retired value presented again (the copy after the original moved
 * on, or the original after the copy) is reuse, and a browser of another family than the one
 * trusted is a copy: either revokes the device, says so in the security activity and asks the
 * second factor. Only digests of the secrets are stored. On SQLite and on PostgreSQL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../domain/crypto';
import { REPO_ROOT } from '../options';
import { trustedDeviceMigrations, trustedDeviceStore, type TrustedDeviceTables } from '../../plugins/trusted-device/server/tables';
import { trustedDeviceCookieName } from '../../plugins/trusted-device/server/trustedDevices';
import { Client, createTestDatabase, DEMO_PASSWORD, TEST_DATABASE_URL, type TestServer, startServer } from './harness';
import { accountIdOf, MFA_EMAIL, passwordStep, signInWithTotp, skipsCode } from './secondFactorHelpers';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_WINDOWS_UPDATED = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.6834.83 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** Longer than the reuse grace: a retired value presented after it is reuse, never a parallel sign-in. */
const PAST_GRACE_MS = 11_000;

let t: TestServer;
let id: string;
beforeAll(async () => {
  t = await startServer({ trustedDeviceDays: 30 });
  const c = new Client(t.base);
  await signInWithTotp(t, c);
  id = await accountIdOf(c);
});
afterAll(async () => t.close());

const deviceCookieOf = (c: Client): [string, string] => {
  const found = [...c.cookies].find(([name]) => name.startsWith('uid_td_'));
  if (!found) throw new Error('no trusted-device cookie');
  return found;
};

/** A browser with this User-Agent that passed the code and asked to be trusted. */
async function trustedBrowser(userAgent = CHROME_WINDOWS): Promise<Client> {
  const c = new Client(t.base, { 'User-Agent': userAgent });
  await signInWithTotp(t, c, { trustDevice: true });
  return c;
}

/** Another cookie jar with a copy of `from`'s trusted-device cookie. */
function copyTo(from: Client, userAgent: string): Client {
  const copy = new Client(t.base, { 'User-Agent': userAgent });
  const [name, value] = deviceCookieOf(from);
  copy.cookies.set(name, value);
  return copy;
}

const deviceIdOf = (c: Client) => deviceCookieOf(c)[1].split('.')[0]!;

async function row(deviceId: string) {
  return trustedDeviceStore(t.server.ctx, 'Euw').selectFrom('trusted_devices').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow();
}

/** The account's `trusted_device_revoked` events (read with a fresh two-factor sign-in). */
async function revocationsRecorded(): Promise<number> {
  const owner = new Client(t.base);
  await signInWithTotp(t, owner);
  const events = (await owner.get(`/api/account/${id}/security-events?limit=50`, { auth: true })).body.result.events as Array<{ kind: string }>;
  return events.filter((e) => e.kind === 'trusted_device_revoked').length;
}

describe('a trusted-device cookie', () => {
  it('rotates on each skip, and the browser that keeps it goes on skipping; only digests are stored', async () => {
    const trusted = await trustedBrowser();
    const first = deviceCookieOf(trusted)[1];
    expect(await skipsCode(trusted)).toBe(true);
    const second = deviceCookieOf(trusted)[1];
    expect(second).not.toBe(first);
    expect(await skipsCode(trusted)).toBe(true);
    const third = deviceCookieOf(trusted)[1];
    expect(third).not.toBe(second);
    // The rotated value keeps the device (its row, its place in the list) and its lifetime.
    expect(deviceIdOf(trusted)).toBe(first.split('.')[0]);
    expect(await skipsCode(trusted)).toBe(true);
    const stored = JSON.stringify(await row(deviceIdOf(trusted)));
    for (const value of [first, second, third, deviceCookieOf(trusted)[1]]) {
      const secret = value.split('.')[1]!;
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(stored).not.toContain(secret);
    }
    expect(stored).toContain(sha256(deviceCookieOf(trusted)[1].split('.')[1]!));
  });

  it('copied to a browser of another family: the second factor is asked there, the device is revoked, the original is asked too', async () => {
    const before = await revocationsRecorded();
    const trusted = await trustedBrowser();
    const deviceId = deviceIdOf(trusted);
    const copy = copyTo(trusted, FIREFOX_LINUX);
    expect(await skipsCode(copy)).toBe(false);
    expect((await row(deviceId)).revoked_at).not.toBeNull();
    expect(await skipsCode(trusted)).toBe(false);
    expect(await revocationsRecorded()).toBe(before + 1);
  });

  it('copied to the same kind of browser and used after the original moved on: reuse, both are asked', async () => {
    const trusted = await trustedBrowser();
    const deviceId = deviceIdOf(trusted);
    const copy = copyTo(trusted, CHROME_WINDOWS);
    expect(await skipsCode(trusted)).toBe(true);
    t.clock.advance(PAST_GRACE_MS);
    expect(await skipsCode(copy)).toBe(false);
    expect((await row(deviceId)).revoked_at).not.toBeNull();
    expect(await skipsCode(trusted)).toBe(false);
  });

  it('copied to the same kind of browser and used first: the original’s value is then retired, reuse, both are asked', async () => {
    const before = await revocationsRecorded();
    const trusted = await trustedBrowser();
    const deviceId = deviceIdOf(trusted);
    const copy = copyTo(trusted, CHROME_WINDOWS);
    // The first use cannot tell the copy from the original; the next one of the other can.
    expect(await skipsCode(copy)).toBe(true);
    t.clock.advance(PAST_GRACE_MS);
    expect(await skipsCode(trusted)).toBe(false);
    expect((await row(deviceId)).revoked_at).not.toBeNull();
    expect(await skipsCode(copy)).toBe(false);
    expect(await revocationsRecorded()).toBe(before + 1);
  });

  it('survives a browser update (the family is bound, not the version)', async () => {
    const trusted = await trustedBrowser();
    trusted.defaultHeaders['User-Agent'] = CHROME_WINDOWS_UPDATED;
    expect(await skipsCode(trusted)).toBe(true);
    expect(await skipsCode(trusted)).toBe(true);
  });

  it('two sign-ins of the same browser at once both skip, get the same new value, and the browser stays trusted', async () => {
    const trusted = await trustedBrowser();
    trusted.cookies.delete('uid_sso');
    const steps = await Promise.all([passwordStep(trusted), passwordStep(trusted)]);
    expect(steps.map((s) => s.res.status)).toEqual([200, 200]);
    const values = steps.map((s) => s.res.headers.getSetCookie().find((h) => h.startsWith('uid_td_'))?.split(';')[0]);
    expect(values[0]).toBeDefined();
    expect(values[1]).toBe(values[0]);
    t.clock.advance(PAST_GRACE_MS);
    expect(await skipsCode(trusted)).toBe(true);
    expect(await skipsCode(trusted)).toBe(true);
  });

  it('of the format before rotation (no secret) no longer skips', async () => {
    const ctx = t.server.ctx;
    const deviceId = crypto.randomUUID();
    const now = ctx.now();
    await trustedDeviceStore(ctx, 'Euw').insertInto('trusted_devices').values({ id: deviceId, account_id: id, created_at: now, expires_at: now + 86_400_000, last_used_at: now, revoked_at: null, ip: null, user_agent: CHROME_WINDOWS }).execute();
    // The old cookie: the device id signed for the account, nothing the browser alone holds.
    const signature = crypto.createHmac('sha256', await ctx.sharedKey('trusted-devices')).update(`device:${id}:${deviceId}`).digest('base64url');
    const old = new Client(t.base, { 'User-Agent': CHROME_WINDOWS });
    old.cookies.set(await trustedDeviceCookieName(ctx, id), `${deviceId}.${signature}`);
    expect(await skipsCode(old)).toBe(false);
  });

  it('a skip rotates the device it names, it trusts no new one', async () => {
    const trusted = await trustedBrowser();
    const deviceId = deviceIdOf(trusted);
    const devices = () => trustedDeviceStore(t.server.ctx, 'Euw').selectFrom('trusted_devices').select('id').where('account_id', '=', id).execute();
    const count = (await devices()).length;
    expect(await skipsCode(trusted)).toBe(true);
    expect(deviceIdOf(trusted)).toBe(deviceId);
    expect((await devices()).length).toBe(count);
  });
});

describe('a skip refused after the sign-in (the help desk off for the account’s region)', () => {
  it('still hands the browser its rotated value, so its next sign-in is no reuse', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-td-copies-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const configFile = path.join(dir, 'portal.json');
    const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'config', 'default.json'), 'utf8')) as Record<string, unknown>;
    config.regions = { Euw: { plugins: { helpdesk: { enabled: false } } } };
    fs.writeFileSync(configFile, JSON.stringify(config));
    const other = await startServer({ distDir: dir, portalConfigFile: configFile, appConfigFiles: {}, trustedDeviceDays: 30 });
    try {
      const c = new Client(other.base, { 'User-Agent': CHROME_WINDOWS });
      await signInWithTotp(other, c, { trustDevice: true });
      const before = deviceCookieOf(c)[1];
      c.cookies.delete('uid_sso');
      // The password skips the step and the cookie rotates; then the route refuses the help desk here.
      const res = await c.post('/api/login', { email: MFA_EMAIL, password: DEMO_PASSWORD, source: 'zendesk' });
      expect(res.status).toBe(403);
      expect(deviceCookieOf(c)[1]).not.toBe(before);
      other.clock.advance(PAST_GRACE_MS);
      expect(await skipsCode(c)).toBe(true);
    } finally {
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the migration that binds trusted devices', () => {
  /** The plugin's migrations on an empty store: the first, an old row, then the rest. */
  async function retiresOldRows(db: Kysely<TrustedDeviceTables>, dialect: 'sqlite' | 'postgres'): Promise<void> {
    const migrations = trustedDeviceMigrations(dialect);
    const [firstName, ...rest] = Object.keys(migrations).sort();
    await migrations[firstName!]!.up(db);
    await db.insertInto('trusted_devices').values({ id: 'old', account_id: 'a', created_at: 1, expires_at: 9_999_999_999_999, last_used_at: 1, revoked_at: null, ip: null, user_agent: null }).execute();
    for (const name of rest) await migrations[name]!.up(db);
    const old = await db.selectFrom('trusted_devices').selectAll().where('id', '=', 'old').executeTakeFirstOrThrow();
    expect(old.revoked_at).not.toBeNull();
    expect(old.secret_digest).toBeNull();
  }

  it('retires the rows made before it (their cookies hold no secret) on SQLite', async () => {
    const db = new Kysely<TrustedDeviceTables>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    try {
      await retiresOldRows(db, 'sqlite');
    } finally {
      await db.destroy();
    }
  });

  it.runIf(TEST_DATABASE_URL)('retires the rows made before it on PostgreSQL', async () => {
    const database = await createTestDatabase(TEST_DATABASE_URL!);
    const db = new Kysely<TrustedDeviceTables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }) });
    try {
      await sql`select 1`.execute(db);
      await retiresOldRows(db, 'postgres');
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
