import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { Client, DEMO_PASSWORD, login, mails, startLogin, startServer, type TestServer } from '../../../server/test/harness';

/**
 * Sign-in by email code against a real server (its database, outbox and switches): the code and
 * the link stand in for the password, under the password's limits, lock and captcha, for the one
 * sign-in they were mailed for, and the second factor still applies unless it is the same mailbox.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-email-code-'));
const repoConfig = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../config/default.json'), 'utf8')) as { plugins: Record<string, unknown> };

function writeConfig(file: string, on: boolean): string {
  const config = { ...repoConfig, plugins: { ...repoConfig.plugins, ...(on ? { 'email-code': { enabled: true } } : {}) } };
  const full = path.join(dir, file);
  fs.writeFileSync(full, JSON.stringify(config));
  return full;
}

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ portalConfigFile: writeConfig('on.json', true), appConfigFiles: {} });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One sign-in (browser and login session) of `email`. */
async function attempt(email: string, server = t) {
  const c = new Client(server.base);
  const { sessionCode } = await startLogin(c);
  return {
    c,
    sessionCode,
    ask: () => c.post('/api/login/email-code', { email, language: 'en_US' }, { headers: { session_code: sessionCode } }),
    /** Asks for a code and reads it (and the link) from the mail. */
    async mailed(): Promise<{ processId: string; code: string; link: string }> {
      const sent = await this.ask();
      expect(sent.status, sent.text).toBe(200);
      const mail = (await mails(c, email))[0]!;
      return { processId: sent.body.result.processId as string, code: /code is (\d{6})/.exec(mail.text)![1]!, link: mail.links.find((l) => l.includes('module=emailCode'))! };
    },
    signIn: (emailCode: string, emailCodeProcessId: string, extra: Record<string, unknown> = {}) => login(c, sessionCode, { email, emailCode, emailCodeProcessId, language: 'en_US', ...extra }),
  };
}
/** The demo authenticator's code of the next 30-second step (each step's code is usable once). */
function totpCode(): string {
  t.clock.advance(30_000);
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(t.server.demo!.totpSecret) }).generate({ timestamp: Date.now() + t.clock.offset });
}
/** Each test's requests for a code are outside the previous ones' one-a-minute wait. */
const nextMinute = () => t.clock.advance(61_000);

