/**
 * Sliding-window counters in the global store, shared by every server process. One row per
 * counter and key holds the times of the hits still in the window, never more than the limit
 * (a PostgreSQL `bigint[]`, a JSON array on SQLite). Each operation is one statement on that
 * one row: PostgreSQL's upsert locks the row and works on its latest version, SQLite runs one
 * writer at a time, so parallel hits from any number of processes are counted one after the other.
 *
 * The statements are written once per dialect (array functions against JSON functions); the
 * server tests run them on both stores (domain/limits.test.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { GlobalDb } from './types';
import { onPostgres } from './portable';

/** The row after a hit: the live hits (this one included when added) and whether it was added. */
export interface WindowAfterHit {
  hits: number[];
  added: boolean;
}

export interface HitInput {
  keyHash: string;
  now: number;
  windowMs: number;
  /** At most this many hits are kept: a hit that finds them all live is not added. */
  limit: number;
}

const asNumbers = (value: unknown): number[] => (Array.isArray(value) ? value : typeof value === 'string' ? (JSON.parse(value) as unknown[]) : []).map(Number);

/** Adds a hit at `now` unless `limit` live hits are there already; drops hits that left the window. */
export async function addHit(db: Kysely<GlobalDb>, input: HitInput): Promise<WindowAfterHit> {
  const { keyHash, now, windowMs, limit } = input;
  const since = now - windowMs;
  const expires = now + windowMs;
  const first = limit > 0 ? [now] : [];
  const row = onPostgres(db)
    ? await sql<{ hits: unknown; added: number }>`
        insert into counter_windows as w (key_hash, hits, added, expires_at)
        values (${keyHash}, ${first}::bigint[], ${first.length}, ${expires})
        on conflict (key_hash) do update set
          hits = case when cardinality(array(select h from unnest(w.hits) h where h > ${since})) < ${limit}
            then array(select h from unnest(w.hits) h where h > ${since}) || ${now}::bigint
            else array(select h from unnest(w.hits) h where h > ${since}) end,
          added = case when cardinality(array(select h from unnest(w.hits) h where h > ${since})) < ${limit} then 1 else 0 end,
          expires_at = case when cardinality(array(select h from unnest(w.hits) h where h > ${since})) < ${limit}
            then greatest(w.expires_at, ${expires}) else w.expires_at end
        returning hits, added`.execute(db)
    : await sql<{ hits: unknown; added: number }>`
        insert into counter_windows (key_hash, hits, added, expires_at)
        values (${keyHash}, ${JSON.stringify(first)}, ${first.length}, ${expires})
        on conflict (key_hash) do update set
          hits = case when (select count(*) from json_each(counter_windows.hits) where value > ${since}) < ${limit}
            then (select json_group_array(value) from (select value from json_each(counter_windows.hits) where value > ${since} union all select ${now}))
            else (select json_group_array(value) from json_each(counter_windows.hits) where value > ${since}) end,
          added = case when (select count(*) from json_each(counter_windows.hits) where value > ${since}) < ${limit} then 1 else 0 end,
          expires_at = case when (select count(*) from json_each(counter_windows.hits) where value > ${since}) < ${limit}
            then max(counter_windows.expires_at, ${expires}) else counter_windows.expires_at end
        returning hits, added`.execute(db);
  const out = row.rows[0]!;
  return { hits: asNumbers(out.hits), added: Number(out.added) === 1 };
}

/**
 * Adds a hit at `now` whatever the count, keeping the newest `limit` hits: a hit over the limit
 * that still counts (a confirmed failure) moves the window on instead of being lost.
 */
export async function pushHit(db: Kysely<GlobalDb>, input: HitInput): Promise<void> {
  const { keyHash, now, windowMs, limit } = input;
  const since = now - windowMs;
  const expires = now + windowMs;
  const first = limit > 0 ? [now] : [];
  if (onPostgres(db)) {
    await sql`
      insert into counter_windows as w (key_hash, hits, added, expires_at)
      values (${keyHash}, ${first}::bigint[], ${first.length}, ${expires})
      on conflict (key_hash) do update set
        hits = array(select h from unnest(w.hits || ${now}::bigint) h where h > ${since} order by h desc limit ${limit}),
        added = 1,
        expires_at = greatest(w.expires_at, ${expires})`.execute(db);
    return;
  }
  await sql`
    insert into counter_windows (key_hash, hits, added, expires_at)
    values (${keyHash}, ${JSON.stringify(first)}, ${first.length}, ${expires})
    on conflict (key_hash) do update set
      hits = (select json_group_array(value) from (select value from (select value from json_each(counter_windows.hits) where value > ${since} union all select ${now}) order by value desc limit ${limit})),
      added = 1,
      expires_at = max(counter_windows.expires_at, ${expires})`.execute(db);
}

/** Takes back one hit at `at` (a hit added by addHit), if it is still there. */
export async function removeHit(db: Kysely<GlobalDb>, keyHash: string, at: number): Promise<void> {
  if (onPostgres(db)) {
    await sql`
      update counter_windows
      set hits = hits[:array_position(hits, ${at}::bigint) - 1] || hits[array_position(hits, ${at}::bigint) + 1:]
      where key_hash = ${keyHash} and array_position(hits, ${at}::bigint) is not null`.execute(db);
    return;
  }
  await sql`
    update counter_windows
    set hits = json_remove(hits, '$[' || (select key from json_each(counter_windows.hits) where value = ${at} limit 1) || ']')
    where key_hash = ${keyHash} and exists (select 1 from json_each(counter_windows.hits) where value = ${at})`.execute(db);
}

/** The live hits of a key (a read: for tests and the metrics, never for a decision). */
export async function liveHits(db: Kysely<GlobalDb>, keyHash: string, since: number): Promise<number[]> {
  const row = await db.selectFrom('counter_windows').select('hits').where('key_hash', '=', keyHash).executeTakeFirst();
  return row ? asNumbers(row.hits).filter((h) => h > since) : [];
}
