import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { totpNow } from '../../plugins/mfa/server/totp';
import { Client, DEMO_PASSWORD, login, mails, signIn, startLogin, startServer, unlock, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const now = () => Date.now() + t.clock.offset;

describe('security token', () => {
  it('is needed for sensitive calls, lasts five minutes and can be disabled', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
    const noToken = await c.post(`/api/account/${id}/timeout`, { expireTime: 21600 }, { auth: true });
    expect(noToken.status).toBe(403);
    expect(noToken.body.errorCode).toBe(E.tokenFailure);
    expect((await c.post('/api/security/enable', { password: 'Wrong-pass-1' }, { auth: true })).body.errorCode).toBe(E.wrongCredentials);
    await unlock(c, DEMO_PASSWORD);
    expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 21600 }, { auth: true, security: true })).body.result.expireTime).toBe(21600);
    expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 1234 }, { auth: true, security: true })).body.errorCode).toBe(E.invalidParameter);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 86400 }, { auth: true, security: true })).body.errorCode).toBe(E.tokenFailure);
    await c.post('/api/refresh-token', { refreshToken: c.refreshToken }).then((r) => {
      c.accessToken = r.body.result.accessToken;
      c.refreshToken = r.body.result.refreshToken;
    });
    await unlock(c, DEMO_PASSWORD);
    expect((await c.post(`/api/security/${id}/disable`, undefined, { auth: true, security: true })).body.result.disabled).toBe(true);
    expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 86400 }, { auth: true, security: true })).body.errorCode).toBe(E.tokenFailure);
    // Another account's security token does not work.
    const other = new Client(t.base);
    await signIn(other, 'member@example.com', DEMO_PASSWORD);
    await unlock(other, DEMO_PASSWORD);
    c.securityToken = other.securityToken;
    expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 86400 }, { auth: true, security: true })).body.errorCode).toBe(E.tokenFailure);
    expect((await c.post(`/api/account/someone/timeout`, { expireTime: 86400 }, { auth: true, security: true })).body.errorCode).toBe(E.tokenFailure);
  });

  it('ends with the sign-out that sends it, so an unlock never outlives its session', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
    await unlock(c, DEMO_PASSWORD);
    const token = c.securityToken;
    expect((await c.post('/api/logout', undefined, { auth: true, security: true })).body.result.revoked).toBe(true);
    // Signed in again within the five minutes: the old unlock is over.
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    c.securityToken = token;
    expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 86400 }, { auth: true, security: true })).body.errorCode).toBe(E.tokenFailure);
    // A sign-out without the header leaves another unlock alone (it may be another device's).
    await unlock(c, DEMO_PASSWORD);
    const kept = c.securityToken;
    const other = new Client(t.base);
    await signIn(other, 'demo@example.com', DEMO_PASSWORD);
    await other.post('/api/logout', undefined, { auth: true });
    expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 86400 }, { auth: true, security: true })).body.result.expireTime).toBe(86400);
    expect(c.securityToken).toBe(kept);
  });
});

describe('a security unlock', () => {
  it("belongs to the session that made it: another session of the account cannot use it, nor one after it signed out", async () => {
    const laptop = new Client(t.base);
    await signIn(laptop, 'demo@example.com', DEMO_PASSWORD);
    const id = (await laptop.get('/api/user-info', { auth: true })).body.result.accountId;
    const phone = new Client(t.base);
    await signIn(phone, 'demo@example.com', DEMO_PASSWORD);
    await unlock(laptop, DEMO_PASSWORD);
    phone.securityToken = laptop.securityToken;
    expect((await phone.post(`/api/account/${id}/timeout`, { expireTime: 21600 }, { auth: true, security: true })).body.errorCode).toBe(E.tokenFailure);
    // Its own session may (the refusal above spent nothing).
    expect((await laptop.post(`/api/account/${id}/timeout`, { expireTime: 21600 }, { auth: true, security: true })).body.result.expireTime).toBe(21600);
    // Signed out without the header (the unlock is not ended): still no other session's.
    await laptop.post('/api/logout', undefined, { auth: true });
    expect((await phone.post(`/api/account/${id}/timeout`, { expireTime: 86400 }, { auth: true, security: true })).body.errorCode).toBe(E.tokenFailure);
  });
});

