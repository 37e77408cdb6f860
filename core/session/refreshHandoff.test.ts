import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/client';
import { clearSession, createSessionPort, saveTokens } from './session';
import { storage } from './storage';

/**
 * The hand-off between tabs: Chromium grants a released lock to the waiting tab before that
 * tab's local storage shows the holder's last write. Here "another tab" is the test itself: it
 * holds the lock (or lease), frees it, and writes the new token a moment later.
 */

type Callback = (lock: unknown) => Promise<unknown>;

/** A one-name Web Locks stand-in: FIFO, with `ifAvailable`. */
function fakeLocks() {
  let held = false;
  const queue: Array<() => void> = [];
  const acquire = () => (held ? new Promise<void>((resolve) => queue.push(resolve)) : ((held = true), Promise.resolve()));
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else held = false;
  };
  return {
    async request(name: string, a: Callback | { ifAvailable?: boolean }, b?: Callback): Promise<unknown> {
      const [options, callback] = typeof a === 'function' ? [{}, a] : [a, b!];
      if (options.ifAvailable && held) return callback(null);
      await acquire();
      try {
        return await callback({ name });
      } finally {
        release();
      }
    },
    /** Another tab takes the lock; the returned function frees it. */
    async hold(): Promise<() => void> {
      await acquire();
      return release;
    },
  };
}

function installLocks(locks: ReturnType<typeof fakeLocks>): void {
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  clearSession();
  storage.remove('refreshLease');
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portWith(post: ReturnType<typeof vi.fn>) {
  return createSessionPort(() => ({ post }) as unknown as HttpClient, 'this-tab');
}

describe('a tab that waited for another tab refreshing', () => {
  /** This tab's refresh, started while another tab holds the lock; `free` lets that tab finish. */
  async function whileAnotherTabRefreshes() {
    const locks = fakeLocks();
    installLocks(locks);
    saveTokens({ accessToken: 'stale', refreshToken: 'r1' });
    const post = vi.fn(async () => ({ accessToken: 'mine', refreshToken: 'r3' }));
    const free = await locks.hold();
    return { post, free, refreshed: portWith(post).refresh('stale') };
  }

  it('replays with the token the other tab wrote, though it shows up after the lock was handed over', async () => {
    const { post, free, refreshed } = await whileAnotherTabRefreshes();
    await wait(20);
    free();
    await wait(30); // the other tab's write arrives late
    storage.set('accessToken', 'fresh');
    await expect(refreshed).resolves.toBe('fresh');
    expect(post).not.toHaveBeenCalled();
  });

  it('refreshes itself when the other tab wrote nothing (its refresh failed)', async () => {
    const { post, free, refreshed } = await whileAnotherTabRefreshes();
    free();
    await expect(refreshed).resolves.toBe('mine');
    expect(post).toHaveBeenCalledTimes(1);
    expect(storage.get('refreshToken')).toBe('r3');
  });

  it('a tab that found the lock free refreshes at once, without the hand-off wait', async () => {
    installLocks(fakeLocks());
    saveTokens({ accessToken: 'stale', refreshToken: 'r1' });
    const post = vi.fn(async () => ({ accessToken: 'mine', refreshToken: 'r3' }));
    const started = Date.now();
    await expect(portWith(post).refresh('stale')).resolves.toBe('mine');
    expect(Date.now() - started).toBeLessThan(150);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('without Web Locks: after another tab frees its lease, its late write is still found', async () => {
    expect((navigator as Navigator & { locks?: unknown }).locks).toBeUndefined();
    saveTokens({ accessToken: 'stale', refreshToken: 'r1' });
    storage.set('refreshLease', `other-tab:${Date.now() + 5000}`);
    const post = vi.fn(async () => ({ accessToken: 'mine', refreshToken: 'r3' }));
    const refreshed = portWith(post).refresh('stale');
    await wait(60);
    storage.remove('refreshLease');
    await wait(60); // past the lease's poll: the write arrives after the lease was seen free
    storage.set('accessToken', 'fresh');
    await expect(refreshed).resolves.toBe('fresh');
    expect(post).not.toHaveBeenCalled();
  });
});
