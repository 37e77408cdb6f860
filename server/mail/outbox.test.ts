/**
 * The outbox and its worker on a real store (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * claims that never hand one row to two instances, retries with backoff, giving up, the
 * blanking of bodies and the retention.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../db/stores';
import type { Stores } from '../db/types';
import { createTestDatabase, TEST_DATABASE_URL } from '../test/harness';
import { MailOutbox, retryDelay } from './outbox';
import { DEFAULT_OUTBOX_SETTINGS, type OutboxSettings } from './settings';
import type { DeliveredMail, MailTransport } from './transport';
import { OutboxWorker, type MailResult } from './worker';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A store and a way to open more handles on it (another instance's connections). */
async function sharedStore(): Promise<{ open(): Promise<Stores> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-outbox-'));
  const database = TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : null;
  const opened: Stores[] = [];
  cleanups.push(async () => {
    for (const stores of opened) await stores.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    async open() {
      const stores = await openStores({ dataDir, ...(database ? { databaseUrl: database.url } : {}) });
      opened.push(stores);
      return stores;
    },
  };
}

class RecordingTransport implements MailTransport {
  readonly devMailbox = false;
  readonly delivered: DeliveredMail[] = [];
  /** Errors thrown by the next deliveries, in order. */
  failures: unknown[] = [];
  async deliver(mail: DeliveredMail): Promise<void> {
    // A real send takes a moment: other claimers run meanwhile.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.delivered.push(mail);
  }
  close(): void {}
}

const clock = { now: 1_800_000_000_000 };
const now = () => clock.now;

function worker(outbox: MailOutbox, transport: MailTransport, results: MailResult[] = [], logs: string[] = []) {
  return new OutboxWorker(outbox, transport, { pollMs: 60_000, batch: 3, sendTimeoutMs: 5000 }, now, (r) => results.push(r), (line) => logs.push(line));
}

const settings = (over: Partial<OutboxSettings> = {}): OutboxSettings => ({ ...DEFAULT_OUTBOX_SETTINGS, ...over });
const mail = (i: number) => ({ kind: 'reset', to: `user${i}@example.com`, language: 'en_US', subject: `Reset ${i}`, text: `Open https://id.example.com/login#token=secret-${i}` });
const temporary = () => Object.assign(new Error('try later'), { code: 'EENVELOPE', responseCode: 451 });

describe('mail outbox', () => {
  it('several instances draining one store at once send every mail exactly once', async () => {
    const store = await sharedStore();
    const instances: MailOutbox[] = [];
    // Opened one after the other: each opening migrates, and migrations are not meant to race.
    for (let i = 0; i < 3; i++) instances.push(new MailOutbox((await store.open()).global, now, settings()));
    for (let i = 0; i < 60; i++) await instances[i % 3]!.enqueue(mail(i));
    const transports = instances.map(() => new RecordingTransport());
    const workers = instances.map((outbox, i) => worker(outbox, transports[i]!));
    // Each worker drains with two overlapping drains of its own as well.
    await Promise.all(workers.flatMap((w) => [w.flush(), w.flush()]));
    const sent = transports.flatMap((t) => t.delivered.map((m) => m.to));
    expect(sent).toHaveLength(60);
    expect(new Set(sent).size).toBe(60);
    expect(transports.filter((t) => t.delivered.length > 0).length).toBeGreaterThan(1);
    expect(await instances[0]!.counts()).toEqual({ queued: 0, failed: 0, oldestQueuedAt: null });
  });

  it('retries a failed send after 30 s, 1 min, …; gives up after the last attempt; blanks what it sent or gave up', async () => {
    const stores = await (await sharedStore()).open();
    const outbox = new MailOutbox(stores.global, now, settings({ maxAttempts: 3 }));
    const transport = new RecordingTransport();
    const results: MailResult[] = [];
    const w = worker(outbox, transport, results);
    const row = () => stores.global.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    const id = await outbox.enqueue(mail(1));
    expect((await row()).body).toContain('#token=secret-1');
    transport.failures = [temporary(), temporary(), temporary()];
    await w.flush();
    expect(await row()).toMatchObject({ state: 'queued', attempts: 1, next_attempt_at: clock.now + 30_000, last_error: 'EENVELOPE 451', claimed_by: null });
    await w.flush(); // not due yet
    expect((await row()).attempts).toBe(1);
    clock.now += 30_000;
    await w.flush();
    expect(await row()).toMatchObject({ state: 'queued', attempts: 2, next_attempt_at: clock.now + 60_000 });
    clock.now += 60_000;
    await w.flush();
    expect(await row()).toMatchObject({ state: 'failed', attempts: 3, subject: '', body: '', done_at: clock.now, last_error: 'EENVELOPE 451' });
    expect(results).toEqual(['retry', 'retry', 'failed']);
    expect(await outbox.counts()).toMatchObject({ queued: 0, failed: 1 });

    const second = await outbox.enqueue(mail(2));
    await w.flush();
    expect(transport.delivered.map((m) => m.to)).toEqual(['user2@example.com']);
    expect(transport.delivered[0]!.links).toEqual(['https://id.example.com/login#token=secret-2']);
    expect(await stores.global.selectFrom('mail_outbox').selectAll().where('id', '=', second).executeTakeFirstOrThrow()).toMatchObject({ state: 'sent', subject: '', body: '', attempts: 1 });
    expect(results.at(-1)).toBe('sent');
  });

  it('gives up at once when the server refuses the recipient (5xx), and keeps retrying a refused login', async () => {
    const stores = await (await sharedStore()).open();
    const outbox = new MailOutbox(stores.global, now, settings());
    const transport = new RecordingTransport();
    const results: MailResult[] = [];
    const logs: string[] = [];
    const w = worker(outbox, transport, results, logs);
    await outbox.enqueue(mail(1));
    transport.failures = [Object.assign(new Error('550 5.1.1 <user1@example.com>: no such user'), { code: 'EENVELOPE', responseCode: 550 })];
    await w.flush();
    await outbox.enqueue(mail(2));
    transport.failures = [Object.assign(new Error('535 Authentication failed'), { code: 'EAUTH', responseCode: 535 })];
    await w.flush();
    expect(results).toEqual(['failed', 'retry']);
    // The log names the row and the codes, not the kind (a reset against a no-account notice) nor the address.
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/^mail \S+ attempt 1 failed: EENVELOPE 550; given up$/);
    expect(logs.join('\n')).not.toMatch(/reset|user\d@example\.com/);
    const rows = await stores.global.selectFrom('mail_outbox').select(['recipient', 'state', 'last_error']).orderBy('recipient').execute();
    // The stored error is the codes only: the reply text names the address.
    expect(rows).toEqual([
      { recipient: 'user1@example.com', state: 'failed', last_error: 'EENVELOPE 550' },
      { recipient: 'user2@example.com', state: 'queued', last_error: 'EAUTH 535' },
    ]);
  });

  it('hands a row whose claim ran out to another instance, and ignores the first claimer’s late outcome', async () => {
    const store = await sharedStore();
    const a = new MailOutbox((await store.open()).global, now, settings({ leaseMs: 60_000 }));
    const b = new MailOutbox((await store.open()).global, now, settings({ leaseMs: 60_000 }));
    const id = await a.enqueue(mail(1));
    await a.enqueue(mail(2));
    await a.enqueue(mail(3));
    const [claimed, ...more] = await a.claim('instance-a', 1);
    expect(claimed!.id).toBe(id);
    expect(more).toEqual([]);
    const others = await b.claim('instance-b', 5);
    expect(others.map((r) => r.recipient).sort()).toEqual(['user2@example.com', 'user3@example.com']);
    for (const row of others) await b.sent(row.id, 'instance-b');
    clock.now += 60_000;
    const [taken] = await b.claim('instance-b', 1);
    expect(taken).toMatchObject({ id, attempts: 2, claimed_by: 'instance-b' });
    expect(await a.sent(id, 'instance-a')).toBe(false);
    expect(await a.attemptFailed(claimed!, 'instance-a', 'ETIMEDOUT', false)).toBe('lost');
    expect(await b.sent(id, 'instance-b')).toBe(true);
  });

  it('deletes sent and failed rows once the retention has passed, never queued ones', async () => {
    const stores = await (await sharedStore()).open();
    const outbox = new MailOutbox(stores.global, now, settings({ retentionMs: 3_600_000 }));
    const sent = await outbox.enqueue(mail(1));
    await outbox.claim('me', 1);
    await outbox.sent(sent, 'me');
    clock.now += 3_600_000;
    const waiting = await outbox.enqueue(mail(2));
    expect(await outbox.prune()).toBe(0);
    clock.now += 1;
    expect(await outbox.prune()).toBe(1);
    expect((await stores.global.selectFrom('mail_outbox').select('id').execute()).map((r) => r.id)).toEqual([waiting]);
  });

  it('waits longer after each failure, up to the cap', () => {
    const s = settings({ retryBaseMs: 30_000, retryMaxMs: 3_600_000 });
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelay(s, n))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });
});
