import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, login, mails, signIn, startLogin, startServer, unlock, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const EMAIL = 'mfa@example.com';

/** A sign-in attempt of its own (browser, login session, MFA process). */
async function attempt() {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  const res = await login(c, sessionCode, { email: EMAIL, password: DEMO_PASSWORD });
  expect(res.body.errorCode).toBe(E.mfaRequired);
  const processId: string = res.body.result.MFAProcessId;
  return {
    c,
    processId,
    async mailCode(): Promise<string> {
      const sent = await c.post('/api/email/code', { email: EMAIL, type: 'LOGIN', mfaProcessId: processId });
      expect(sent.body.result).toEqual({ resendAfterSeconds: 60, expiresIn: 600 });
      return /code is (\d{6})/.exec((await mails(c, EMAIL))[0]!.text)![1]!;
    },
    complete(code: string, mfaProcessId = processId) {
      return login(c, sessionCode, { email: EMAIL, password: DEMO_PASSWORD, mfaType: 2, code, mfaProcessId });
    },
  };
}

describe('an emailed sign-in code belongs to the sign-in attempt it was mailed for', () => {
  it('completes attempt A only: refused for attempt B, accepted for A, refused when reused', async () => {
    const a = await attempt();
    const b = await attempt();
    const codeA = await a.mailCode();

    // B has no code of its own: A's code does not stand in for one.
    expect((await b.complete(codeA)).body.errorCode).toBe(E.verificationCodeInvalid);
    // With a code of its own, A's is a wrong code for B (counted as such).
    t.clock.advance(61_000);
    const codeB = await b.mailCode();
    expect(codeB).not.toBe(codeA);
    expect((await b.complete(codeA)).body).toMatchObject({ errorCode: E.mfaCodeError, result: { remainAttempts: 4 } });

    // B's newer code left A's valid: each attempt's newest code is its own.
    expect((await a.complete(codeA)).status).toBe(200);
    // Used: neither A's (finished) process nor B's takes it again (A's browser is signed in
    // now, so the reuse comes from B's).
    expect((await b.complete(codeA, a.processId)).body.errorCode).toBe(E.mfaProcessMissing);
    expect((await b.complete(codeA)).body.errorCode).toBe(E.mfaCodeError);
    expect((await b.complete(codeB)).status).toBe(200);
    const c = await attempt();
    expect((await c.complete(codeB, b.processId)).body.errorCode).toBe(E.mfaProcessMissing);
    expect((await c.complete(codeB)).body.errorCode).toBe(E.verificationCodeInvalid);
  });

  it('is refused after ten minutes', async () => {
    t.clock.advance(61_000);
    const a = await attempt();
    const code = await a.mailCode();
    t.clock.advance(10 * 60_000 + 1000);
    const late = await a.complete(code);
    expect(late.status).not.toBe(200);
    expect(late.body.errorCode).toBe(E.mfaProcessMissing);
  });

  it('a code mailed to bind email as a method expires after ten minutes too', async () => {
    const c = new Client(t.base);
    await signIn(c, 'founder@example.com', DEMO_PASSWORD);
    await unlock(c, DEMO_PASSWORD);
    const sent = await c.post('/api/email/code', { email: 'founder@example.com', type: 'BIND', password: DEMO_PASSWORD }, { auth: true, security: true });
    expect(sent.body.result.expiresIn).toBe(600);
    const code = /code is (\d{6})/.exec((await mails(c, 'founder@example.com'))[0]!.text)![1]!;
    t.clock.advance(10 * 60_000 + 1000);
    await unlock(c, DEMO_PASSWORD);
    expect((await c.post('/api/account/mfa/enable', { mfaType: 2, code }, { auth: true, security: true })).body.errorCode).toBe(E.verificationCodeInvalid);

    // A fresh one binds.
    t.clock.advance(61_000);
    await c.post('/api/email/code', { email: 'founder@example.com', type: 'BIND', password: DEMO_PASSWORD }, { auth: true, security: true });
    const fresh = /code is (\d{6})/.exec((await mails(c, 'founder@example.com'))[0]!.text)![1]!;
    expect((await c.post('/api/account/mfa/enable', { mfaType: 2, code: fresh }, { auth: true, security: true })).body.result.enabled).toBe(true);
  });
});
