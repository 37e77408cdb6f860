/** Small pieces that make one query layer behave the same on SQLite and PostgreSQL. */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A unique (or primary key) constraint refused the write: PostgreSQL SQLSTATE 23505, or
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether this store runs on PostgreSQL (stores can differ: one URL per store is allowed). */
export function onPostgres(db: Kysely<any>): boolean { // eslint-disable-line @typescript-eslint/no-explicit-any -- works on any database's schema
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/*
 * Check-then-write rules (one company per account, daily invitation caps) run inside one
 * transaction that first takes a lock, then re-reads what it checks, then writes:
 *
 * - SQLite: every transaction starts with BEGIN IMMEDIATE (see stores.ts), so it holds the
 *   database's write lock from its first statement; other transactions — of this process (one
 *   connection) or of another process on the same file (busy_timeout) — wait for its commit.
 *   Nothing more to lock.
 * - PostgreSQL (READ COMMITTED): the transaction locks the row the rule is about
 *   (`SELECT … FOR UPDATE`, `lockRow`) or, where no row exists, a transaction-scoped advisory
 *   lock on a key (`lockKey`). Every statement after the lock sees what the previous holder
 *   committed. Locks are always taken in one order — company row, then keys sorted — so two
 *   transactions never wait on each other.
 */

/** `query … FOR UPDATE` on PostgreSQL; the plain query on SQLite (the transaction holds the write lock already). */
export function lockRow<Q extends { forUpdate(): Q }>(db: Kysely<any>, query: Q): Q { // eslint-disable-line @typescript-eslint/no-explicit-any -- works on any database's schema
  return onPostgres(db) ? query.forUpdate() : query;
}

/** Namespaces of `lockKey` (the first half of PostgreSQL's two-key advisory lock). */
export const LOCK_SPACE = { inviteAddress: 0x55494401, signingKeys: 0x55494402, consoleAdmins: 0x55494403 } as const;

/**
 * Inside a transaction on PostgreSQL: waits for and holds, until commit or rollback, an
 * advisory lock on `key` within `space` (keys hash to 32 bits: a collision only makes two
 * transactions wait for each other). No-op on SQLite.
 */
export async function lockKey(trx: Kysely<any>, space: number, key: string): Promise<void> { // eslint-disable-line @typescript-eslint/no-explicit-any -- works on any database's schema
  if (!onPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${space}::integer, hashtext(${key}))`.execute(trx);
}
