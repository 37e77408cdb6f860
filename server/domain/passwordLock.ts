/**
 * The password lock of sign-in: consecutive wrong passwords are counted, the last allowed one
 * locks for a duration that doubles with every lock (capped at a day), and every refusal says
 * how many attempts are left. One implementation for every kind of credential: a vendor ID
 * (its `accounts` row) and an address with local accounts only (`legacy_password_locks`); under
 * enumeration protection, an address without any account as well (the same table).
 *
 * An address's row is keyed by the address's HMAC under a server secret (domain/keyedDigest.ts),
 * never by the address: the lock of an address is found from the address typed, and the table
 * names nobody, also not the unknown addresses that were probed. Such a row is kept two days after
 * its last attempt (`expires_at`, longer than the longest lock), then pruned.
 */
import type { Expression, ExpressionBuilder, Kysely } from 'kysely';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import type { LegacyDb, RegionalDb } from '../db/types';
import { pruneExpired } from '../db/sharedState';
import { fail } from '../http/errors';
import { personalDigest, personalKey } from './keyedDigest';

/** The counters, as the `accounts` and `legacy_password_locks` tables both hold them. */
export interface LockCounters {
  failed_attempts: number;
  locked_until: number | null;
  lock_count: number;
}

/**
 * Where a credential's counters live: a table with `id` and the counter columns. For
 * `legacy_password_locks` the id given is the address; its row is keyed by `lockRowId`.
 */
export type LockTarget =
  | { db: Kysely<RegionalDb>; table: 'accounts'; id: string }
  | { db: Kysely<LegacyDb>; table: 'legacy_password_locks'; id: string };

/**
 * Both tables seen as one shape. Kysely uses the table name given at run time; this type
 * only lets the statements below be written once for both.
 */
interface LockDb {
  lock_rows: LockCounters & { id: string };
}
function lockRows(target: LockTarget): { db: Kysely<LockDb>; table: 'lock_rows' } {
  return { db: target.db as unknown as Kysely<LockDb>, table: target.table as unknown as 'lock_rows' };
}

/** The longest lock: a day. */
const LONGEST_LOCK_MINUTES = 24 * 60;

/** An address's lock row is kept this long after its last attempt: past the longest lock it may start. */
export const LOCK_ROW_KEPT_MS = 2 * LONGEST_LOCK_MINUTES * 60_000;

/** The key of an address's row in `legacy_password_locks`: the address's keyed digest. */
export async function lockRowId(ctx: Pick<Ctx, 'sharedKey'>, email: string): Promise<string> {
  return personalDigest(await personalKey(ctx), 'legacy_password_locks', email);
}

function lockMinutesFor(ctx: Ctx, lockCount: number): number {
  return Math.min(ctx.options.limits.lockMinutes * 2 ** lockCount, LONGEST_LOCK_MINUTES);
}

/** `CASE lock_count WHEN 0 THEN … END`: the lock the next one starts, in ms (bound values only). */
function lockDurationMs(ctx: Ctx, eb: ExpressionBuilder<LockDb, 'lock_rows'>): Expression<number> {
  const ms = (n: number) => eb.cast<number>(eb.val(lockMinutesFor(ctx, n) * 60_000), 'bigint');
  let builder = eb.case('lock_count').when(eb.cast<number>(eb.val(0), 'integer')).then(ms(0));
  for (let n = 1; n < 32 && lockMinutesFor(ctx, n) > lockMinutesFor(ctx, n - 1); n++) {
    builder = builder.when(eb.cast<number>(eb.val(n), 'integer')).then(ms(n));
  }
  return builder.else(ms(32)).end();
}

function lockedResult(ctx: Ctx, counters: LockCounters) {
  const max = ctx.options.limits.maxFailedLogins;
  return { remainAttempts: 0, failedAttempts: max, lockedMinutes: Math.max(1, Math.ceil(((counters.locked_until ?? ctx.now()) - ctx.now()) / 60_000)) };
}

async function findCounters(target: LockTarget): Promise<LockCounters | undefined> {
  const { db, table } = lockRows(target);
  return db.selectFrom(table).select(['failed_attempts', 'locked_until', 'lock_count']).where('id', '=', target.id).executeTakeFirst();
}

async function readCounters(target: LockTarget): Promise<LockCounters> {
  const counters = await findCounters(target);
  if (!counters) throw new Error(`no lock counters in ${target.table}`);
  return counters;
}

/**
 * Checks a password under the lock: refuses while locked (-20004 with minutes), and counts a
 * wrong one (-20601 with attempts left and the lock it leads to). `verify` runs the password
 * comparison; `onWrong` notes the failure elsewhere (the captcha risk signal).
 */
