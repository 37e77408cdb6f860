/**
 * When the server asks for the captcha (-23029), over real HTTP: the per-client failure rule
 * holds under parallel requests; registrations are counted per client network and per email
 * domain, never per anything the client picks (terminalUUID); and failures on one account from
 * many client addresses put that account, and only it, behind the captcha. Client addresses are
 * varied with X-Forwarded-For on a server that trusts it (`trustProxy`).
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { humanTrace } from './captchaTraces';
import { Client, DEMO_PASSWORD, startLogin, startServer, type Res, type TestServer } from './harness';
import { captchaStore } from '../../plugins/captcha/server/tables';

async function withServer(options: Parameters<typeof startServer>[0], run: (t: TestServer) => Promise<void>): Promise<void> {
  const t = await startServer({ trustProxy: 1, ...options });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

/** A fresh login session; `send` posts one sign-in from `ip` on it. */
async function loginSession(t: TestServer, ip: string): Promise<{ send(body: Record<string, unknown>): Promise<Res> }> {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  return { send: (body) => c.post('/api/login', body, { headers: { session_code: sessionCode, 'X-Forwarded-For': ip } }) };
}

async function signInFrom(t: TestServer, ip: string, body: Record<string, unknown>): Promise<Res> {
  return (await loginSession(t, ip)).send(body);
}

/** The sessions are opened first, so that all sign-ins arrive in one burst. */
async function burst(t: TestServer, ips: string[], body: Record<string, unknown>): Promise<Res[]> {
  const sessions = await Promise.all(ips.map((ip) => loginSession(t, ip)));
  return Promise.all(sessions.map((s) => s.send(body)));
}

const registration = (email: string, over: Record<string, unknown> = {}) => ({ email, password: 'Good-pass-1', regionCode: 'DE', firstName: 'New', lastName: 'User', language: 'en_US', ...over });

async function registerFrom(t: TestServer, ip: string, body: Record<string, unknown>): Promise<Res> {
  return new Client(t.base).post('/api/register/captcha', body, { headers: { 'X-Forwarded-For': ip } });
}

/**
 * Solves a slider puzzle from `ip` as the frame would (the answer read from the store), for the
 * sign-in the -23029 result's `captchaUrl` names (its `for`); resolves the token.
 */
async function solveCaptcha(t: TestServer, ip: string, captchaUrl?: string): Promise<string> {
  const c = new Client(t.base);
  const headers = { 'X-Forwarded-For': ip };
  const subject = captchaUrl ? new URL(captchaUrl).searchParams.get('for') : null;
  const ch = (await c.get(`/api/captcha/challenge${subject ? `?for=${subject}` : ''}`, { headers })).body.result;
  await c.get(ch.imageUrl.replace(t.base, ''), { headers });
  await c.get(ch.pieceUrl.replace(t.base, ''), { headers });
  t.clock.advance(1000); // the drag below takes 680 ms: it cannot be verified sooner after the images
  const row = await captchaStore(t.server.ctx).selectFrom('captcha_challenges').select('target_x').where('id', '=', ch.challengeId).executeTakeFirstOrThrow();
  const res = await c.post('/api/captcha/verify', { challengeId: ch.challengeId, x: row.target_x, trail: humanTrace(row.target_x) }, { headers });
  expect(res.status).toBe(200);
  return res.body.result.token as string;
}

const codes = (results: Res[]) => results.map((r) => r.body.errorCode as number | undefined);
const countOf = (results: Res[], code: number) => codes(results).filter((c) => c === code).length;

describe('failed sign-ins from one client', () => {
  it('checks only as many passwords as the rule allows when 15 wrong ones arrive at once', async () => {
    await withServer({ limits: { captchaAfterFailures: 3 } }, async (t) => {
      const results = await burst(t, Array<string>(15).fill('198.51.100.7'), { email: 'demo@example.com', password: 'Wrong-pass-1' });
      expect(countOf(results, E.wrongCredentials)).toBe(3);
      expect(countOf(results, E.captchaRequired)).toBe(12);
      const row = await t.server.ctx.region('Euw').selectFrom('accounts').select(['failed_attempts', 'locked_until']).where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
      expect(row.failed_attempts).toBe(3);
      expect(row.locked_until).toBeNull();
    });
  });

  it('does not count right passwords: sign-ins that succeed leave the client its three tries', async () => {
    await withServer({ limits: { captchaAfterFailures: 3 } }, async (t) => {
      const ip = '198.51.100.8';
      for (let i = 0; i < 4; i++) expect((await signInFrom(t, ip, { email: 'demo@example.com', password: DEMO_PASSWORD })).status).toBe(200);
      // Refusals that are no wrong password (unactivated account) do not count either.
      for (let i = 0; i < 3; i++) expect((await signInFrom(t, ip, { email: 'inactive@example.com', password: DEMO_PASSWORD })).body.errorCode).toBe(E.notActivated);
      for (let i = 0; i < 3; i++) expect((await signInFrom(t, ip, { email: 'admin@example.com', password: 'Wrong-pass-1' })).body.errorCode).toBe(E.wrongCredentials);
      expect((await signInFrom(t, ip, { email: 'admin@example.com', password: DEMO_PASSWORD })).body.errorCode).toBe(E.captchaRequired);
    });
  });
});

