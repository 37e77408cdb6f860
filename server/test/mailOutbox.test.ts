/**
 * Mail through a real SMTP conversation (server/test/smtpStub.ts): a slow or refusing mail
 * server never shows in an answer; the outbox retries, gives up, and the metrics say so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from './harness';
import { startSmtpStub, type SmtpStub } from './smtpStub';

const TOKEN = 'metrics-token-0123456789-abcdefghij';
const SLOW_SMTP_MS = 10_000;
/** Polls for what the worker does in the background (generous: the machine may be busy). */
const WAIT = { timeout: 15_000, interval: 50 };

let stub: SmtpStub | undefined;
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  await stub?.close();
  t = stub = undefined;
});

async function metric(server: TestServer, line: string): Promise<number> {
  const text = await (await fetch(`${server.base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(found.lastIndexOf(' ') + 1)) : 0;
}

async function timed<T>(step: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await step();
  return { ms: performance.now() - started, value };
}

describe('mail outbox with an SMTP server', { timeout: 60_000 }, () => {
  it(
    'answers reset and registration at once while the SMTP server takes 10 s to accept; the mails arrive after',
    async () => {
      stub = await startSmtpStub({ acceptDelayMs: SLOW_SMTP_MS });
      t = await startServer({ smtpUrl: stub.url, metricsToken: TOKEN });
      const c = new Client(t.base);
      const started = Date.now();
      const reset = await timed(() => c.post('/api/auth/password-reset-request', { email: 'demo@example.com' }));
      const register = await timed(() => c.post('/api/register/captcha', { email: 'slow.mail@example.com', password: 'Good-pass-1', regionCode: 'DE', firstName: 'Sam', lastName: 'Slow', language: 'en_US' }));
      expect(reset.value.status).toBe(200);
      expect(register.value.status).toBe(200);
      // Either would take the SMTP server's 10 s if it waited for it.
      expect(reset.ms).toBeLessThan(SLOW_SMTP_MS / 2);
      expect(register.ms).toBeLessThan(SLOW_SMTP_MS / 2);
      expect(stub.received).toHaveLength(0);
      // A third request while both mails are still in the SMTP conversation answers at once too.
      expect((await timed(() => c.post('/api/auth/password-reset-request', { email: 'member@example.com' }))).ms).toBeLessThan(SLOW_SMTP_MS / 2);

      await expect.poll(() => stub!.received.length, { timeout: 30_000, interval: 200 }).toBe(3);
      expect(stub.received.map((m) => m.to[0]).sort()).toEqual(['demo@example.com', 'member@example.com', 'slow.mail@example.com']);
      const accepted = stub.received.map((m) => m.acceptedAt);
      expect(Math.min(...accepted) - started).toBeGreaterThanOrEqual(SLOW_SMTP_MS - 500);
      // Sent side by side: one slow mail does not hold up the next.
      expect(Math.max(...accepted) - Math.min(...accepted)).toBeLessThan(SLOW_SMTP_MS / 2);
      const resetMail = stub.received.find((m) => m.to[0] === 'demo@example.com')!;
      expect(resetMail.data).toContain('#token=');
      await expect.poll(() => metric(t!, 'uid_mails_total{result="sent"}'), WAIT).toBe(3);
      // Sent rows keep no body: the reset link is gone from the database.
      const rows = await t.server.ctx.stores.global.selectFrom('mail_outbox').select(['state', 'subject', 'body']).execute();
      expect(rows).toEqual(Array(3).fill({ state: 'sent', subject: '', body: '' }));
    },
    60_000,
  );

  it('a shutdown finishes the mail being sent before the stores close', async () => {
    stub = await startSmtpStub({ acceptDelayMs: 1500 });
    const server = await startServer({ smtpUrl: stub.url });
    t = server;
    await new Client(server.base).post('/api/auth/password-reset-request', { email: 'demo@example.com' });
    await expect.poll(() => stub!.offered(), WAIT).toBe(1);
    expect(stub.received).toHaveLength(0);
    await server.close();
    t = undefined;
    expect(stub.received).toHaveLength(1);
    expect(await server.server.ctx.metrics.registry.getSingleMetricAsString('uid_mails_total')).toContain('uid_mails_total{result="sent"} 1');
  });

  it('tries again after the backoff while the SMTP server refuses for a while (451), then sends once', async () => {
    stub = await startSmtpStub({ replyToMessage: (n) => (n <= 2 ? '451 4.3.0 Try again later' : undefined) });
    t = await startServer({ smtpUrl: stub.url, metricsToken: TOKEN, mailWorker: { pollMs: 50 } });
    const c = new Client(t.base);
    expect((await c.post('/api/auth/password-reset-request', { email: 'demo@example.com' })).status).toBe(200);
    await expect.poll(() => stub!.offered(), WAIT).toBe(1);
    await expect.poll(() => metric(t!, 'uid_mails_total{result="retry"}'), WAIT).toBe(1);
    expect(await metric(t, 'uid_mail_outbox{state="queued"}')).toBe(1);
    // A backlog shows in the metrics; it does not take the instance out of rotation.
    expect((await fetch(`${t.base}/readyz`)).status).toBe(200);
    // Not before its time: 30 s after the first attempt.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stub.offered()).toBe(1);
    t.clock.advance(30_000);
    await expect.poll(() => stub!.offered(), WAIT).toBe(2);
    // The refusal recorded (its next attempt set from the clock as it is) before the clock moves:
    // moved first, the next attempt would be set a minute past the move (seen on PostgreSQL in CI).
    await expect.poll(() => metric(t!, 'uid_mails_total{result="retry"}'), WAIT).toBe(2);
    t.clock.advance(60_000);
    await expect.poll(() => stub!.received.length, WAIT).toBe(1);
    await expect.poll(() => metric(t!, 'uid_mails_total{result="sent"}'), WAIT).toBe(1);
    expect(await metric(t, 'uid_mails_total{result="retry"}')).toBe(2);
    expect(await metric(t, 'uid_mail_outbox{state="queued"}')).toBe(0);
    // Sent is sent: much later, nothing goes out again.
    t.clock.advance(3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stub.offered()).toBe(3);
  });

  it('gives up after the last attempt: counted as failed, the body blanked, other mail unaffected', async () => {
    stub = await startSmtpStub({ replyToRecipient: (address) => (address === 'demo@example.com' ? '452 4.2.2 Mailbox full' : undefined) });
    t = await startServer({ smtpUrl: stub.url, metricsToken: TOKEN, mailWorker: { pollMs: 50 }, mailOutbox: { maxAttempts: 2 } });
    const c = new Client(t.base);
    await c.post('/api/auth/password-reset-request', { email: 'demo@example.com' });
    await c.post('/api/auth/password-reset-request', { email: 'member@example.com' });
    await expect.poll(() => metric(t!, 'uid_mails_total{result="retry"}'), WAIT).toBe(1);
    t.clock.advance(30_000);
    await expect.poll(() => metric(t!, 'uid_mails_total{result="failed"}'), WAIT).toBe(1);
    expect(await metric(t, 'uid_mails_total{result="sent"}')).toBe(1);
    expect(await metric(t, 'uid_mail_outbox{state="failed"}')).toBe(1);
    expect(await metric(t, 'uid_mail_outbox{state="queued"}')).toBe(0);
    expect(stub.received.map((m) => m.to[0])).toEqual(['member@example.com']);
    const failed = await t.server.ctx.stores.global.selectFrom('mail_outbox').selectAll().where('state', '=', 'failed').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ recipient: 'demo@example.com', kind: 'reset', attempts: 2, subject: '', body: '', last_error: 'EENVELOPE 452' });
  });
});
