/**
 * In-process counters: request rate limits per client and the risk signals for the captcha
 * (recent failed sign-ins per client and per account, registrations per client and per email
 * domain). A deployment with several server processes would keep these in a shared store; the
 * reference server runs one process.
 */

/** A hit counted ahead of the outcome it stands for; `release` takes it back (once). */
export interface HeldHit {
  /** Hits in the window before this one. */
  before: number;
  release(): void;
}

export class SlidingCounter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  count(key: string): number {
    return this.prune(key).length;
  }

  add(key: string): number {
    const list = this.prune(key);
    list.push(this.now());
    this.hits.set(key, list);
    return list.length;
  }

  /** Adds a hit unless the limit is reached; returns false when over the limit. */
  take(key: string, limit: number): boolean {
    const list = this.prune(key);
    if (list.length >= limit) return false;
    list.push(this.now());
    this.hits.set(key, list);
    return true;
  }

  /**
   * Counts a hit now, before the work it limits has happened: requests that run in parallel
   * each see the ones before them, so no more than the limit get past a check on `before`.
   */
  hold(key: string): HeldHit {
    const list = this.prune(key);
    const before = list.length;
    const at = this.now();
    list.push(at);
    this.hits.set(key, list);
    let held = true;
    return {
      before,
      release: () => {
        if (!held) return;
        held = false;
        const current = this.hits.get(key);
        const i = current ? current.indexOf(at) : -1;
        if (i < 0) return;
        current!.splice(i, 1);
        if (current!.length === 0) this.hits.delete(key);
      },
    };
  }

  retryAfterSeconds(key: string): number {
    const list = this.prune(key);
    if (list.length === 0) return 0;
    return Math.max(1, Math.ceil((list[0]! + this.windowMs - this.now()) / 1000));
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.hits.delete(key);
    if (this.hits.size > MAX_KEYS) this.sweep(since);
    return list;
  }

  /** Memory bound under abuse: drop keys with no hit in the window, and all of them if that is not enough. */
  private sweep(since: number): void {
    for (const [key, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(key);
    if (this.hits.size > MAX_KEYS) this.hits.clear();
  }
}

const MAX_KEYS = 50_000;

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
