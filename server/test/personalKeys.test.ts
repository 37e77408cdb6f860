/**
 * Issue 26, secrets at rest: rows of counters and password locks are keyed by an HMAC under a
 * server secret, never by an address or its plain SHA-256 (a list of guesses reverses that);
 * the lock row of a probed unknown address (enumeration protection) is pruned after its window;
 * a store of the older version is upgraded: old counter windows dropped, a lock in force kept
 * under its digest. On SQLite, and on PostgreSQL when the suite runs there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { pruneShared } from '../db/sharedState';
import { openStores } from '../db/stores';
import type { Stores } from '../db/types';
import { sha256 } from '../domain/crypto';
import { LOCK_ROW_KEPT_MS, lockRowId, pruneAddressLocks } from '../domain/passwordLock';
import { Client, createTestDatabase, DEMO_PASSWORD, LEGACY_PASSWORD, login, startLogin, startServer, TEST_DATABASE_URL, type Res, type TestServer } from './harness';

type AnyDb = Kysely<any>; // every table of a store, read by name (tests may use any)

async function attempt(t: TestServer, email: string, password: string): Promise<Res> {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  return login(c, sessionCode, { email, password });
}

interface StoredRow {
  /** `<store or schema>.<table>` */
  table: string;
  row: string;
}

/** Every row of every table of every store, as JSON, with where it is. */
async function everyRow(stores: Stores): Promise<StoredRow[]> {
  const seen = new Set<string>();
  const out: StoredRow[] = [];
  const named: Array<[string, AnyDb]> = [['global', stores.global], ...Object.entries(stores.regions), ['legacy', stores.legacy]];
  for (const [store, db] of named) {
    for (const table of await db.introspection.getTables({ withInternalKyselyTables: true })) {
      // On PostgreSQL every store's connection sees every schema: each table once.
      const where = `${table.schema ?? store}.${table.name}`;
      if (seen.has(where)) continue;
      seen.add(where);
      const rows = await (table.schema ? db.withSchema(table.schema) : db).selectFrom(table.name).selectAll().execute();
      for (const row of rows) out.push({ table: where, row: JSON.stringify(row) });
    }
  }
  return out;
}

/** The tables (not in `except`) with a row holding one of `values`. */
function holding(rows: StoredRow[], values: string[], except: readonly string[] = []): string[] {
  return rows.filter(({ table, row }) => !except.includes(table.split('.').pop()!) && values.some((v) => row.toLowerCase().includes(v.toLowerCase()))).map((r) => r.table);
}

const COUNTERS = ['authRate', 'apiRate', 'loginFailures', 'accountFailures', 'registrations', 'domainRegistrations', 'codeGuesses', 'quietMails', 'captchaPuzzles', 'captchaAnswers'];
/** The address, its plain SHA-256 and the old (unkeyed) counter keys made from it. */
function revealing(email: string): string[] {
  const keys = [email, `noAccount:${email}`, `alreadyRegistered:${email}`];
  return [email, sha256(email), ...COUNTERS.flatMap((name) => keys.map((key) => sha256(`${name}\u0000${key}`)))];
}

describe('counters and locks name nobody (ENUMERATION_PROTECTION=1)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ enumerationProtection: true });
  });
  afterAll(async () => t.close());

  const unknown = 'probe.unknown@example.com';
  const known = 'demo@example.com';

  it('after probing an unknown and a known address no row holds either address or a plain hash of it; the locks still work', async () => {
    for (let n = 1; n <= 5; n++) {
      const real = await attempt(t, known, `Wrong-pass-${n}`);
      expect(real.body.result).toEqual({ remainAttempts: 5 - n, failedAttempts: n, lockedMinutes: 30 });
      expect((await attempt(t, unknown, `Wrong-pass-${n}`)).body.result).toEqual(real.body.result);
    }
    // The locked view: the time left, found from the address typed.
    t.clock.advance(10 * 60_000);
    for (const email of [known, unknown]) {
      const locked = await attempt(t, email, email === known ? DEMO_PASSWORD : 'Wrong-pass-6');
      expect([locked.status, locked.body.errorCode, locked.body.result]).toEqual([423, E.accountLocked, { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 20 }]);
    }

    const rows = await everyRow(t.server.ctx.stores);
    expect(holding(rows, [known])).toEqual(expect.arrayContaining([expect.stringMatching(/\.accounts$/), expect.stringMatching(/\.directory$/)]));
    expect(holding(rows, revealing(unknown))).toEqual([]);
    // The account's own rows hold its address (its account, the directory, its mails, its companies); nothing else does.
    expect(holding(rows, revealing(known), ['accounts', 'directory', 'mail_outbox', 'org_members', 'invitations'])).toEqual([]);
    expect(holding(rows, revealing(known).slice(1))).toEqual([]);
    // The unknown address's lock is there, under its keyed digest.
    const lock = await t.server.ctx.stores.legacy.selectFrom('legacy_password_locks').selectAll().where('id', '=', await lockRowId(t.server.ctx, unknown)).executeTakeFirstOrThrow();
    expect(lock).toMatchObject({ failed_attempts: 5, lock_count: 1 });

    // After the lock both count afresh; the next lock would last twice as long.
    t.clock.advance(21 * 60_000);
    const real = await attempt(t, known, 'Wrong-pass-7');
    expect(real.body.result).toEqual({ remainAttempts: 4, failedAttempts: 1, lockedMinutes: 60 });
    expect((await attempt(t, unknown, 'Wrong-pass-7')).body.result).toEqual(real.body.result);
  });

  it('prunes the lock row of an address and the counter windows once their time has passed, not before', async () => {
    const ctx = t.server.ctx;
    const id = await lockRowId(ctx, unknown);
    const lockRows = () => ctx.stores.legacy.selectFrom('legacy_password_locks').select('id').where('id', '=', id).execute();
    await pruneShared(ctx.stores.global, ctx.now());
    await pruneAddressLocks(ctx, ctx.now());
    expect(await lockRows()).toHaveLength(1);
    expect(await ctx.stores.global.selectFrom('counter_windows').select('key_hash').execute()).not.toEqual([]);

    t.clock.advance(LOCK_ROW_KEPT_MS + 60_000);
    await pruneShared(ctx.stores.global, ctx.now());
    await pruneAddressLocks(ctx, ctx.now());
    expect(await lockRows()).toEqual([]);
    expect(await ctx.stores.global.selectFrom('counter_windows').select('key_hash').execute()).toEqual([]);
    // A new attempt starts a new row, from nothing.
    expect((await attempt(t, unknown, 'Wrong-pass-8')).body.result).toEqual({ remainAttempts: 4, failedAttempts: 1, lockedMinutes: 30 });
  });
});

