/** Settings of the mail outbox and its worker, with their defaults (options.ts reads them without loading a transport). */

export interface OutboxSettings {
  /** Attempts before a mail is given up (failed). */
  maxAttempts: number;
  /** Wait before the second attempt; doubles each time, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim holds: longer than any send can take (the worker's `sendTimeoutMs`). */
  leaseMs: number;
  /** Sent and failed rows are deleted this long after. */
  retentionMs: number;
}

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  retentionMs: 7 * 24 * 60 * 60_000,
};

export interface WorkerSettings {
  /** Besides the wake-up on each queued mail: how often to look for retries and rows other instances left. */
  pollMs: number;
  /** Rows claimed (and sent in parallel) at a time. */
  batch: number;
  /** One send may take this long before it counts as a failed attempt (well under `leaseMs`). */
  sendTimeoutMs: number;
}

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = { pollMs: 5000, batch: 5, sendTimeoutMs: 60_000 };
