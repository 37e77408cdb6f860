import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/client';
import { withRefreshLease, type LeaseStore } from './refreshLease';
import { clearSession, createSessionPort, saveTokens } from './session';
import { storage } from './storage';

afterEach(() => {
  clearSession();
  storage.remove('refreshLease');
});

/** A storage cell, shared like local storage is shared by tabs. */
function cell(initial: string | null = null): LeaseStore & { value: string | null } {
  return {
    value: initial,
    read() {
      return this.value;
    },
    write(v) {
      this.value = v;
    },
  };
}

/**
 * Two tabs' copies of one storage key, as Chromium keeps them: a tab reads its own write at once
 * until the shared store has taken it; the store takes writes `lagMs` after they are made (the last
 * one wins) and a tab sees the store's value `lagMs` after that.
 */
function laggyTabs(lagMs: number): [LeaseStore, LeaseStore] {
  const log: { at: number; value: string | null }[] = [];
  const valueAt = (t: number) => log.filter((w) => w.at <= t).sort((x, y) => x.at - y.at).at(-1)?.value ?? null;
  const tab = (): LeaseStore => {
    let own: { at: number; value: string | null } | null = null;
    return {
      read() {
        const now = Date.now();
        return own && own.at + 2 * lagMs > now ? own.value : valueAt(now - lagMs);
      },
      write(value) {
        own = { at: Date.now(), value };
        log.push({ at: own.at + lagMs, value });
      },
    };
  };
  return [tab(), tab()];
}

describe('refresh across tabs without Web Locks', () => {
  it('two tabs with 5 calls each refresh once; every call gets the new token', async () => {
    expect((navigator as Navigator & { locks?: unknown }).locks).toBeUndefined(); // the fallback is what runs here
    saveTokens({ accessToken: 'stale', refreshToken: 'r1' });
    const post = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 60)); // a network round trip
      return { accessToken: 'fresh', refreshToken: 'r2' };
    });
    const http = () => ({ post }) as unknown as HttpClient;
    const tabA = createSessionPort(http, 'tab-a');
    const tabB = createSessionPort(http, 'tab-b');
    const calls = [...Array.from({ length: 5 }, () => tabA.refresh('stale')), ...Array.from({ length: 5 }, () => tabB.refresh('stale'))];
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 10 }, () => 'fresh'));
    expect(post).toHaveBeenCalledTimes(1);
    expect(storage.get('refreshLease')).toBeNull(); // freed
  });

  it('two tabs whose copies of storage learn each other\'s writes 40 ms late run once, not twice', async () => {
    const [tabA, tabB] = laggyTabs(40);
    const run = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 60));
      return 'done';
    });
    // A tab that waited finds the other's token (session.ts): it does not run again.
    const runUnlessWaited = (waited: boolean) => (waited ? Promise.resolve('waited') : run());
    const results = await Promise.all([withRefreshLease(tabA, { tabId: 'a' }, runUnlessWaited), withRefreshLease(tabB, { tabId: 'b' }, runUnlessWaited)]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(results).toContain('waited');
  });

  it('a tab waits for a live lease of another tab, then runs', async () => {
    const store = cell('other:' + String(Date.now() + 200));
    const started = Date.now();
    const run = vi.fn(async () => 'done');
    setTimeout(() => store.write(null), 120); // the other tab finishes
    await expect(withRefreshLease(store, { tabId: 'me' }, run)).resolves.toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(run).toHaveBeenCalledTimes(1);
    expect(store.value).toBeNull();
  });

  it('a lease left by a tab that died or slept does not block', async () => {
    const store = cell(`asleep:${Date.now() - 1}`);
    const run = vi.fn(async () => 'done');
    const started = Date.now();
    await withRefreshLease(store, { tabId: 'me' }, run);
    expect(Date.now() - started).toBeLessThan(500);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a lease that is renewed for ever is given up after twice its length', async () => {
    const store = cell();
    const renew = setInterval(() => store.write(`stuck:${Date.now() + 100}`), 10);
    store.write(`stuck:${Date.now() + 100}`);
    const run = vi.fn(async () => 'done');
    await expect(withRefreshLease(store, { tabId: 'me', leaseMs: 100 }, run)).resolves.toBe('done');
    clearInterval(renew);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
