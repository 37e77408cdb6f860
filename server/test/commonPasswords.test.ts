/** Every place a password is set refuses a commonly used one with -3065, and nothing is changed or spent. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, LEGACY_PASSWORD, login, mails, signIn, startLogin, startServer, unlock, type TestServer } from './harness';
import { legacyStore } from '../../plugins/migration/server/tables';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ limits: { captchaAfterRegistrations: 1000 } });
});
afterAll(async () => t.close());

const COMMON = ['Password123!', 'P@ssw0rd1', 'Summer2024!'];
const STRONG = 'Tgd7-#mQk2-vine';

function expectCommonRefusal(res: { status: number; body: { errorCode?: number; message?: string } }) {
  expect(res.status).toBe(400);
  expect(res.body.errorCode).toBe(E.commonPassword);
  expect(res.body.message).toMatch(/too common/);
}

describe('refusing commonly used passwords', () => {
  it('registration: refused, no account and no mail; a strong password registers', async () => {
    const c = new Client(t.base);
    const email = 'common.register@example.com';
    const body = (password: string) => ({ email, password, regionCode: 'DE', firstName: 'Cora', lastName: 'Common', language: 'en_US' });
    for (const password of COMMON) expectCommonRefusal(await c.post('/api/register/captcha', body(password)));
    expect(await mails(c, email)).toHaveLength(0);
    expect((await c.post('/api/register/captcha', body(STRONG))).status).toBe(200);
    expect(await mails(c, email)).toHaveLength(1);
  });

  it('reset: refused, the link stays usable and the old password still signs in', async () => {
    const c = new Client(t.base);
    const email = 'member@example.com';
    expect((await c.post('/api/auth/password-reset-request', { email })).status).toBe(200);
    const link = (await mails(c, email))[0]!.links.find((l) => l.includes('module=newPassword'))!;
    const token = decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
    for (const password of COMMON) expectCommonRefusal(await c.post('/api/password-reset', { token, password, confirmPassword: password }));
    expect((await c.post('/api/password-reset/check', { token })).status).toBe(200);
    expect((await signIn(new Client(t.base), email, DEMO_PASSWORD)).accessToken).toBeTruthy();
    expect((await c.post('/api/password-reset', { token, password: STRONG, confirmPassword: STRONG })).status).toBe(200);
    expect((await signIn(new Client(t.base), email, STRONG)).accessToken).toBeTruthy();
  });

  it('change (POST /accounts/{id}/password): refused, the old password stays', async () => {
    const c = new Client(t.base);
    const email = 'applicant@example.com';
    await signIn(c, email, DEMO_PASSWORD);
    await unlock(c, DEMO_PASSWORD);
    const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
    const change = (newPassword: string) => c.post(`/api/accounts/${id}/password`, { oldPassword: DEMO_PASSWORD, newPassword }, { auth: true, security: true });
    for (const password of COMMON) expectCommonRefusal(await change(password));
    expect((await signIn(new Client(t.base), email, DEMO_PASSWORD)).accessToken).toBeTruthy();
    expect((await change(STRONG)).status).toBe(200);
  });

  it('merge with a new password (POST /accounts/info-and-password): refused before the merge token is spent', async () => {
    const c = new Client(t.base);
    const email = 'demo@example.com';
    await signIn(c, email, DEMO_PASSWORD);
    const uuid = `app-common-${Date.now()}`;
    await legacyStore(t.server.ctx)
      .insertInto('legacy_accounts')
      .values({ uuid, provider: 'partnerApp', email, password_hash: await t.server.ctx.passwords.hash(LEGACY_PASSWORD), first_name: 'Dana', last_name: 'Demo', region: null, mfa: 0, subscription: 1, product_line: 'NVR', subscription_topic: 'news', migrated_at: null, migrated_to: null })
      .execute();
    const { migrationToken } = (await c.get('/api/region/euw/accounts/local-accounts', { auth: true })).body.result;
    const merge = (newPassword: string) =>
      c.post('/api/region/euw/accounts/info-and-password', { migrationToken, email, identityProvider: 'partnerApp', uuidProvider: uuid, oldPassword: LEGACY_PASSWORD, needChangePassword: true, newPassword, needSetRegion: false });
    for (const password of COMMON) expectCommonRefusal(await merge(password));
    // The vendor ID's password is unchanged: it still passes sign-in (which then asks for the merge, -6).
    const probe = new Client(t.base);
    expect((await login(probe, (await startLogin(probe)).sessionCode, { email, password: DEMO_PASSWORD })).body.errorCode).toBe(E.needMergeOrMigrate);
    expect((await merge(STRONG)).body.result).toEqual({ email, merged: [uuid] });
    expect((await signIn(new Client(t.base), email, STRONG)).accessToken).toBeTruthy();
  });
});