export async function checkPasswordLocked(ctx: Ctx, given: LockTarget, verify: () => Promise<boolean>, onWrong: () => void = () => undefined): Promise<void> {
  const target: LockTarget = given.table === 'legacy_password_locks' ? { ...given, id: await lockRowId(ctx, given.id) } : given;
  const { db, table } = lockRows(target);
  const max = ctx.options.limits.maxFailedLogins;
  let now = ctx.now();
  if (target.table === 'legacy_password_locks') {
    // One row per address with local accounts (callers check there are some), and under
    // enumeration protection one per address without any account that failed to sign in.
    // Every attempt keeps it longer; the statements after are the same as an account's.
    const expires = now + LOCK_ROW_KEPT_MS;
    await target.db
      .insertInto('legacy_password_locks')
      .values({ id: target.id, failed_attempts: 0, locked_until: null, lock_count: 0, expires_at: expires })
      .onConflict((oc) => oc.column('id').doUpdateSet({ expires_at: expires }))
      .execute();
  }
  const counters = await readCounters(target);
  if (counters.locked_until !== null) {
    if (counters.locked_until > now) fail(E.accountLocked, lockedResult(ctx, counters));
    // The lock has run out: start counting afresh (once, however many requests race here).
    await db.updateTable(table).set({ failed_attempts: 0, locked_until: null }).where('id', '=', target.id).where('locked_until', '=', counters.locked_until).execute();
  }
  const ok = await verify();
  now = ctx.now();
  if (ok) {
    const res = await db
      .updateTable(table)
      .set({ failed_attempts: 0 })
      .where('id', '=', target.id)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return;
    fail(E.accountLocked, lockedResult(ctx, await readCounters(target)));
  }
  onWrong();
  // Count the failure and, on the last allowed one, start the lock — in one conditional UPDATE,
  // so that parallel attempts (50 at once, on SQLite or PostgreSQL) count exactly up to the
  // limit and no right password can slip in between the count and the lock. SET expressions
  // see the row as it was before the update. Once locked, no further failure counts.
  const lockingNow = (eb: ExpressionBuilder<LockDb, 'lock_rows'>) => eb('failed_attempts', '>=', max - 1);
  const counted = await db
    .updateTable(table)
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      locked_until: eb
        .case()
        .when(lockingNow(eb))
        .then(eb(eb.cast<number>(eb.val(now), 'bigint'), '+', lockDurationMs(ctx, eb)))
        .else(eb.ref('locked_until'))
        .end(),
      lock_count: eb.case().when(lockingNow(eb)).then(eb('lock_count', '+', 1)).else(eb.ref('lock_count')).end(),
    }))
    .where('id', '=', target.id)
    .where('failed_attempts', '<', max)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['failed_attempts', 'lock_count'])
    .executeTakeFirst();
  if (!counted) fail(E.accountLocked, lockedResult(ctx, await readCounters(target)));
  if (counted.failed_attempts >= max) {
    fail(E.wrongCredentials, { remainAttempts: 0, failedAttempts: counted.failed_attempts, lockedMinutes: lockMinutesFor(ctx, counted.lock_count - 1) });
  }
  fail(E.wrongCredentials, { remainAttempts: max - counted.failed_attempts, failedAttempts: counted.failed_attempts, lockedMinutes: lockMinutesFor(ctx, counted.lock_count) });
}

/**
 * Rows an older version keyed by the address itself (every address has an `@`, a digest none):
 * re-keyed by the address's digest, so a lock in force survives the upgrade, and the address
 * is gone. Migration 003_lock_row_keys of the legacy store kept only such locks; it cannot
 * compute the digest (its key lives in the global store), so the server does at start, and
 * at every pruning after (a process of the older version may still write one while a rolling
 * upgrade runs). A row of the address that is there already (written since) is the newer: kept.
 */
export async function rekeyAddressLocks(ctx: Pick<Ctx, 'sharedKey' | 'stores'>): Promise<number> {
  const db = ctx.stores.legacy;
  const clear = await db.selectFrom('legacy_password_locks').selectAll().where('id', 'like', '%@%').execute();
  for (const row of clear) {
    const id = await lockRowId(ctx, row.id);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('legacy_password_locks').values({ ...row, id }).onConflict((oc) => oc.column('id').doNothing()).execute();
      await trx.deleteFrom('legacy_password_locks').where('id', '=', row.id).execute();
    });
  }
  return clear.length;
}

/** The pruning of lock rows: re-keys any left keyed by an address, deletes those past `expires_at`. */
export async function pruneAddressLocks(ctx: Pick<Ctx, 'sharedKey' | 'stores'>, now: number): Promise<number> {
  await rekeyAddressLocks(ctx);
  return pruneExpired(ctx.stores.legacy, 'legacy_password_locks', 'id', now);
}
