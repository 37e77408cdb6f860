/**
 * The mail outbox in the global store: a request inserts a row and answers; a worker of any
 * instance (worker.ts) claims due rows, sends them and records the outcome.
 *
 * - **Claims** are one statement, so two instances never take the same row: an `UPDATE` of the
 *   first `n` due rows that marks them with the claimer and a lease. On PostgreSQL the rows are
 *   picked by a `SELECT … FOR UPDATE SKIP LOCKED` (a concurrent claimer skips them instead of
 *   waiting, and re-checks a row another claimer changed meanwhile); on SQLite the statement
 *   (`WHERE id IN (SELECT … LIMIT n)`) runs under the database's write lock. A claim that outlives its lease (the
 *   instance died mid-send) lets another instance take the row: delivery is at least once.
 * - **Retries**: a failed attempt is tried again after 30 s, 1 min, 2 min, … (capped), until
 *   `maxAttempts`; then, or at once when the server refused the recipient (5xx), it is `failed`.
 * - **Tokens**: bodies hold reset and activation links. Subject and body are blanked the
 *   moment a row is sent or given up; the row itself (kind, recipient, times) goes after
 *   `retentionMs`.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { GlobalDb, MailOutboxTable } from '../db/types';
import { onPostgres } from '../db/portable';
import { randomId } from '../domain/crypto';
import type { OutboxSettings } from './settings';

export interface QueuedMail {
  kind: string;
  to: string;
  language: string;
  subject: string;
  text: string;
}

export type AttemptFate = 'retry' | 'failed' | 'lost';

export interface OutboxCounts {
  queued: number;
  failed: number;
  /** Created time of the oldest queued mail, or null when none waits. */
  oldestQueuedAt: number | null;
}

/** Wait after the `attempts`-th failed attempt. */
export function retryDelay(settings: OutboxSettings, attempts: number): number {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

export class MailOutbox {
  constructor(
    private readonly db: Kysely<GlobalDb>,
    private readonly now: () => number,
    readonly settings: OutboxSettings,
  ) {}

  async enqueue(mail: QueuedMail): Promise<string> {
    const id = randomId();
    const now = this.now();
    await this.db
      .insertInto('mail_outbox')
      .values({
        id,
        kind: mail.kind,
        recipient: mail.to,
        language: mail.language,
        subject: mail.subject,
        body: mail.text,
        state: 'queued',
        attempts: 0,
        next_attempt_at: now,
        claimed_by: null,
        claimed_until: null,
        last_error: null,
        created_at: now,
        done_at: null,
      })
      .execute();
    return id;
  }

  /** Takes up to `limit` due rows for `owner` (one statement; see the module comment). */
  async claim(owner: string, limit: number): Promise<MailOutboxTable[]> {
    const now = this.now();
    const claim = { claimed_by: owner, claimed_until: now + this.settings.leaseMs };
    const due = <Q extends SelectQueryBuilder<GlobalDb, 'mail_outbox', object>>(q: Q): Q =>
      q
        .where('state', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .limit(limit) as Q;
    if (onPostgres(this.db)) {
      // A materialised CTE runs the locking select once: as an `IN (…)` subquery the planner may
      // run it again for each row it updates, and each run skips other rows (more than `limit`).
      return this.db
        .with(
          (cte) => cte('picked').materialized(),
          (db) => due(db.selectFrom('mail_outbox').select('id')).forUpdate().skipLocked(),
        )
        .updateTable('mail_outbox')
        .from('picked')
        .set((eb) => ({ ...claim, attempts: eb('mail_outbox.attempts', '+', 1) }))
        .whereRef('mail_outbox.id', '=', 'picked.id')
        .returningAll('mail_outbox')
        .execute();
    }
    // SQLite runs the statement under its write lock: nothing can come between select and update.
    return this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ ...claim, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', due(this.db.selectFrom('mail_outbox').select('id')))
      .returningAll()
      .execute();
  }

  /** Records a sent mail (blanking it); false when the claim was lost to another instance. */
  async sent(id: string, owner: string): Promise<boolean> {
    const now = this.now();
    const res = await this.db
      .updateTable('mail_outbox')
      .set({ state: 'sent', subject: '', body: '', done_at: now, claimed_by: null, claimed_until: null, last_error: null })
      .where('id', '=', id)
      .where('claimed_by', '=', owner)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Records a failed attempt: another one later, or given up (blanked) after the last or on a permanent refusal. */
  async attemptFailed(row: MailOutboxTable, owner: string, error: string, permanent: boolean): Promise<AttemptFate> {
    const now = this.now();
    const giveUp = permanent || row.attempts >= this.settings.maxAttempts;
    const res = await this.db
      .updateTable('mail_outbox')
      .set(
        giveUp
          ? { state: 'failed', subject: '', body: '', done_at: now, claimed_by: null, claimed_until: null, last_error: error }
          : { next_attempt_at: now + retryDelay(this.settings, row.attempts), claimed_by: null, claimed_until: null, last_error: error },
      )
      .where('id', '=', row.id)
      .where('claimed_by', '=', owner)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return 'lost';
    return giveUp ? 'failed' : 'retry';
  }

  /** Deletes sent and failed rows older than the retention; returns how many. */
  async prune(): Promise<number> {
    const cutoff = this.now() - this.settings.retentionMs;
    const res = await this.db.deleteFrom('mail_outbox').where('state', 'in', ['sent', 'failed']).where('done_at', '<', cutoff).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Queued rows due now, whoever holds them. */
  async dueCount(): Promise<number> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'queued')
      .where('next_attempt_at', '<=', this.now())
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async counts(): Promise<OutboxCounts> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('state', 'in', ['queued', 'failed'])
      .groupBy('state')
      .execute();
    const queued = rows.find((r) => r.state === 'queued');
    const failed = rows.find((r) => r.state === 'failed');
    return {
      queued: Number(queued?.n ?? 0),
      failed: Number(failed?.n ?? 0),
      oldestQueuedAt: queued?.oldest !== undefined && queued.oldest !== null ? Number(queued.oldest) : null,
    };
  }
}
