/**
 * Prometheus metrics as an operator scrapes them: not served unless asked for; behind a bearer
 * token on the portal, or on a port of their own; counting what the flows did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_PASSWORD, freePort, login, mails, signIn, startLogin, startServer, type TestServer } from './harness';

const TOKEN = 'metrics-token-0123456789-abcdefghij';

function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? wanted.every((w) => l.includes(w)) : false);
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('metrics behind a token', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ metricsToken: TOKEN, limits: { captchaAfterAccountFailures: 2 } });
  });
  afterAll(async () => t.close());
  const scrape = async (auth = `Bearer ${TOKEN}`) => fetch(`${t.base}/metrics`, { headers: { Authorization: auth } });

  it('refuses a scrape without the token', async () => {
    expect((await scrape('Bearer wrong')).status).toBe(401);
    expect((await fetch(`${t.base}/metrics`)).status).toBe(401);
  });

  it('counts sign-ins by outcome, lockouts, captcha demands, refreshes and reuse, mails, and latency by route', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const first = c.refreshToken!;
    const r1 = await c.post('/api/refresh-token', { refreshToken: first });
    expect(r1.status).toBe(200);
    t.clock.advance(120_000);
    await c.post('/api/refresh-token', { refreshToken: first }); // reused after the grace: the family is revoked
    const other = new Client(t.base);
    // One wrong password locks this one (four before it); three at another: the third needs a captcha.
    await login(other, (await startLogin(other)).sessionCode, { email: 'locked-soon@example.com', password: 'wrong-password-1' });
    for (let i = 0; i < 3; i++) await login(other, (await startLogin(other)).sessionCode, { email: 'member@example.com', password: 'wrong-password-1' });
    await other.post('/api/auth/password-reset-request', { email: 'demo@example.com' });
    await mails(other, 'demo@example.com'); // the development mailbox reads once the outbox has sent it

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(sample(text, 'uid_sign_ins_total', { outcome: 'success' })).toBe(1);
    expect(sample(text, 'uid_sign_ins_total', { outcome: 'wrongCredentials' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'uid_lockouts_total')).toBe(1);
    expect(sample(text, 'uid_captcha_total', { event: 'demanded' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'uid_token_refreshes_total', { outcome: 'ok' })).toBe(1);
    expect(sample(text, 'uid_token_refreshes_total', { outcome: 'reuse_detected' })).toBe(1);
    expect(sample(text, 'uid_mails_total', { result: 'sent' })).toBe(1);
    expect(text).toContain('uid_mail_outbox{state="queued"} 0');
    expect(text).toContain('uid_mail_outbox{state="failed"} 0');
    expect(sample(text, 'uid_http_request_duration_seconds_count', { route: '/api/login', method: 'POST', status: '200' })).toBe(1);
    expect(sample(text, 'uid_http_request_duration_seconds_count', { route: '/api/login', method: 'POST', status: '400' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('uid_process_cpu_seconds_total');
    // Labels are patterns and code names: no address, token or id.
    expect(text).not.toMatch(/@example\.com|Bearer|session_code/);
  });
});

describe('metrics on a port of their own', () => {
  it('serves them there and not on the portal', async () => {
    const port = await freePort();
    const t = await startServer({ metricsPort: port });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('uid_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      const onPortal = await fetch(`${t.base}/metrics`);
      expect(onPortal.status).toBe(503); // the SPA's "not built" page in tests: no metrics
      expect(await onPortal.text()).not.toContain('uid_');
    } finally {
      await t.close();
    }
  });

  it('are not served at all by default', async () => {
    const t = await startServer();
    try {
      expect(await (await fetch(`${t.base}/metrics`)).text()).not.toContain('uid_');
    } finally {
      await t.close();
    }
  });
});
