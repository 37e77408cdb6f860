/**
 * Global and regional hosts: a regional host serves only accounts of its own region and
 * refuses every other account with -19999 (503) before reading or writing anything; the global
 * host serves each account from its own region.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, LEGACY_PASSWORD, login, signIn, startLogin, startServer, unlock, type TestServer } from './harness';
import { companyStore } from '../../plugins/company/server/tables';
import { legacyStore } from '../../plugins/migration/server/tables';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

function expectRefused(res: { status: number; body: any }, region: string, hostRegion: string) {
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ errorCode: E.regionUnavailable, result: { region, hostRegion } });
}

describe('account calls on regional hosts', () => {
  it('serves the account on its own regional host and on the global host, refuses it on the others', async () => {
    const euw = new Client(t.base);
    await signIn(euw, 'demo@example.com', DEMO_PASSWORD);
    expect((await euw.get('/api/region/euw/user-info', { auth: true })).body.result).toMatchObject({ email: 'demo@example.com', region: 'Euw' });
    expect((await euw.get('/api/user-info', { auth: true })).body.result.region).toBe('Euw');
    expectRefused(await euw.get('/api/region/use/user-info', { auth: true }), 'Euw', 'Use');
    expectRefused(await euw.get('/api/region/aps/user-info', { auth: true }), 'Euw', 'Aps');

    const use = new Client(t.base);
    await signIn(use, 'us@example.com', DEMO_PASSWORD);
    expect((await use.get('/api/region/use/user-info', { auth: true })).body.result).toMatchObject({ email: 'us@example.com', region: 'Use' });
    expect((await use.get('/api/user-info', { auth: true })).body.result.region).toBe('Use');
    expectRefused(await use.get('/api/region/euw/user-info', { auth: true }), 'Use', 'Euw');
    const accountId = (await use.get('/api/user-info', { auth: true })).body.result.accountId;
    expectRefused(await use.get(`/api/region/euw/accounts/${accountId}/orgs`, { auth: true }), 'Use', 'Euw');
    expectRefused(await use.get(`/api/region/aps/account/${accountId}/sessions`, { auth: true }), 'Use', 'Aps');
  });

  it('writes nothing when it refuses', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const me = (await c.get('/api/user-info', { auth: true })).body.result;
    const update = await c.post('/api/region/use/account/updateInfo', { accountId: me.accountId, email: me.email, nickname: 'elsewhere' }, { auth: true });
    expectRefused(update, 'Euw', 'Use');
    expect((await c.get('/api/user-info', { auth: true })).body.result.nickname).not.toBe('elsewhere');
    const created = await c.post('/api/region/aps/orgs', { name: 'Refused Org', country: 'DE', type: 'installer' }, { auth: true });
    expectRefused(created, 'Euw', 'Aps');
    for (const region of ['Use', 'Aps', 'Euw'] as const) {
      expect(await companyStore(t.server.ctx, region).selectFrom('orgs').select('id').where('name', '=', 'Refused Org').executeTakeFirst()).toBeUndefined();
    }
    // The same update on the account's own host goes through.
    const own = await c.post('/api/region/euw/account/updateInfo', { accountId: me.accountId, email: me.email, nickname: 'at-home' }, { auth: true });
    expect(own.status).toBe(200);
    expect((await c.get('/api/region/euw/user-info', { auth: true })).body.result.nickname).toBe('at-home');
  });

  it('refuses security calls, refresh, validity check and logout of another region', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    expectRefused(await c.post('/api/region/use/security/enable', { password: DEMO_PASSWORD }, { auth: true }), 'Euw', 'Use');
    await unlock(c, DEMO_PASSWORD);
    expectRefused(await c.post('/api/region/aps/account/mfa/getTOTPUrl', undefined, { auth: true, security: true }), 'Euw', 'Aps');

    const refreshed = await c.post('/api/region/use/refresh-token', { refreshToken: c.refreshToken });
    expectRefused(refreshed, 'Euw', 'Use');
    const viaToken = await c.post('/api/region/aps/token', { grant_type: 'refresh_token', client_id: 'portal', refresh_token: c.refreshToken });
    expectRefused(viaToken, 'Euw', 'Aps');
    expectRefused(await c.post('/api/region/use/token/valid', undefined, { auth: `Bearer ${c.refreshToken}` }), 'Euw', 'Use');
    // Nothing was rotated: the refresh token still works on the global host.
    expect((await c.post('/api/token/valid', undefined, { auth: `Bearer ${c.refreshToken}` })).body.result).toMatchObject({ valid: true, region: 'Euw' });
    const rotated = await c.post('/api/refresh-token', { refreshToken: c.refreshToken });
    expect(rotated.status).toBe(200);
    c.accessToken = rotated.body.result.accessToken;
    c.refreshToken = rotated.body.result.refreshToken;

    expectRefused(await c.req('POST', '/api/region/use/logout?email=demo%40example.com', { auth: true }), 'Euw', 'Use');
    expect((await c.get('/api/user-info', { auth: true })).status).toBe(200);
    expect((await c.req('POST', '/api/region/euw/logout?email=demo%40example.com', { auth: true })).body.result).toMatchObject({ loggedOut: true, revoked: true });
    expect((await c.get('/api/user-info', { auth: true })).status).toBe(401);
  });

  it('refuses an emailed sign-in code for an account of another region', async () => {
    t.clock.advance(120_000);
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const challenge = await login(c, sessionCode, { email: 'mfa@example.com', password: DEMO_PASSWORD });
    expect(challenge.body.errorCode).toBe(E.mfaRequired);
    const body = { email: 'mfa@example.com', type: 'LOGIN', mfaProcessId: challenge.body.result.MFAProcessId };
    expectRefused(await c.post('/api/region/use/email/code', body), 'Euw', 'Use');
    expect((await c.post('/api/region/euw/email/code', body)).status).toBe(200);
  });

  it('keeps serving calls that name no account on every host', async () => {
    const c = new Client(t.base);
    for (const host of ['/api', '/api/region/use', '/api/region/aps', '/api/region/euw']) {
      expect((await c.get(`${host}/redirect/allow-urls`)).body.result.allowUrls).toContain(t.base);
      expect((await c.get(`${host}/region?countryCode=US`)).body.result.regionCode).toBe('Use');
    }
  });
});

describe('the three regional-host calls', () => {
  it('confirms a region only on the host of the chosen region', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const first = await login(c, sessionCode, { email: 'region@example.com', password: DEMO_PASSWORD });
    expect(first.body.errorCode).toBe(E.regionRequired);
    const body = { email: 'region@example.com', firstName: 'region', regionCode: 'FR', processId: first.body.result.processId };
    expectRefused(await c.post('/api/region/aps/account', body), 'Euw', 'Aps');
    // The process id was not spent by the refusal.
    expect((await c.post('/api/region/euw/account', body)).body.result).toEqual({ email: 'region@example.com', region: 'Euw' });
  });

  it('migrates a local account only on the host of the chosen region', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const a = await login(c, sessionCode, { email: 'legacy-one@example.com', password: LEGACY_PASSWORD });
    expect(a.body.errorCode).toBe(E.needMergeOrMigrate);
    const r = a.body.result;
    const body = { migrationToken: r.migrationToken, email: 'legacy-one@example.com', identityProvider: 'partnerProgram', uuidProvider: r.accounts[0].uuidProvider, regionCode: 'US', firstName: 'Leo', lastName: 'Local' };
    expectRefused(await c.post('/api/region/euw/register-and-merge', body), 'Use', 'Euw');
    expect(await t.server.ctx.stores.global.selectFrom('directory').select('region').where('email', '=', 'legacy-one@example.com').executeTakeFirst()).toBeUndefined();
    expect((await c.post('/api/region/use/register-and-merge', body)).body.result).toEqual({ email: 'legacy-one@example.com', region: 'Use', activationMailSent: true });
  });

  it('merges into the vendor ID only on the host of its region', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const a = await login(c, sessionCode, { email: 'merge@example.com', password: DEMO_PASSWORD });
    expect(a.body.errorCode).toBe(E.needMergeOrMigrate);
    const r = a.body.result;
    const body = {
      migrationToken: r.migrationToken,
      email: 'merge@example.com',
      identityProvider: 'partnerApp',
      uuidProvider: r.accounts[1].uuidProvider,
      oldPassword: LEGACY_PASSWORD,
      needChangePassword: false,
      needSetRegion: false,
    };
    expectRefused(await c.post('/api/region/use/accounts/info-and-password', body), 'Euw', 'Use');
    const local = await legacyStore(t.server.ctx).selectFrom('legacy_accounts').select('migrated_at').where('email', '=', 'merge@example.com').executeTakeFirstOrThrow();
    expect(local.migrated_at).toBeNull();
    expect((await c.post('/api/region/euw/accounts/info-and-password', body)).body.result).toEqual({ email: 'merge@example.com', merged: [r.accounts[1].uuidProvider] });
  });
});
