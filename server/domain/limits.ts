/**
 * Sliding-window counters: request rate limits per client and the risk signals for the captcha
 * (recent failed sign-ins per client and per account, registrations per client and per email
 * domain, code guesses, puzzles and answers). They live in the global store
 * (db/counterWindows.ts), so every server process behind a load balancer counts the same hits.
 *
 * A hit is counted before the work it limits (`hold`): parallel requests, on one process or
 * many, each see the ones before them, so no more than the limit get past a check on `before`.
 * Hits over the limit are not stored (`over`); a counter keeps at most `limit` hits per key.
 * Keys are addresses, client networks and account ids: rows are keyed by their HMAC under a
 * server secret (domain/keyedDigest.ts), so the table names nobody to whoever reads it.
 */
import type { Kysely } from 'kysely';
import { addHit, pushHit, removeHit } from '../db/counterWindows';
import type { GlobalDb } from '../db/types';
import { personalDigest } from './keyedDigest';

/** A hit counted ahead of the outcome it stands for. */
export interface HeldHit {
  /** Hits in the window before this one, counted up to the limit. */
  before: number;
  /** The limit was reached: this hit was not added. */
  over: boolean;
  /** When over: seconds until a hit would be taken again; otherwise 0. */
  retryAfterSeconds: number;
  /** The outcome does not count after all: takes an added hit back (once). */
  release(): Promise<void>;
  /** The outcome counts: a hit over the limit becomes the newest, in place of the oldest (an added hit stays as it is). */
  confirm(): Promise<void>;
}

export class SlidingCounter {
  constructor(
    private readonly db: Kysely<GlobalDb>,
    /** Part of every key: counters never see each other's hits. */
    readonly name: string,
    readonly windowMs: number,
    private readonly now: () => number,
    /** The server secret the keys are hashed with (a shared key: every process counts under the same rows). */
    private readonly secret: () => Promise<Buffer>,
  ) {}

  /** The row's key: HMAC of counter name and key. */
  async keyHash(key: string): Promise<string> {
    return personalDigest(await this.secret(), this.name, key);
  }

  /** Counts a hit on `key` now, unless `limit` hits are in the window already (then `over`). */
  async hold(key: string, limit: number): Promise<HeldHit> {
    const keyHash = await this.keyHash(key);
    const at = this.now();
    const input = { keyHash, now: at, windowMs: this.windowMs, limit };
    const { hits, added } = await addHit(this.db, input);
    const before = added ? hits.length - 1 : hits.length;
    let settled = false;
    const once = (step: () => Promise<void>) => async () => {
      if (settled) return;
      settled = true;
      await step();
    };
    return {
      before,
      over: !added,
      retryAfterSeconds: added ? 0 : this.waitSeconds(hits, limit, at),
      release: once(async () => {
        if (added) await removeHit(this.db, keyHash, at);
      }),
      confirm: once(async () => {
        if (!added) await pushHit(this.db, { ...input, now: this.now() });
      }),
    };
  }

  /** Takes one hit within `limit`; null when taken, else the seconds to wait. */
  async take(key: string, limit: number): Promise<number | null> {
    const hit = await this.hold(key, limit);
    return hit.over ? hit.retryAfterSeconds : null;
  }

  /** Until enough of `hits` have left the window for one more to fit under `limit`. */
  private waitSeconds(hits: number[], limit: number, now: number): number {
    const sorted = [...hits].sort((a, b) => a - b);
    const leaving = sorted[Math.max(0, sorted.length - limit)];
    if (leaving === undefined) return 1;
    return Math.max(1, Math.ceil((leaving + this.windowMs - now) / 1000));
  }
}

/**
 * The key a client address is counted under: an IPv4 address as it is (also when IPv4-mapped),
 * an IPv6 address by its /64 network, which one subscriber gets whole and can pick any address
 * from.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+/, '') || '0'))
    .join(':')}::/64`;
}
