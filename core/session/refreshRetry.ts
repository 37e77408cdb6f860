import { ApiError } from '../http/ApiError';

/**
 * Longest a refresh waits in all for the server to take it again. The server's rate limits are
 * per minute, so a Retry-After never asks for more than that.
 */
export const REFRESH_PATIENCE_MS = 60_000;
/**
 * Retries of a refresh lost to the network or a server failure. Such an answer may hide a
 * rotation that did happen: the waits (1, 2, 4 s) keep the retries within the server's 10 s reuse
 * grace, which hands the same pair over again instead of revoking the family.
 */
const LOST_RETRIES = 3;

/**
 * After a failed refresh: the milliseconds to wait before trying again; `'end'` when the server
 * refused the token (the session is over); `'stop'` when the failure passes but patience ran out
 * (the session stays, the calls fail). `failures` counts the ones before this; `waitedMs`, the
 * waits so far. A 429 comes before any rotation, so waiting for it never retires the token.
 */
export function afterRefreshFailure(err: unknown, failures: number, waitedMs: number): number | 'end' | 'stop' {
  if (!(err instanceof ApiError)) return 'end';
  let delay: number;
  if (err.status === 429) {
    const seconds = (err.result as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    delay = 1000 * (typeof seconds === 'number' && seconds > 0 ? seconds : 1);
  } else if (err.status === 0 || err.status === 408 || err.status >= 500) {
    if (failures >= LOST_RETRIES) return 'stop';
    delay = 1000 * 2 ** failures;
  } else {
    return 'end';
  }
  return waitedMs + delay > REFRESH_PATIENCE_MS ? 'stop' : delay;
}
