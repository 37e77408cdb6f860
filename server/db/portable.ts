/** Small pieces that make one query layer behave the same on SQLite and PostgreSQL. */
import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * A unique (or primary key) constraint refused the write: PostgreSQL SQLSTATE 23505, or
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether this store runs on PostgreSQL (stores can differ: one URL per store is allowed). */
export function onPostgres(db: Kysely<any>): boolean { // eslint-disable-line @typescript-eslint/no-explicit-any
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
