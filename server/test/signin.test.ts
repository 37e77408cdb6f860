import { humanTrace } from './captchaTraces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { totpNow } from '../../plugins/mfa/server/totp';
import { activateFromMail, Client, DEMO_PASSWORD, finishHandOff, LEGACY_PASSWORD, login, mails, signIn, startLogin, startServer, type TestServer } from './harness';
import { totpSecretOf } from './secondFactorHelpers';
import { captchaStore } from '../../plugins/captcha/server/tables';
import { legacyStore } from '../../plugins/migration/server/tables';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

async function attempt(email: string, password: string, extra: Record<string, unknown> = {}) {
  const c = new Client(t.base);
  const { sessionCode, verifier } = await startLogin(c);
  const res = await login(c, sessionCode, { email, password, ...extra });
  return { c, res, sessionCode, verifier };
}

async function register(email: string, password = 'Register-pass-1') {
  const c = new Client(t.base);
  const res = await c.post('/api/register/captcha', { email, password, regionCode: 'DE', firstName: 'Test', lastName: 'User', language: 'de_DE' });
  expect(res.status).toBe(200);
  const mail = (await mails(c, email))[0]!;
  await c.get(mail.links[0]!);
  return c;
}

describe('sign-in lockout', () => {
  it('counts 50 parallel wrong passwords exactly five times', async () => {
    await register('race@example.com');
    const results = await Promise.all(Array.from({ length: 50 }, () => attempt('race@example.com', 'Wrong-pass-1')));
    const codes = results.map((r) => r.res.body.errorCode);
    const wrong = results.filter((r) => r.res.body.errorCode === E.wrongCredentials);
    expect(wrong).toHaveLength(5);
    expect(codes.filter((c) => c === E.accountLocked)).toHaveLength(45);
    expect(wrong.map((r) => r.res.body.result.failedAttempts).sort()).toEqual([1, 2, 3, 4, 5]);
    const row = await t.server.ctx.region('Euw').selectFrom('accounts').select(['failed_attempts', 'locked_until']).where('email', '=', 'race@example.com').executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
    expect(row.locked_until).toBeGreaterThan(Date.now());
    // Even the right password is refused while locked.
    const locked = await attempt('race@example.com', 'Register-pass-1');
    expect(locked.res.status).toBe(423);
    expect(locked.res.body.errorCode).toBe(E.accountLocked);
    expect(locked.res.body.result).toMatchObject({ remainAttempts: 0, failedAttempts: 5 });
    expect(locked.res.body.result.lockedMinutes).toBeGreaterThan(0);
  });

  it('warns with remaining attempts, locks at zero and unlocks when the time is up', async () => {
    const first = await attempt('locked-soon@example.com', 'Wrong-pass-1');
    expect(first.res.body.errorCode).toBe(E.wrongCredentials);
    expect(first.res.body.result).toEqual({ remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 });
    expect((await attempt('locked-soon@example.com', DEMO_PASSWORD)).res.body.errorCode).toBe(E.accountLocked);
    t.clock.advance(31 * 60_000);
    const after = await attempt('locked-soon@example.com', 'Wrong-pass-1');
    expect(after.res.body.result).toMatchObject({ remainAttempts: 4, failedAttempts: 1, lockedMinutes: 60 });
    const ok = await attempt('locked-soon@example.com', DEMO_PASSWORD);
    expect(ok.res.status).toBe(200);
    const row = await t.server.ctx.region('Euw').selectFrom('accounts').select('failed_attempts').where('email', '=', 'locked-soon@example.com').executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(0);
  });

  it('does not tell unknown accounts from wrong passwords', async () => {
    const res = (await attempt('nobody@example.com', 'Whatever-1')).res;
    expect(res.body.errorCode).toBe(E.wrongCredentials);
  });
});

