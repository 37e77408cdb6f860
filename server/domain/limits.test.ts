import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHits } from '../db/counterWindows';
import { firstUse, pruneShared, sharedSecret, startPruning } from '../db/sharedState';
import { vi } from 'vitest';
import { openStores } from '../db/stores';
import { SecretBox } from '../db/secretsAtRest';
import type { Stores } from '../db/types';
import { createTestDatabase, TEST_DATABASE_URL } from '../test/harness';
import { clientNetwork, SlidingCounter } from './limits';
import { sha256 } from './crypto';

// On SQLite, and on PostgreSQL too when the suite runs there (scripts/test-postgres.sh).
let stores: Stores;
let dropDatabase: () => Promise<void> = async () => undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-limits-'));
let now = 1_700_000_000_000;
const clock = () => now;

beforeAll(async () => {
  const database = TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : null;
  if (database) dropDatabase = () => database.drop();
  stores = await openStores({ dataDir, ...(database ? { databaseUrl: database.url } : {}) });
});
afterAll(async () => {
  await stores.close();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The server's is a shared key (ctx.sharedKey); any fixed key does here.
const counterKey = Buffer.alloc(32, 7);
const counter = (name: string, windowMs = 60_000) => new SlidingCounter(stores.global, name, windowMs, clock, async () => counterKey);

describe(`SlidingCounter in the global store (${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('counts a hit at once, tells how many came before, refuses at the limit and takes a hit back once', async () => {
    const c = counter('basic');
    const first = await c.hold('k', 3);
    const second = await c.hold('k', 3);
    expect([first.before, first.over, second.before, second.over]).toEqual([0, false, 1, false]);
    await first.release();
    await first.release();
    expect((await c.hold('k', 3)).before).toBe(1);
    expect((await c.hold('k', 3)).before).toBe(2);
    const refused = await c.hold('k', 3);
    expect([refused.before, refused.over]).toEqual([3, true]);
    // Releasing a refused hit takes nothing away.
    await refused.release();
    expect((await c.hold('k', 3)).over).toBe(true);
    // Other keys and other counters are apart.
    expect((await c.hold('other', 3)).before).toBe(0);
    expect((await counter('another').hold('k', 3)).before).toBe(0);
  });

  it('keys its rows by an HMAC under the secret: neither the key nor its plain SHA-256 is stored', async () => {
    const c = counter('keyed');
    await c.hold('someone@example.com', 3);
    const rows = await stores.global.selectFrom('counter_windows').select('key_hash').execute();
    expect(rows.map((r) => r.key_hash)).toContain(await c.keyHash('someone@example.com'));
    for (const plain of ['someone@example.com', sha256('someone@example.com'), sha256('keyed\u0000someone@example.com')]) expect(rows.map((r) => r.key_hash)).not.toContain(plain);
    // Under another secret the same key is another row.
    const other = new SlidingCounter(stores.global, 'keyed', 60_000, clock, async () => Buffer.alloc(32, 8));
    expect(await other.keyHash('someone@example.com')).not.toBe(await c.keyHash('someone@example.com'));
    expect((await other.hold('someone@example.com', 3)).before).toBe(0);
  });

  it('forgets hits when they leave the window, and says how long until one fits again', async () => {
    const c = counter('window', 60_000);
    await c.hold('k', 2);
    now += 10_000;
    await c.hold('k', 2);
    now += 10_000;
    const refused = await c.hold('k', 2);
    expect(refused.over).toBe(true);
    expect(refused.retryAfterSeconds).toBe(40);
    expect(await c.take('k', 2)).toBe(40);
    now += 40_000; // the first hit is out (60 s), the second is not
    const again = await c.hold('k', 2);
    expect([again.before, again.over]).toEqual([1, false]);
    now += 60_001;
    expect(await c.take('k', 2)).toBeNull();
    await again.release(); // already out of the window: nothing else is taken
    expect((await c.hold('k', 2)).before).toBe(1);
  });

  it('confirms a hit over the limit as the newest, so the window runs on from the last failure', async () => {
    const c = counter('confirm', 60_000);
    for (let i = 0; i < 3; i++) await (await c.hold('k', 3)).confirm();
    now += 50_000;
    const over = await c.hold('k', 3);
    expect(over.over).toBe(true);
    await over.confirm();
    await over.confirm(); // once
    // The first three were 50 s ago; after 15 s more two of them are gone, the confirmed one is not.
    now += 15_000;
    expect((await c.hold('k', 3)).before).toBe(1);
    expect(await liveHits(stores.global, await c.keyHash('k'), now - 60_000)).toHaveLength(2);
  });

  it('counts 50 parallel hits exactly: the limit get through, in order, and the rest are refused', async () => {
    const c = counter('parallel');
    const hits = await Promise.all(Array.from({ length: 50 }, () => c.hold('burst', 5)));
    expect(hits.filter((h) => !h.over).map((h) => h.before).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(hits.filter((h) => h.over)).toHaveLength(45);
    // Half of them taken back at once, in parallel with new ones: never more than the limit live.
    const passed = hits.filter((h) => !h.over);
    const [, more] = await Promise.all([Promise.all(passed.slice(0, 2).map((h) => h.release())), Promise.all(Array.from({ length: 20 }, () => c.hold('burst', 5)))]);
    expect(more.filter((h) => !h.over).length).toBeLessThanOrEqual(2);
    expect((await liveHits(stores.global, await c.keyHash('burst'), now - 60_000)).length).toBeLessThanOrEqual(5);
  });

  it('prunes expired rows in the background without touching live ones', async () => {
    const c = counter('prune', 1000);
    await c.hold('old', 5);
    now += 500;
    await c.hold('live', 5);
    now += 600; // 'old' is out of its window, 'live' is not
    expect(await pruneShared(stores.global, now)).toBeGreaterThanOrEqual(1);
    const left = await stores.global.selectFrom('counter_windows').select('key_hash').where('key_hash', 'in', [await c.keyHash('old'), await c.keyHash('live')]).execute();
    expect(left.map((r) => r.key_hash)).toEqual([await c.keyHash('live')]);
    expect((await c.hold('live', 5)).before).toBe(1);
    expect((await c.hold('old', 5)).before).toBe(0);
  });
});

describe('background pruning', () => {
  it('runs every task on its interval, past a failing one, never two runs at once; stop() waits for a run in progress', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen: number[] = [];
    let finished = 0;
    const pruning = startPruning(
      [
        () => Promise.reject(new Error('store unavailable')),
        async (at) => {
          seen.push(at);
          await new Promise((resolve) => setTimeout(resolve, 30));
          finished++;
        },
      ],
      clock,
      10,
    );
    let overlapped = false;
    const watch = setInterval(() => (overlapped ||= seen.length - finished > 1), 1);
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(2));
    await pruning.stop();
    clearInterval(watch);
    expect(overlapped).toBe(false);
    expect(finished).toBe(seen.length);
    expect(seen.every((at) => at === now)).toBe(true);
    expect(warn).toHaveBeenCalledWith('pruning expired rows failed: store unavailable');
  });
});

describe('one-time keys and shared secrets', () => {
  it('lets a key be used once until its mark expires', async () => {
    expect(await Promise.all([firstUse(stores.global, 'jti-1', now, now + 1000), firstUse(stores.global, 'jti-1', now, now + 1000)])).toEqual(expect.arrayContaining([true, false]));
    expect(await firstUse(stores.global, 'jti-1', now + 999, now + 2000)).toBe(false);
    expect(await firstUse(stores.global, 'jti-2', now, now + 1000)).toBe(true);
    expect(await firstUse(stores.global, 'jti-1', now + 1000, now + 2000)).toBe(true);
  });

  it('makes a secret once: every process reads the same', async () => {
    const secrets = new SecretBox(crypto.randomBytes(32));
    const [a, b] = await Promise.all([sharedSecret(stores.global, secrets, 'test-secret', now), sharedSecret(stores.global, secrets, 'test-secret', now)]);
    expect(a).toHaveLength(32);
    expect(a.equals(b!)).toBe(true);
    expect((await sharedSecret(stores.global, secrets, 'other-secret', now)).equals(a)).toBe(false);
  });
});

describe('clientNetwork', () => {
  it('keys IPv4 by address and IPv6 by its /64 network', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('2001:db8:5:6::1')).toBe('2001:db8:5:6::/64');
    expect(clientNetwork('2001:0DB8:0005:0006:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