describe('a store of the older version (clear lock rows, plainly hashed counters) is upgraded', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-personal-keys-'));
  let database: { url: string; drop(): Promise<void> } | null = null;
  let t: TestServer | null = null;
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('drops old counter windows and unlocked rows, keeps a lock in force under its digest', async () => {
    database = TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : null;
    const databaseUrl = database ? { databaseUrl: database.url } : {};
    // Today's stores, taken back to before 009_counter_keys and 003_lock_row_keys, with rows as the older version wrote them.
    const stores = await openStores({ dataDir, ...databaseUrl });
    const legacy = stores.legacy as AnyDb;
    await legacy.schema.dropIndex('legacy_password_locks_expiry_idx').execute();
    await legacy.schema.alterTable('legacy_password_locks').dropColumn('expires_at').execute();
    await legacy.deleteFrom('kysely_migration').where('name', '=', '003_lock_row_keys').execute();
    // The global store back to before 009 (and what came after it: its table goes too).
    await (stores.global as AnyDb).deleteFrom('kysely_migration').where('name', '>=', '009_counter_keys').execute();
    await (stores.global as AnyDb).schema.dropTable('config_versions').execute();
    const now = Date.now();
    await legacy
      .insertInto('legacy_password_locks')
      .values([
        { id: 'legacy-one@example.com', failed_attempts: 5, locked_until: now + 20 * 60_000, lock_count: 1 },
        { id: 'legacy-many@example.com', failed_attempts: 3, locked_until: null, lock_count: 0 },
        { id: 'probed.once@example.com', failed_attempts: 5, locked_until: now - 60_000, lock_count: 1 },
      ])
      .execute();
    const oldKey = sha256('accountFailures\u0000legacy-one@example.com');
    await stores.global.insertInto('counter_windows').values({ key_hash: oldKey, hits: stores.dialect === 'postgres' ? [now] : JSON.stringify([now]), added: 1, expires_at: now + 15 * 60_000 }).execute();
    await stores.close();

    t = await startServer({ dataDir, ...databaseUrl });
    const ctx = t.server.ctx;
    const rows = await ctx.stores.legacy.selectFrom('legacy_password_locks').selectAll().execute();
    expect(rows).toEqual([{ id: await lockRowId(ctx, 'legacy-one@example.com'), failed_attempts: 5, locked_until: now + 20 * 60_000, lock_count: 1, expires_at: now + 20 * 60_000 + 24 * 3_600_000 }]);
    expect(await ctx.stores.global.selectFrom('counter_windows').select('key_hash').where('key_hash', '=', oldKey).execute()).toEqual([]);
    // Only the old accounts themselves (and their migration links) name their addresses.
    const stored = await everyRow(ctx.stores);
    for (const email of ['legacy-one@example.com', 'legacy-many@example.com', 'probed.once@example.com']) expect(holding(stored, revealing(email), ['legacy_accounts', 'migration_tokens'])).toEqual([]);

    // The lock in force still refuses the right password, with its time left.
    const locked = await attempt(t, 'legacy-one@example.com', LEGACY_PASSWORD);
    expect([locked.status, locked.body.result]).toEqual([423, { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 20 }]);
    // The dropped count starts again.
    expect((await attempt(t, 'legacy-many@example.com', 'Wrong-pass-1')).body.result).toEqual({ remainAttempts: 4, failedAttempts: 1, lockedMinutes: 30 });
  }, 60_000);
});