describe('sign-in states', () => {
  it('asks for the privacy policy and records the acknowledgement', async () => {
    const first = await attempt('privacy@example.com', DEMO_PASSWORD);
    expect(first.res.body.errorCode).toBe(E.privacyPolicyUpdate);
    expect(first.res.body.result.version).toBe(2);
    const wrongVersion = await login(first.c, first.sessionCode, { email: 'privacy@example.com', password: DEMO_PASSWORD, acceptPrivacyVersion: 1 });
    expect(wrongVersion.body.errorCode).toBe(E.privacyPolicyUpdate);
    const ok = await login(first.c, first.sessionCode, { email: 'privacy@example.com', password: DEMO_PASSWORD, acceptPrivacyVersion: 2 });
    expect(ok.status).toBe(200);
    const again = await attempt('privacy@example.com', DEMO_PASSWORD);
    expect(again.res.status).toBe(200);
  });

  it('sends the activation mail again for an account that is not activated', async () => {
    const c = new Client(t.base);
    const res = (await attempt('inactive@example.com', DEMO_PASSWORD)).res;
    expect(res.body.errorCode).toBe(E.notActivated);
    expect(res.body.result).toEqual({ email: 'inactive@example.com', mailSent: true, resendAfterSeconds: 60 });
    const second = (await attempt('inactive@example.com', DEMO_PASSWORD)).res;
    // Inside the 60 s wait: no mail, and when Resend can send one (the page says so, not "sent").
    expect(second.body.result).toMatchObject({ mailSent: false, resendAfterSeconds: expect.any(Number) });
    expect(second.body.result.resendAfterSeconds).toBeGreaterThan(0);
    const mail = (await mails(c, 'inactive@example.com'))[0]!;
    expect(mail.subject).toBe('Activate your Unified ID');
    const token = decodeURIComponent(new URL(mail.links[0]!).hash.replace('#token=', ''));
    expect((await c.post('/api/activations/verify', { token })).body.result.email).toBe('inactive@example.com');
    expect((await c.post('/api/activations/verify', { token })).body.errorCode).toBe(E.alreadyActivated); // single use
    expect((await attempt('inactive@example.com', DEMO_PASSWORD)).res.status).toBe(200);
  });

  it('asks to confirm the region (-9) and signs in after POST /account', async () => {
    const first = await attempt('region@example.com', DEMO_PASSWORD);
    expect(first.res.body.errorCode).toBe(E.regionRequired);
    const r = first.res.body.result;
    expect(r).toMatchObject({ email: 'region@example.com', firstName: 'region', regionCode: 'Euw' });
    const bad = await first.c.post('/api/region/euw/account', { email: 'region@example.com', firstName: 'region', regionCode: 'XX', processId: r.processId });
    expect(bad.body.errorCode).toBe(E.regionCodeInvalid);
    const forged = await first.c.post('/api/region/euw/account', { email: 'region@example.com', firstName: 'region', regionCode: 'FR', processId: 'euw.forgedforgedforgedforged' });
    expect(forged.body.errorCode).toBe(E.tokenExpired);
    // Choosing a country of another region moves the account there.
    const moved = await first.c.post('/api/region/use/account', { email: 'region@example.com', firstName: 'region', regionCode: 'CA', processId: r.processId });
    expect(moved.body.result).toEqual({ email: 'region@example.com', region: 'Use' });
    expect(await t.server.ctx.region('Euw').selectFrom('accounts').select('id').where('email', '=', 'region@example.com').executeTakeFirst()).toBeUndefined();
    const again = await login(first.c, first.sessionCode, { email: 'region@example.com', password: DEMO_PASSWORD });
    expect(again.status).toBe(200);
    const tokens = await finishHandOff(first.c, again.body.result, first.verifier);
    expect(tokens.region).toBe('Use');
    const me = await first.c.get('/api/region/use/user-info', { auth: true });
    expect(me.body.result).toMatchObject({ region: 'Use', country: 'CA', regionConfirmed: true });
  });
});

