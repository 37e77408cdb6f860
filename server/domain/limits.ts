/**
 * In-process counters: request rate limits per client and the risk signal for the captcha
 * (recent failed sign-ins and registrations per client). A deployment with several server
 * processes would keep these in a shared store; the reference server runs one process.
 */
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
    if (this.hits.size > 50_000) this.hits.clear(); // memory bound under abuse
    return list;
  }
}
