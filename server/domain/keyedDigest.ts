/**
 * Rows keyed by a personal value (an address, a client network, an account) are keyed by its
 * HMAC-SHA-256 under a server secret, never by the value or a plain hash of it: a plain hash of an
 * address is reversed with a list of guesses, a keyed one only with the key. The key is a shared
 * key (`ctx.sharedKey`, the global store): every process computes the same digests.
 */
import crypto from 'node:crypto';
import type { Ctx } from '../context';

/** The shared key that counters and lock rows are keyed with. */
export const PERSONAL_KEY_NAME = 'counter-keys';

/** The key of `personalDigest`, loaded once per process (ctx.sharedKey caches it). */
export const personalKey = (ctx: Pick<Ctx, 'sharedKey'>): Promise<Buffer> => ctx.sharedKey(PERSONAL_KEY_NAME);

/** HMAC-SHA-256 (hex) of `value` under `label` (which use it is: one use never matches another's digest). */
export function personalDigest(key: Buffer, label: string, value: string): string {
  return crypto.createHmac('sha256', key).update(`${label}\u0000${value}`).digest('hex');
}