describe('registrations', () => {
  it('counts registrations per client address, whatever terminalUUID the client sends', async () => {
    await withServer({ limits: { captchaAfterRegistrations: 2 }, seedDemo: false }, async (t) => {
      const ip = '203.0.113.20';
      for (const n of [1, 2]) expect((await registerFrom(t, ip, registration(`user${n}@one.example`, { terminalUUID: `T-${n}` }))).status).toBe(200);
      const third = await registerFrom(t, ip, registration('user3@two.example', { terminalUUID: 'T-3' }));
      expect(third.body.errorCode).toBe(E.captchaRequired);
      const noTerminal = await registerFrom(t, ip, registration('user4@three.example'));
      expect(noTerminal.body.errorCode).toBe(E.captchaRequired);
      // Another client is not affected; this one goes on with a solved captcha.
      expect((await registerFrom(t, '203.0.113.21', registration('other@four.example', { terminalUUID: 'T-3' }))).status).toBe(200);
      const token = await solveCaptcha(t, ip);
      expect((await registerFrom(t, ip, registration('user3@two.example', { terminalUUID: 'T-5', captchaToken: token }))).status).toBe(200);
    });
  });

  it('treats the addresses of one IPv6 /64 network as one client', async () => {
    await withServer({ limits: { captchaAfterRegistrations: 2 }, seedDemo: false }, async (t) => {
      expect((await registerFrom(t, '2001:db8:5:6::1', registration('v6a@one.example'))).status).toBe(200);
      expect((await registerFrom(t, '2001:db8:5:6:ffff::2', registration('v6b@two.example'))).status).toBe(200);
      expect((await registerFrom(t, '2001:db8:5:6:1:2:3:4', registration('v6c@three.example'))).body.errorCode).toBe(E.captchaRequired);
      expect((await registerFrom(t, '2001:db8:5:7::1', registration('v6d@four.example'))).status).toBe(200);
    });
  });

  it('asks for the captcha when many addresses of one domain register from different clients', async () => {
    await withServer({ limits: { captchaAfterDomainRegistrations: 3 }, seedDemo: false }, async (t) => {
      for (const n of [1, 2, 3]) expect((await registerFrom(t, `192.0.2.${n}`, registration(`bot${n}@burst.example`))).status).toBe(200);
      const fourth = await registerFrom(t, '192.0.2.4', registration('bot4@BURST.example'));
      expect(fourth.body.errorCode).toBe(E.captchaRequired);
      expect(fourth.body.result.serviceRegion).toBe('Euw');
      // Other domains register as before; the burst domain goes on with a solved captcha.
      expect((await registerFrom(t, '192.0.2.5', registration('person@quiet.example'))).status).toBe(200);
      const token = await solveCaptcha(t, '192.0.2.4');
      expect((await registerFrom(t, '192.0.2.4', registration('bot4@burst.example', { captchaToken: token }))).status).toBe(200);
    });
  });
});

describe('failed sign-ins on one account from many clients', () => {
  it('puts the account behind the captcha for every client after three failures from three addresses', async () => {
    await withServer({ limits: { captchaAfterAccountFailures: 3 } }, async (t) => {
      for (const n of [1, 2, 3]) {
        expect((await signInFrom(t, `10.1.0.${n}`, { email: 'demo@example.com', password: 'Wrong-pass-1' })).body.errorCode).toBe(E.wrongCredentials);
      }
      const fourth = await signInFrom(t, '10.1.0.4', { email: 'Demo@Example.com', password: DEMO_PASSWORD });
      expect(fourth.body.errorCode).toBe(E.captchaRequired);
      expect(fourth.body.result.serviceRegion).toBe('Euw');
      // Another account from a fresh address is unaffected.
      expect((await signInFrom(t, '10.1.0.5', { email: 'admin@example.com', password: DEMO_PASSWORD })).status).toBe(200);
      // With a solved captcha the sign-in goes on.
      const token = await solveCaptcha(t, '10.1.0.4', fourth.body.result.captchaUrl);
      expect((await signInFrom(t, '10.1.0.4', { email: 'demo@example.com', password: DEMO_PASSWORD, captchaToken: token })).status).toBe(200);
    });
  });

  it('answers an address without an account the same way (no hint which addresses exist)', async () => {
    await withServer({ limits: { captchaAfterAccountFailures: 3 } }, async (t) => {
      for (const n of [1, 2, 3]) {
        expect((await signInFrom(t, `10.2.0.${n}`, { email: 'nobody@example.com', password: 'Wrong-pass-1' })).body.errorCode).toBe(E.wrongCredentials);
      }
      expect((await signInFrom(t, '10.2.0.4', { email: 'nobody@example.com', password: 'Wrong-pass-1' })).body.errorCode).toBe(E.captchaRequired);
    });
  });

  it('checks three passwords when 20 clients guess one account at once', async () => {
    await withServer({ limits: { captchaAfterAccountFailures: 3 } }, async (t) => {
      const results = await burst(t, Array.from({ length: 20 }, (_, n) => `10.3.0.${n + 1}`), { email: 'admin@example.com', password: 'Wrong-pass-1' });
      expect(countOf(results, E.wrongCredentials)).toBe(3);
      expect(countOf(results, E.captchaRequired)).toBe(17);
      expect((await signInFrom(t, '10.3.1.1', { email: 'member@example.com', password: 'Wrong-pass-1' })).body.errorCode).toBe(E.wrongCredentials);
    });
  });
});
