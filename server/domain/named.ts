/**
 * Counters and keys by name, for the core and the plugins alike (`ctx.counter`, `ctx.sharedKey`):
 * each made once per process and handed out after, so two callers of one name share it.
 */
import type { SlidingCounter } from './limits';

/** Counters by name, made once: asking again with another window is a mistake that would split the count. */
export function namedCounters(make: (name: string, windowMs: number) => SlidingCounter): (name: string, windowMs: number) => SlidingCounter {
  const made = new Map<string, { windowMs: number; counter: SlidingCounter }>();
  return (name, windowMs) => {
    const known = made.get(name);
    if (known && known.windowMs !== windowMs) throw new Error(`counter ${name} counts over ${known.windowMs} ms, not ${windowMs} ms`);
    if (known) return known.counter;
    const counter = make(name, windowMs);
    made.set(name, { windowMs, counter });
    return counter;
  };
}

/**
 * Keys by name, loaded once (from the global store, where the first process to ask made them). A
 * load that failed (a busy store, a lost connection) is forgotten, so the next caller tries again
 * instead of every later request failing until a restart.
 */
export function namedKeys(load: (name: string) => Promise<Buffer>): (name: string) => Promise<Buffer> {
  const loading = new Map<string, Promise<Buffer>>();
  return (name) => {
    let key = loading.get(name);
    if (!key) {
      key = load(name);
      loading.set(name, key);
      key.catch(() => loading.delete(name));
    }
    return key;
  };
}