describe('two-factor management', () => {
  it('enrols TOTP, adds email codes, sets primary, deletes and disables', async () => {
    const c = new Client(t.base);
    await signIn(c, 'founder@example.com', DEMO_PASSWORD);
    const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
    const status0 = (await c.get(`/api/account/${id}/mfa/getMfaFeatureStatus`, { auth: true })).body.result;
    expect(status0).toMatchObject({ enabled: false, supportedMFATypes: [], primaryMFAType: null });
    expect((await c.post('/api/account/mfa/getTOTPUrl', undefined, { auth: true })).body.errorCode).toBe(E.tokenFailure);
    await unlock(c, DEMO_PASSWORD);
    expect((await c.post('/api/account/mfa/enable', { mfaType: 3, code: '123456' }, { auth: true, security: true })).body.errorCode).toBe(E.totpSecretMissing);
    const totp = (await c.post('/api/account/mfa/getTOTPUrl', undefined, { auth: true, security: true })).body.result;
    expect(totp.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Unified%20ID:founder%40example\.com\?/);
    expect(totp.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await c.post('/api/account/mfa/enable', { mfaType: 3, code: '000000' }, { auth: true, security: true })).body.errorCode).toBe(E.mfaCodeError);
    const enabled = await c.post('/api/account/mfa/enable', { mfaType: 3, code: totpNow(totp.secret, now()) }, { auth: true, security: true });
    expect(enabled.body.result.enabled).toBe(true);
    expect((await c.post('/api/account/mfa/enable', { mfaType: 3, code: '123456' }, { auth: true, security: true })).body.errorCode).toBe(E.mfaTypeEnabled);
    expect((await c.post('/api/account/mfa/getTOTPUrl', undefined, { auth: true, security: true })).body.errorCode).toBe(E.mfaTypeEnabled);

    // Email as a second method.
    expect((await c.post('/api/accounts/mfa/addMfaType', { mfaType: 2, code: '123456' }, { auth: true, security: true })).body.errorCode).toBe(E.verificationCodeInvalid);
    const sent = await c.post('/api/email/code', { email: 'founder@example.com', type: 'BIND', password: DEMO_PASSWORD }, { auth: true, security: true });
    expect(sent.body.result.resendAfterSeconds).toBe(60);
    const code = /code is (\d{6})/.exec((await mails(c, 'founder@example.com'))[0]!.text)![1]!;
    expect((await c.post('/api/accounts/mfa/addMfaType', { mfaType: 2, code }, { auth: true, security: true })).body.result.added).toBe(2);
    expect((await c.post('/api/accounts/mfa/primary', { mfaType: 2 }, { auth: true, security: true })).body.result.primaryMFAType).toBe(2);
    const status1 = (await c.get(`/api/account/${id}/mfa/getMfaFeatureStatus`, { auth: true })).body.result;
    expect(status1).toMatchObject({ enabled: true, supportedMFATypes: [2, 3], primaryMFAType: 2 });

    // Sign-in now needs MFA, email primary: the code goes out with the challenge.
    t.clock.advance(61_000);
    const b = new Client(t.base);
    const { sessionCode } = await startLogin(b);
    const need = await login(b, sessionCode, { email: 'founder@example.com', password: DEMO_PASSWORD });
    expect(need.body.errorCode).toBe(E.mfaRequired);
    expect(need.body.result.primaryMFAType).toBe(2);
    const loginCode = /code is (\d{6})/.exec((await mails(b, 'founder@example.com'))[0]!.text)![1]!;
    expect((await login(b, sessionCode, { email: 'founder@example.com', password: DEMO_PASSWORD, mfaType: 2, code: loginCode, mfaProcessId: need.body.result.MFAProcessId })).status).toBe(200);

    expect((await c.post('/api/accounts/mfa/delMfaType', { mfaType: 2 }, { auth: true, security: true })).status).toBe(200);
    const status2 = (await c.get(`/api/account/${id}/mfa/getMfaFeatureStatus`, { auth: true })).body.result;
    expect(status2).toMatchObject({ enabled: true, supportedMFATypes: [3], primaryMFAType: 3 });
    expect((await c.post('/api/accounts/mfa/primary', { mfaType: 2 }, { auth: true, security: true })).body.errorCode).toBe(E.mfaTypeDisabled);
    expect((await c.post('/api/accounts/mfa/disable', undefined, { auth: true, security: true })).body.result.enabled).toBe(false);
    expect((await c.post('/api/accounts/mfa/disable', undefined, { auth: true, security: true })).body.errorCode).toBe(E.mfaTypeDisabled);
    expect((await c.post('/api/accounts/mfa/addMfaType', { mfaType: 3, code: '123456' }, { auth: true, security: true })).body.errorCode).toBe(E.mfaTypeDisabled);
  });

  it('expires a TOTP secret that was not bound within ten minutes', async () => {
    const c = new Client(t.base);
    await signIn(c, 'applicant@example.com', DEMO_PASSWORD);
    await unlock(c, DEMO_PASSWORD);
    const totp = (await c.post('/api/account/mfa/getTOTPUrl', undefined, { auth: true, security: true })).body.result;
    t.clock.advance(4 * 60_000);
    await unlock(c, DEMO_PASSWORD);
    t.clock.advance(4 * 60_000);
    await unlock(c, DEMO_PASSWORD);
    t.clock.advance(3 * 60_000);
    await c.post('/api/refresh-token', { refreshToken: c.refreshToken }).then((r) => {
      c.accessToken = r.body.result.accessToken;
      c.refreshToken = r.body.result.refreshToken;
    });
    await unlock(c, DEMO_PASSWORD);
    const late = await c.post('/api/account/mfa/enable', { mfaType: 3, code: totpNow(totp.secret, now()) }, { auth: true, security: true });
    expect(late.body.errorCode).toBe(E.totpSecretExpired);
  });
});

