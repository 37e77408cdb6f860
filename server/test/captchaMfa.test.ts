/**
 * One captcha per sign-in: with the captcha due, an MFA account solves it once; the code
 * submissions of that sign-in (its MFA process) are not asked again, while a new attempt, another
 * account, or a process whose sign-in solved no captcha still are. Client addresses are varied
 * with X-Forwarded-For on a server that trusts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { captchaSubject } from '../../plugins/captcha/server/captcha';
import { totpNow } from '../../plugins/mfa/server/totp';
import { humanTrace } from './captchaTraces';
import { Client, DEMO_PASSWORD, startLogin, startServer, type Res, type TestServer } from './harness';
import { totpSecretOf } from './secondFactorHelpers';
import { captchaStore } from '../../plugins/captcha/server/tables';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ trustProxy: 1, limits: { captchaAfterFailures: 3 } });
});
afterAll(async () => t.close());

const MFA = 'mfa@example.com';
/** Accounts the wrong passwords go to, one per test (each stays below its lock). */
const VICTIMS = ['owner@example.com', 'founder@example.com', 'applicant@example.com'];

/** One login page from `ip`; `send` posts a sign-in on its session (the SPA keeps one session per page). */
async function page(ip: string): Promise<{ send(body: Record<string, unknown>): Promise<Res> }> {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  return { send: (body) => c.post('/api/login', body, { headers: { session_code: sessionCode, 'X-Forwarded-For': ip } }) };
}

/** Solves a slider puzzle as the frame would (the answer read from the store), issued for `email`'s sign-in. */
async function solveCaptcha(ip: string, email = MFA): Promise<string> {
  const c = new Client(t.base);
  const headers = { 'X-Forwarded-For': ip };
  const ch = (await c.get(`/api/captcha/challenge?for=${await captchaSubject(t.server.ctx, email)}`, { headers })).body.result;
  await c.get(ch.imageUrl.replace(t.base, ''), { headers });
  await c.get(ch.pieceUrl.replace(t.base, ''), { headers });
  t.clock.advance(1000); // the drag takes 680 ms: it cannot be verified sooner after the images
  const row = await captchaStore(t.server.ctx).selectFrom('captcha_challenges').select('target_x').where('id', '=', ch.challengeId).executeTakeFirstOrThrow();
  const res = await c.post('/api/captcha/verify', { challengeId: ch.challengeId, x: row.target_x, trail: humanTrace(row.target_x) }, { headers });
  expect(res.status).toBe(200);
  return res.body.result.token as string;
}

/** Three wrong passwords from `ip` (on another account, `victim`): the captcha is due for that client. */
async function makeCaptchaDue(ip: string, victim: string): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await (await page(ip)).send({ email: victim, password: `Wrong-pass-${i}` })).body.errorCode).toBe(E.wrongCredentials);
  expect((await (await page(ip)).send({ email: MFA, password: DEMO_PASSWORD })).body.errorCode).toBe(E.captchaRequired);
}

async function totpCode(offsetSteps = 0): Promise<string> {
  const secret = await totpSecretOf(t, MFA);
  return totpNow(secret, Date.now() + t.clock.offset + offsetSteps * 30_000);
}

/** The next 30-second step, so each test's TOTP code is fresh (each step is usable once). */
const nextStep = () => t.clock.advance(30_000);