describe('sign-in by email code', () => {
  it('mails a 6-digit code and a link to this sign-in, and the code signs in once', async () => {
    nextMinute();
    const a = await attempt('demo@example.com');
    const sent = await a.ask();
    expect(sent.body.result).toEqual({ processId: expect.any(String), resendAfterSeconds: 60, expiresIn: 600 });
    const mail = (await mails(a.c, 'demo@example.com'))[0]!;
    expect(mail.subject).toMatch(/^Your sign-in code: \d{6}$/);
    const link = new URL(mail.links.find((l) => l.includes('module=emailCode'))!);
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('session_code')).toBe(a.sessionCode);
    // The token is in the fragment: never sent to a server, never in a Referer.
    expect(link.hash).toMatch(/^#token=/);
    const code = /code is (\d{6})/.exec(mail.text)![1]!;
    const done = await a.signIn(code, sent.body.result.processId);
    expect(done.status, done.text).toBe(200);
    expect(done.body.result.serviceUrl).toBeTruthy();
    // Spent: the same code does not sign in again, even in the same browser and login session.
    const b = await attempt('demo@example.com');
    expect((await b.signIn(code, sent.body.result.processId)).body.errorCode).toBe(E.verificationCodeInvalid);
  });

  it('the link signs in like the code', async () => {
    nextMinute();
    const a = await attempt('demo@example.com');
    const { processId, link } = await a.mailed();
    const token = decodeURIComponent(new URL(link).hash.slice('#token='.length));
    const [fromLink, linkToken, emailPart] = token.split('.');
    expect(fromLink).toBe(processId);
    expect(Buffer.from(emailPart!, 'base64url').toString()).toBe('demo@example.com');
    expect((await a.signIn(linkToken!, processId)).status).toBe(200);
  });

  it('a code mailed for one sign-in never finishes another', async () => {
    nextMinute();
    const a = await attempt('demo@example.com');
    const b = await attempt('demo@example.com');
    const { processId, code } = await a.mailed();
    expect((await b.signIn(code, processId)).body.errorCode).toBe(E.verificationCodeInvalid);
    // And A's still works: B's try was no wrong code of A's.
    expect((await a.signIn(code, processId)).status).toBe(200);
  });

  it('only the newest code of a sign-in is valid, and none after ten minutes', async () => {
    nextMinute();
    const a = await attempt('demo@example.com');
    const first = await a.mailed();
    nextMinute();
    const second = await a.mailed();
    expect((await a.signIn(first.code, first.processId)).body.errorCode).toBe(E.verificationCodeInvalid);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await a.signIn(second.code, second.processId)).body.errorCode).toBe(E.verificationCodeInvalid);
  });

  it('answers an address without an account the same, and mails nothing', async () => {
    nextMinute();
    const a = await attempt('nobody-here@example.com');
    const sent = await a.ask();
    expect(sent.status).toBe(200);
    expect(sent.body.result).toEqual({ processId: expect.any(String), resendAfterSeconds: 60, expiresIn: 600 });
    expect(await mails(a.c, 'nobody-here@example.com')).toEqual([]);
    // A second request within the minute waits, as for an account.
    expect((await a.ask()).body).toMatchObject({ errorCode: E.rateLimited, result: { retryAfterSeconds: expect.any(Number) } });
    expect((await a.signIn('123456', sent.body.result.processId)).body.errorCode).toBe(E.wrongCredentials);
  });

  it('one request a minute per address, whoever asks', async () => {
    nextMinute();
    const a = await attempt('us@example.com');
    const b = await attempt('us@example.com');
    expect((await a.ask()).status).toBe(200);
    const again = await b.ask();
    expect(again.body.errorCode).toBe(E.rateLimited);
    expect(again.body.result.retryAfterSeconds).toBeGreaterThan(0);
    expect(again.body.result.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('a wrong code counts toward the same lock as a wrong password, and the lock holds for codes', async () => {
    nextMinute();
    const email = 'locked-soon@example.com'; // four failed sign-ins already
    const a = await attempt(email);
    const { processId, code } = await a.mailed();
    const wrong = code === '000000' ? '111111' : '000000';
    const fifth = await a.signIn(wrong, processId);
    expect(fifth.body).toMatchObject({ errorCode: E.wrongCredentials, result: { remainAttempts: 0 } });
    // Locked now: the right code is refused as a password would be.
    expect((await a.signIn(code, processId)).body.errorCode).toBe(E.accountLocked);
    const activity = await t.server.ctx.region('Euw').selectFrom('security_events').select(['kind', 'detail']).where('kind', 'in', ['sign_in_failure', 'account_locked']).execute();
    expect(activity.some((e) => e.kind === 'sign_in_failure' && String(e.detail).includes('code'))).toBe(true);
    expect(activity.some((e) => e.kind === 'account_locked')).toBe(true);
  });

  it('asks the second factor after the code, but never the same mailbox', async () => {
    nextMinute();
    // mfa@example.com: authenticator app (primary) and email codes.
    const a = await attempt('mfa@example.com');
    const { processId, code } = await a.mailed();
    const step = await a.signIn(code, processId);
    expect(step.body.errorCode).toBe(E.mfaRequired);
    expect(step.body.result.supportedMFATypes).toEqual([3]);
    const done = await a.signIn(code, processId, { mfaType: 3, code: totpCode(), mfaProcessId: step.body.result.MFAProcessId });
    expect(done.status, done.text).toBe(200);
    // A mailed second code is no way past the step after a mailed sign-in code.
    nextMinute();
    const b = await attempt('mfa@example.com');
    const again = await b.mailed();
    const stepB = await b.signIn(again.code, again.processId);
    expect((await b.signIn(again.code, again.processId, { mfaType: 2, code: '123456', mfaProcessId: stepB.body.result.MFAProcessId })).body.errorCode).toBe(E.mfaTypeDisabled);
  });

  it("skips the step when the account's only second factor is that mailbox", async () => {
    nextMinute();
    const db = t.server.ctx.region('Euw');
    await db.updateTable('accounts').set({ mfa_enabled: 1, mfa_email: 1, mfa_primary: 2 }).where('email', '=', 'privacy@example.com').execute();
    await db.updateTable('accounts').set({ privacy_version: 100000 }).where('email', '=', 'privacy@example.com').execute();
    const a = await attempt('privacy@example.com');
    const { processId, code } = await a.mailed();
    const done = await a.signIn(code, processId);
    expect(done.status, done.text).toBe(200);
    // The same account with its password is asked the mailed code as ever.
    const b = new Client(t.base);
    const { sessionCode } = await startLogin(b);
    expect((await login(b, sessionCode, { email: 'privacy@example.com', password: DEMO_PASSWORD })).body.errorCode).toBe(E.mfaRequired);
  });

  it('takes a code alone: not beside a password or a passkey, and not without its process', async () => {
    const a = await attempt('demo@example.com');
    expect((await a.signIn('123456', 'p', { password: DEMO_PASSWORD })).body.errorCode).toBe(E.invalidParameter);
    expect((await login(a.c, a.sessionCode, { email: 'demo@example.com', emailCode: '123456' })).body.errorCode).toBe(E.invalidParameter);
  });

  it('needs the login session: no code without one, nor for a made-up one (nothing is mailed)', async () => {
    nextMinute();
    const c = new Client(t.base);
    expect((await c.post('/api/login/email-code', { email: 'demo@example.com' })).body.errorCode).toBe(E.invalidParameter);
    const before = (await mails(c, 'demo@example.com')).length;
    const madeUp = await c.post('/api/login/email-code', { email: 'demo@example.com' }, { headers: { session_code: 'not-a-real-login-session' } });
    expect(madeUp.body.errorCode).toBe(E.tokenExpired);
    expect((await mails(c, 'demo@example.com')).length).toBe(before);
  });

  it('signs in only the browser that asked: a forwarded link (or code) does nothing in another browser', async () => {
    nextMinute();
    const a = await attempt('demo@example.com');
    const { processId, code, link } = await a.mailed();
    const token = decodeURIComponent(new URL(link).hash.slice('#token='.length)).split('.')[1]!;
    // Another browser with everything the link carries (its login session, the process, the token).
    const elsewhere = new Client(t.base);
    const forwarded = await login(elsewhere, a.sessionCode, { email: 'demo@example.com', emailCode: token, emailCodeProcessId: processId, language: 'en_US' });
    expect(forwarded.body.errorCode).toBe(E.verificationCodeInvalid);
    expect(forwarded.body.result).toEqual({ reason: 'otherBrowser' });
    expect((await login(elsewhere, a.sessionCode, { email: 'demo@example.com', emailCode: code, emailCodeProcessId: processId, language: 'en_US' })).body.result).toEqual({ reason: 'otherBrowser' });
    // In the browser that asked, the same link still signs in.
    expect((await a.signIn(token, processId)).status).toBe(200);
  });
});

describe('sign-in by email code, under the deployment', () => {
  it('is off unless the config turns it on: no route, and a code signs nobody in', async () => {
    const off = await startServer({ portalConfigFile: writeConfig('off.json', false), appConfigFiles: {} });
    try {
      const a = await attempt('demo@example.com', off);
      expect((await a.ask()).status).toBe(404);
      expect((await a.signIn('123456', 'some-process')).body.errorCode).toBe(E.wrongCredentials);
    } finally {
      await off.close();
    }
  });

  it('asks the captcha under risk, as a password would, before the code is looked at', async () => {
    const risky = await startServer({ portalConfigFile: writeConfig('on.json', true), appConfigFiles: {}, limits: { captchaAfterFailures: 0, captchaAfterAccountFailures: 0 } });
    try {
      const a = await attempt('demo@example.com', risky);
      const { processId, code } = await a.mailed();
      expect((await a.signIn(code, processId)).body.errorCode).toBe(E.captchaRequired);
    } finally {
      await risky.close();
    }
  });

  it('a made-up process costs the asker an attempt toward the captcha: no free probe of which addresses have an account', async () => {
    const risky = await startServer({ portalConfigFile: writeConfig('on.json', true), appConfigFiles: {}, limits: { captchaAfterFailures: 3, captchaAfterAccountFailures: 3 } });
    try {
      const prober = new Client(risky.base);
      const { sessionCode } = await startLogin(prober);
      const probe = () => login(prober, sessionCode, { email: 'founder@example.com', emailCode: '123456', emailCodeProcessId: `made-up-${Math.random()}` });
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) answers.push((await probe()).body.errorCode as number);
      expect(answers[0]).toBe(E.verificationCodeInvalid);
      expect(answers.at(-1)).toBe(E.captchaRequired);
    } finally {
      await risky.close();
    }
  });

  it('under enumeration protection, a wrong code for an address without an account is answered as for an account', async () => {
    const guarded = await startServer({ portalConfigFile: writeConfig('on.json', true), appConfigFiles: {}, enumerationProtection: true });
    try {
      const nobody = await attempt('nobody-at-all@example.com', guarded);
      const someone = await attempt('demo@example.com', guarded);
      const [n, s] = [(await nobody.ask()).body.result.processId as string, (await someone.ask()).body.result.processId as string];
      const [wn, ws] = [await nobody.signIn('000001', n), await someone.signIn('000001', s)];
      expect(wn.body.errorCode).toBe(E.wrongCredentials);
      expect(Object.keys(wn.body.result ?? {}).sort()).toEqual(Object.keys(ws.body.result ?? {}).sort());
      expect(wn.body.result.remainAttempts).toBe(ws.body.result.remainAttempts);
    } finally {
      await guarded.close();
    }
  });
});
