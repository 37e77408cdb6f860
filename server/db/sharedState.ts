/**
 * One-time keys and secrets that every server process must agree on, in the global store; and
 * the pruning of expired shared rows, which runs beside the requests, never in their path.
 */
import crypto from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { sha256 } from '../domain/crypto';
import { SECRET_PLACES, type SecretBox } from './secretsAtRest';
import type { GlobalDb } from './types';

/**
 * Marks `key` used until `expiresAt`; true for the first use only (a replay guard). A key whose
 * mark has expired counts as new again. One statement: parallel uses on any process, one wins.
 */
export async function firstUse(db: Kysely<GlobalDb>, key: string, now: number, expiresAt: number): Promise<boolean> {
  const row = await db
    .insertInto('once_keys')
    .values({ key_hash: sha256(key), expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('key_hash')
        .doUpdateSet({ expires_at: expiresAt })
        .where('once_keys.expires_at', '<=', now),
    )
    .returning('key_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A random secret (32 bytes) named `name`: made by the first process that asks, read by the rest.
 * Stored sealed by `secrets` (secretsAtRest.ts), never in clear.
 */
export async function sharedSecret(db: Kysely<GlobalDb>, secrets: SecretBox, name: string, now: number): Promise<Buffer> {
  const place = SECRET_PLACES.shared(name);
  await db
    .insertInto('shared_secrets')
    .values({ name, value: secrets.seal(crypto.randomBytes(32).toString('base64url'), place), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('shared_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(secrets.open(row.value, place), 'base64url');
}

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any store's table with an `expires_at`, by name
type AnyEb = ExpressionBuilder<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the same, in a subquery

/** Rows per delete: each statement is short, and requests run between them. */
const PRUNE_BATCH = 500;

/**
 * Deletes the rows of `table` that expired (`expires_at`) before `before`, a batch at a time. The
 * expiry is checked on the deleted row itself, so a row that a request brought back to life
 * meanwhile (PostgreSQL re-checks a locked row's condition) stays. Resolves the number deleted.
 * A plugin's job prunes its own tables with it (the captcha's puzzles).
 */
export async function pruneExpired(db: AnyDb, table: string, key: string, before: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const res = await db
      .deleteFrom(table)
      .where('expires_at', '<', before)
      .where(key, 'in', (eb: AnyEb) => eb.selectFrom(table).select(key).where('expires_at', '<', before).limit(PRUNE_BATCH))
      .executeTakeFirst();
    const n = Number(res.numDeletedRows);
    deleted += n;
    if (n < PRUNE_BATCH) return deleted;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Deletes expired counter windows and one-time keys; resolves the number of rows deleted. */
export async function pruneShared(db: Kysely<GlobalDb>, now: number): Promise<number> {
  return (await pruneExpired(db, 'counter_windows', 'key_hash', now)) + (await pruneExpired(db, 'once_keys', 'key_hash', now));
}

/**
 * Runs the pruning `tasks` every `everyMs` in the background, one after the other, until
 * stopped; never two runs at once. A failure is logged and tried again next time.
 */
export function startPruning(tasks: ReadonlyArray<(now: number) => Promise<unknown>>, now: () => number, everyMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return; // the last run is still going (a slow store): no second one beside it
    running = (async () => {
      for (const task of tasks) await task(now()).catch((err: Error) => console.warn(`pruning expired rows failed: ${err.message}`));
    })().finally(() => {
      running = null;
    });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