describe('captcha once per MFA sign-in', () => {
  it('the code submissions of a sign-in that solved the captcha need none; a new attempt does', async () => {
    const ip = '198.51.100.21';
    await makeCaptchaDue(ip, VICTIMS.shift()!);
    const p = await page(ip);
    const challenge = await p.send({ email: MFA, password: DEMO_PASSWORD, captchaToken: await solveCaptcha(ip) });
    expect(challenge.body.errorCode).toBe(E.mfaRequired);
    const mfaProcessId = challenge.body.result.MFAProcessId as string;

    // A wrong code keeps the MFA step (its attempt count), still without a captcha.
    const wrong = await p.send({ email: MFA, password: DEMO_PASSWORD, mfaType: 3, code: '000000', mfaProcessId });
    expect(wrong.body).toMatchObject({ errorCode: E.mfaCodeError, result: { remainAttempts: expect.any(Number) } });
    nextStep();
    const done = await p.send({ email: MFA, password: DEMO_PASSWORD, mfaType: 3, code: await totpCode(), mfaProcessId });
    expect(done.status).toBe(200);

    // The process is spent: it passes nothing any more, and a new sign-in is a new attempt.
    const again = await (await page(ip)).send({ email: MFA, password: DEMO_PASSWORD, mfaType: 3, code: await totpCode(1), mfaProcessId });
    expect(again.body.errorCode).toBe(E.captchaRequired);
    expect((await (await page(ip)).send({ email: MFA, password: DEMO_PASSWORD })).body.errorCode).toBe(E.captchaRequired);
  });

  it('a process does not pass the captcha for another account, and its account still needs the right password', async () => {
    const ip = '198.51.100.22';
    await makeCaptchaDue(ip, VICTIMS.shift()!);
    const p = await page(ip);
    const challenge = await p.send({ email: MFA, password: DEMO_PASSWORD, captchaToken: await solveCaptcha(ip) });
    const mfaProcessId = challenge.body.result.MFAProcessId as string;
    expect((await p.send({ email: 'demo@example.com', password: DEMO_PASSWORD, mfaType: 3, code: '123456', mfaProcessId })).body.errorCode).toBe(E.captchaRequired);
    // The password is checked on every submission: a wrong one is refused (and counted).
    expect((await p.send({ email: MFA, password: 'Wrong-pass-9', mfaType: 3, code: '123456', mfaProcessId })).body.errorCode).toBe(E.wrongCredentials);
    nextStep();
    expect((await p.send({ email: MFA, password: DEMO_PASSWORD, mfaType: 3, code: await totpCode(), mfaProcessId })).status).toBe(200);
  });

  it('a process started when no captcha was due passes none later: the code submission asks for it', async () => {
    const ip = '198.51.100.23';
    const p = await page(ip);
    const challenge = await p.send({ email: MFA, password: DEMO_PASSWORD });
    expect(challenge.body.errorCode).toBe(E.mfaRequired);
    const mfaProcessId = challenge.body.result.MFAProcessId as string;
    await makeCaptchaDue(ip, VICTIMS.shift()!);
    const code = { email: MFA, password: DEMO_PASSWORD, mfaType: 3, mfaProcessId };
    nextStep();
    expect((await p.send({ ...code, code: await totpCode() })).body.errorCode).toBe(E.captchaRequired);
    // Solved with the code submission, the same process completes.
    expect((await p.send({ ...code, code: await totpCode(), captchaToken: await solveCaptcha(ip) })).status).toBe(200);
  });
});

describe('a step after the MFA code', () => {
  it('region confirmation: the retried sign-in completes without a second code; the process is spent once it does', async () => {
    const db = t.server.ctx.region('Euw');
    await db.updateTable('accounts').set({ region_confirmed: 0 }).where('email', '=', MFA).execute();
    try {
      const p = await page('198.51.100.24');
      const challenge = await p.send({ email: MFA, password: DEMO_PASSWORD });
      const mfaProcessId = challenge.body.result.MFAProcessId as string;
      nextStep();
      const code = { email: MFA, password: DEMO_PASSWORD, mfaType: 3, code: await totpCode(), mfaProcessId };
      const region = await p.send(code);
      expect(region.body.errorCode).toBe(E.regionRequired);
      const confirmed = await new Client(t.base).post('/api/account', { email: MFA, regionCode: 'DE', processId: region.body.result.processId });
      expect(confirmed.status).toBe(200);
      // The same retry the login page sends (the TOTP code was used already): through.
      expect((await p.send(code)).status).toBe(200);
      expect((await (await page('198.51.100.24')).send(code)).body.errorCode).toBe(E.mfaProcessMissing);
    } finally {
      await db.updateTable('accounts').set({ region_confirmed: 1 }).where('email', '=', MFA).execute();
    }
  });

  it('a verified process still needs the right password', async () => {
    const db = t.server.ctx.region('Euw');
    await db.updateTable('accounts').set({ region_confirmed: 0 }).where('email', '=', MFA).execute();
    try {
      const p = await page('198.51.100.25');
      const mfaProcessId = (await p.send({ email: MFA, password: DEMO_PASSWORD })).body.result.MFAProcessId as string;
      nextStep();
      const code = { email: MFA, password: DEMO_PASSWORD, mfaType: 3, code: await totpCode(), mfaProcessId };
      expect((await p.send(code)).body.errorCode).toBe(E.regionRequired);
      expect((await p.send({ ...code, password: 'Wrong-pass-1' })).body.errorCode).toBe(E.wrongCredentials);
      expect((await p.send(code)).body.errorCode).toBe(E.regionRequired);
    } finally {
      await db.updateTable('accounts').set({ region_confirmed: 1 }).where('email', '=', MFA).execute();
    }
  });
});