describe('sessions', () => {
  it('lists sessions with the current one marked and logs chosen ones out', async () => {
    const a = new Client(t.base);
    const b = new Client(t.base);
    const c = new Client(t.base);
    await signIn(a, 'owner@example.com', DEMO_PASSWORD);
    await signIn(b, 'owner@example.com', DEMO_PASSWORD);
    await signIn(c, 'owner@example.com', DEMO_PASSWORD);
    const id = (await a.get('/api/user-info', { auth: true })).body.result.accountId;
    const list = (await a.get(`/api/account/${id}/sessions`, { auth: true })).body.result.sessions;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const bList = (await b.get(`/api/account/${id}/sessions`, { auth: true })).body.result.sessions;
    const bCurrent = bList.find((s: { current: boolean }) => s.current).sessionId;
    await unlock(a, DEMO_PASSWORD);
    const out = await a.post(`/api/account/${id}/logout`, { sessionList: [bCurrent] }, { auth: true, security: true });
    expect(out.body.result.loggedOut).toEqual([bCurrent]);
    expect((await b.get('/api/user-info', { auth: true })).body.errorCode).toBe(E.invalidToken);
    expect((await b.post('/api/refresh-token', { refreshToken: b.refreshToken })).status).toBe(401);
    expect((await c.get('/api/user-info', { auth: true })).status).toBe(200);
    // Empty list: everything but the current device.
    await a.post(`/api/account/${id}/logout`, {}, { auth: true, security: true });
    expect((await c.get('/api/user-info', { auth: true })).status).toBe(401);
    expect((await a.get('/api/user-info', { auth: true })).status).toBe(200);
    const left = (await a.get(`/api/account/${id}/sessions`, { auth: true })).body.result.sessions;
    expect(left).toHaveLength(1);
  });

  it('enforces the session timeout on refresh', async () => {
    const c = new Client(t.base);
    await signIn(c, 'member@example.com', DEMO_PASSWORD);
    const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
    expect((await c.post(`/api/account/${id}/defaultTime`, undefined, { auth: true })).body.result.expireTime).toBe(86400);
    await unlock(c, DEMO_PASSWORD);
    expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 10800 }, { auth: true, security: true })).status).toBe(200);
    t.clock.advance(2 * 3600_000);
    const r = await c.post('/api/refresh-token', { refreshToken: c.refreshToken });
    expect(r.status).toBe(200);
    t.clock.advance(3600_000 + 1000);
    const late = await c.post('/api/refresh-token', { refreshToken: r.body.result.refreshToken });
    expect(late.status).toBe(401);
    expect(late.body.errorCode).toBe(E.tokenExpired);
    expect((await c.post('/api/logged')).body.result.loggedIn).toBe(false);
  });
});

describe('password change', () => {
  it('checks the old password, the format and difference, and keeps only this session', async () => {
    const a = new Client(t.base);
    const b = new Client(t.base);
    await signIn(a, 'applicant@example.com', DEMO_PASSWORD).catch(() => undefined);
    if (!a.accessToken) await signIn(a, 'applicant@example.com', DEMO_PASSWORD);
    await signIn(b, 'applicant@example.com', DEMO_PASSWORD);
    const id = (await a.get('/api/user-info', { auth: true })).body.result.accountId;
    const change = (oldPassword: string, newPassword: string) => a.post(`/api/accounts/${id}/password`, { oldPassword, newPassword }, { auth: true, security: true });
    expect((await change(DEMO_PASSWORD, 'New-pass-1')).body.errorCode).toBe(E.tokenFailure);
    await unlock(a, DEMO_PASSWORD);
    expect((await change('Wrong-pass-1', 'New-pass-1')).body.errorCode).toBe(E.wrongCredentials);
    expect((await change(DEMO_PASSWORD, DEMO_PASSWORD)).body.errorCode).toBe(E.samePassword);
    expect((await change(DEMO_PASSWORD, 'nodigits')).body.errorCode).toBe(E.invalidPasswordFormat);
    expect((await change(DEMO_PASSWORD, 'New-pass-1')).status).toBe(200);
    expect((await a.get('/api/user-info', { auth: true })).status).toBe(200);
    expect((await b.get('/api/user-info', { auth: true })).status).toBe(401);
    expect((await mails(a, 'applicant@example.com'))[0]!.subject).toBe('Your Unified ID password was changed');
  });
});

describe('security token lifetime option', () => {
  it('limits.securityTokenSeconds sets the unlock lifetime the server reports and enforces', async () => {
    const short = await startServer({ limits: { securityTokenSeconds: 3 } });
    try {
      const c = new Client(short.base);
      await signIn(c, 'demo@example.com', DEMO_PASSWORD);
      const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
      const res = await c.post('/api/security/enable', { password: DEMO_PASSWORD }, { auth: true });
      expect(res.body.result.expiresIn).toBe(3);
      c.securityToken = res.body.result.securityToken;
      expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 21600 }, { auth: true, security: true })).body.result.expireTime).toBe(21600);
      short.clock.advance(3000);
      expect((await c.post(`/api/account/${id}/timeout`, { expireTime: 86400 }, { auth: true, security: true })).body.errorCode).toBe(E.tokenFailure);
    } finally {
      await short.close();
    }
  });
});