describe('two-factor sign-in', () => {
  async function secretOf() {
    return { mfa_totp_secret: await totpSecretOf(t, 'mfa@example.com') };
  }

  it('requires MFA, accepts a TOTP code once and refuses its reuse', async () => {
    const { mfa_totp_secret: secret } = await secretOf();
    const first = await attempt('mfa@example.com', DEMO_PASSWORD);
    expect(first.res.body.errorCode).toBe(E.mfaRequired);
    const m = first.res.body.result;
    expect(m.supportedMFATypes).toEqual([2, 3]);
    expect(m.primaryMFAType).toBe(3);
    expect(m.MFAEmail).toMatch(/^mf\*+@example\.com$/);
    const code = totpNow(secret!, Date.now() + t.clock.offset);
    const ok = await login(first.c, first.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 3, code, mfaProcessId: m.MFAProcessId });
    expect(ok.status).toBe(200);
    // Same code in another browser: refused.
    const other = await attempt('mfa@example.com', DEMO_PASSWORD);
    const reuse = await login(other.c, other.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 3, code, mfaProcessId: other.res.body.result.MFAProcessId });
    expect(reuse.body.errorCode).toBe(E.mfaCodeError);
    // The code of the next step (±1 step window) is accepted.
    const next = totpNow(secret!, Date.now() + t.clock.offset + 30_000);
    const later = await login(other.c, other.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 3, code: next, mfaProcessId: other.res.body.result.MFAProcessId });
    expect(later.status).toBe(200);
    // Two steps away is outside the window.
    const third = await attempt('mfa@example.com', DEMO_PASSWORD);
    const far = totpNow(secret!, Date.now() + t.clock.offset + 120_000);
    const farRes = await login(third.c, third.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 3, code: far, mfaProcessId: third.res.body.result.MFAProcessId });
    expect(farRes.body.errorCode).toBe(E.mfaCodeError);
  });

  it('sends email codes (60 s resend wait) and uses each once', async () => {
    t.clock.advance(120_000);
    const first = await attempt('mfa@example.com', DEMO_PASSWORD);
    const pid = first.res.body.result.MFAProcessId;
    const bad = await first.c.post('/api/email/code', { email: 'other@example.com', type: 'LOGIN', mfaProcessId: pid });
    expect(bad.body.errorCode).toBe(E.mfaProcessMissing);
    const sent = await first.c.post('/api/email/code', { email: 'mfa@example.com', type: 'LOGIN', mfaProcessId: pid });
    expect(sent.body.result).toEqual({ resendAfterSeconds: 60, expiresIn: 600 });
    const tooSoon = await first.c.post('/api/email/code', { email: 'mfa@example.com', type: 'LOGIN', mfaProcessId: pid });
    expect(tooSoon.body.errorCode).toBe(E.rateLimited);
    const mail = (await mails(first.c, 'mfa@example.com'))[0]!;
    const code = /code is (\d{6})/.exec(mail.text)![1]!;
    const ok = await login(first.c, first.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 2, code, mfaProcessId: pid });
    expect(ok.status).toBe(200);
    const again = await attempt('mfa@example.com', DEMO_PASSWORD);
    const reuse = await login(again.c, again.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 2, code, mfaProcessId: again.res.body.result.MFAProcessId });
    expect(reuse.body.errorCode).toBe(E.verificationCodeInvalid);
    const missing = await login(again.c, again.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 2, code, mfaProcessId: 'euw.nosuchprocessnosuchprocess' });
    expect(missing.body.errorCode).toBe(E.mfaProcessMissing);
  });

  it('locks two-factor for 10 minutes after five wrong codes', async () => {
    t.clock.advance(120_000);
    const a = await attempt('mfa@example.com', DEMO_PASSWORD);
    const pid = a.res.body.result.MFAProcessId;
    const codes: number[] = [];
    const remain: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await login(a.c, a.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 3, code: '000000', mfaProcessId: pid });
      codes.push(r.body.errorCode);
      if (r.body.result?.remainAttempts !== undefined) remain.push(r.body.result.remainAttempts);
    }
    expect(codes).toEqual([E.mfaCodeError, E.mfaCodeError, E.mfaCodeError, E.mfaCodeError, E.mfaTooManyWrong]);
    expect(remain).toEqual([4, 3, 2, 1]);
    const { mfa_totp_secret: secret } = await secretOf();
    const right = totpNow(secret!, Date.now() + t.clock.offset);
    const locked = await login(a.c, a.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 3, code: right, mfaProcessId: pid });
    expect(locked.body.errorCode).toBe(E.mfaTooManyWrong);
    expect(locked.body.result.lockedMinutes).toBe(10);
    t.clock.advance(10 * 60_000 + 1000);
    const b = await attempt('mfa@example.com', DEMO_PASSWORD);
    const code = totpNow(secret!, Date.now() + t.clock.offset);
    const ok = await login(b.c, b.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 3, code, mfaProcessId: b.res.body.result.MFAProcessId });
    expect(ok.status).toBe(200);
  });

  it('counts 30 parallel wrong codes only up to the limit, then the lock holds', async () => {
    t.clock.advance(120_000);
    const a = await attempt('mfa@example.com', DEMO_PASSWORD);
    const pid = a.res.body.result.MFAProcessId;
    const results = await Promise.all(
      Array.from({ length: 30 }, () => login(a.c, a.sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD, mfaType: 3, code: '000000', mfaProcessId: pid })),
    );
    const wrong = results.filter((r) => r.body.errorCode === E.mfaCodeError);
    expect(wrong.map((r) => r.body.result.remainAttempts).sort()).toEqual([1, 2, 3, 4]);
    expect(results.filter((r) => r.body.errorCode === E.mfaTooManyWrong)).toHaveLength(26);
    const row = await t.server.ctx.region('Euw').selectFrom('accounts').select(['mfa_failed', 'mfa_locked_until']).where('email', '=', 'mfa@example.com').executeTakeFirstOrThrow();
    expect(row.mfa_failed).toBe(0);
    expect(row.mfa_locked_until).toBeGreaterThan(Date.now() + t.clock.offset + 9 * 60_000);
    t.clock.advance(10 * 60_000 + 1000);
  });
});

describe('captcha under risk', () => {
  it('asks for a captcha after failed sign-ins from one client', async () => {
    const t2 = await startServer({ limits: { captchaAfterFailures: 2 } });
    try {
      const c = new Client(t2.base);
      const { sessionCode } = await startLogin(c);
      for (let i = 0; i < 2; i++) expect((await login(c, sessionCode, { email: 'demo@example.com', password: 'Wrong-pass-1' })).body.errorCode).toBe(E.wrongCredentials);
      const res = await login(c, sessionCode, { email: 'demo@example.com', password: DEMO_PASSWORD });
      expect(res.body.errorCode).toBe(E.captchaRequired);
      // The frame page: strict CSP, framed only by the portal origin, posts to it.
      const frame = await c.get('/api/captcha/frame');
      expect(frame.headers.get('content-security-policy')).toContain(`frame-ancestors ${t2.base}`);
      expect(frame.text).toContain(`data-parent-origin="${t2.base}"`);
      expect(frame.text).not.toMatch(/<script>(?!\s*$)/);
      const js = await c.get('/api/captcha/frame.js');
      expect(js.text).toContain('postMessage(message, parentOrigin)');
      expect(js.text).not.toContain("'*'");
      // A wrong slide fails, and so does a bare answer; the right one gives a token (one answer a puzzle).
      const subject = new URL(res.body.result.captchaUrl as string).searchParams.get('for');
      const drop = async (x: (answer: number) => number, trail: (x: number) => number[][]) => {
        const ch = (await c.get(`/api/captcha/challenge?for=${subject}`)).body.result;
        expect((await c.get(ch.imageUrl.replace(t2.base, ''))).headers.get('content-type')).toBe('image/png');
        expect((await c.get(ch.pieceUrl.replace(t2.base, ''))).headers.get('content-type')).toBe('image/png');
        t2.clock.advance(1000); // the drags below take 680 ms: they cannot be verified sooner after the images
        const row = await captchaStore(t2.server.ctx).selectFrom('captcha_challenges').selectAll().where('id', '=', ch.challengeId).executeTakeFirstOrThrow();
        const at = x(row.target_x);
        const first = await c.post('/api/captcha/verify', { challengeId: ch.challengeId, x: at, trail: trail(at) });
        const again = await c.post('/api/captcha/verify', { challengeId: ch.challengeId, x: row.target_x, trail: humanTrace(row.target_x) });
        expect(again.body.errorCode).toBe(E.invalidParameter);
        return first;
      };
      expect((await drop((x) => x + 30, humanTrace)).body.errorCode).toBe(E.invalidParameter);
      expect((await drop((x) => x, (x) => [[0, x, 0]])).body.errorCode).toBe(E.invalidParameter);
      const hit = await drop((x) => x, humanTrace);
      expect(hit.body.result.token).toBeTruthy();
      const ok = await login(c, sessionCode, { email: 'demo@example.com', password: DEMO_PASSWORD, captchaToken: hit.body.result.token });
      expect(ok.status).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe('migration and merge', () => {
  it('returns -6 with the one local account and migrates it (activation mail)', async () => {
    const wrong = await attempt('legacy-one@example.com', 'Wrong-pass-1');
    expect(wrong.res.body.errorCode).toBe(E.wrongCredentials);
    const a = await attempt('legacy-one@example.com', LEGACY_PASSWORD);
    expect(a.res.body.errorCode).toBe(E.needMergeOrMigrate);
    const r = a.res.body.result;
    expect(r.variant).toBe('migrate');
    expect(r.accounts).toHaveLength(1);
    expect(r.accounts[0]).toMatchObject({ email: 'legacy-one@example.com', identityProvider: 'partnerProgram', firstName: 'Leo', mfa: false, subscription: true, productLine: 'NVR', subscriptionTopic: 'news' });
    const body = { migrationToken: r.migrationToken, email: 'legacy-one@example.com', identityProvider: 'partnerProgram', uuidProvider: r.accounts[0].uuidProvider, regionCode: 'SG', firstName: 'Leo', lastName: 'Local' };
    const forged = await a.c.post('/api/region/aps/register-and-merge', { ...body, migrationToken: 'nope-nope-nope' });
    expect(forged.body.errorCode).toBe(E.tokenExpired);
    const res = await a.c.post('/api/region/aps/register-and-merge', body);
    expect(res.body.result).toEqual({ email: 'legacy-one@example.com', region: 'Aps', activationMailSent: true });
    expect((await a.c.post('/api/region/aps/register-and-merge', body)).body.errorCode).toBe(E.tokenExpired); // token spent
    await activateFromMail(a.c, 'legacy-one@example.com');
    const signed = await attempt('legacy-one@example.com', LEGACY_PASSWORD, { acceptPrivacyVersion: 2 });
    expect(signed.res.status).toBe(200);
  });

  it('lists several local accounts in the spec order (pick variant)', async () => {
    const a = await attempt('legacy-many@example.com', LEGACY_PASSWORD);
    expect(a.res.body.result.variant).toBe('pick');
    expect(a.res.body.result.accounts.map((x: { identityProvider: string }) => x.identityProvider)).toEqual(['partnerProgram', 'partnerApp']);
    const chosen = a.res.body.result.accounts[1];
    const res = await a.c.post('/api/register-and-merge', { migrationToken: a.res.body.result.migrationToken, email: 'legacy-many@example.com', identityProvider: 'partnerApp', uuidProvider: chosen.uuidProvider, regionCode: 'Euw', firstName: 'Lena', lastName: 'Many' });
    expect(res.body.result.region).toBe('Euw');
    const rest = await legacyStore(t.server.ctx).selectFrom('legacy_accounts').select('migrated_at').where('email', '=', 'legacy-many@example.com').execute();
    expect(rest.every((r) => r.migrated_at !== null)).toBe(true);
  });

  it('merges a local account into the existing vendor ID (old password checked)', async () => {
    const a = await attempt('merge@example.com', DEMO_PASSWORD);
    expect(a.res.body.errorCode).toBe(E.needMergeOrMigrate);
    const r = a.res.body.result;
    expect(r.variant).toBe('merge');
    expect(r.accounts.map((x: { identityProvider: string }) => x.identityProvider)).toEqual(['vendorId', 'partnerApp']);
    const local = r.accounts[1];
    const base = { migrationToken: r.migrationToken, email: 'merge@example.com', identityProvider: 'partnerApp', uuidProvider: local.uuidProvider, needSetRegion: false };
    const wrong = await a.c.post('/api/accounts/info-and-password', { ...base, oldPassword: 'Wrong-pass-1', needChangePassword: false });
    expect(wrong.body.errorCode).toBe(E.wrongCredentials);
    const weak = await a.c.post('/api/accounts/info-and-password', { ...base, oldPassword: LEGACY_PASSWORD, needChangePassword: true, newPassword: 'short' });
    expect(weak.body.errorCode).toBe(E.invalidPasswordFormat);
    const ok = await a.c.post('/api/accounts/info-and-password', { ...base, oldPassword: LEGACY_PASSWORD, needChangePassword: true, newPassword: 'Merged-pass-1', subscriptionDTO: [{ productLine: 'Cameras', topicSubscription: 'firmware' }] });
    expect(ok.body.result).toEqual({ email: 'merge@example.com', merged: [local.uuidProvider] });
    const signed = await signIn(new Client(t.base), 'merge@example.com', 'Merged-pass-1');
    expect(signed.accessToken).toBeTruthy();
  });
});
