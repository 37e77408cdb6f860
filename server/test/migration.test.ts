/** Local accounts of a signed-in vendor ID: listed with a merge token, then merged in session. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, LEGACY_PASSWORD, signIn, startServer, type TestServer } from './harness';
import { legacyStore } from '../../plugins/migration/server/tables';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

/** A partner-app account that appeared after the vendor ID signed in (e.g. made in the app). */
async function addLocalAccount(email: string): Promise<string> {
  const uuid = `app-${Math.random().toString(36).slice(2)}`;
  await legacyStore(t.server.ctx)
    .insertInto('legacy_accounts')
    .values({ uuid, provider: 'partnerApp', email, password_hash: await t.server.ctx.passwords.hash(LEGACY_PASSWORD), first_name: 'Dana', last_name: 'Demo', region: null, mfa: 0, subscription: 1, product_line: 'NVR', subscription_topic: 'news', migrated_at: null, migrated_to: null })
    .execute();
  return uuid;
}

describe('GET /accounts/local-accounts', () => {
  it('needs a session', async () => {
    const res = await new Client(t.base).get('/api/region/euw/accounts/local-accounts');
    expect(res.status).toBe(401);
  });

  it('lists nothing and issues no token when there is nothing to merge', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const res = await c.get('/api/region/euw/accounts/local-accounts', { auth: true });
    expect(res.body.result).toMatchObject({ vendor: { email: 'demo@example.com', identityProvider: 'vendorId', region: 'Euw' }, accounts: [], migrationToken: null });
  });

  it('lists a local account of the same address; its token merges it, after which the conflict is gone', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const uuid = await addLocalAccount('demo@example.com');
    expect((await c.post('/api/region/euw/accounts/conflictInfo', { email: 'demo@example.com' }, { auth: true })).body.result).toMatchObject({ conflict: true, errorCode: E.conflictUnmergedAccounts });

    const listed = (await c.get('/api/region/euw/accounts/local-accounts', { auth: true })).body.result;
    expect(listed.accounts).toEqual([expect.objectContaining({ identityProvider: 'partnerApp', uuidProvider: uuid, email: 'demo@example.com' })]);
    expect(listed.migrationToken).toEqual(expect.any(String));
    // Another region's host refuses the listing of a Euw account.
    expect((await c.get('/api/region/use/accounts/local-accounts', { auth: true })).body.errorCode).toBe(E.regionUnavailable);

    const merge = { migrationToken: listed.migrationToken, email: 'demo@example.com', identityProvider: 'partnerApp', uuidProvider: uuid, oldPassword: 'Wrong-pass-2024', needChangePassword: false, needSetRegion: false };
    expect((await c.post('/api/region/euw/accounts/info-and-password', merge)).body.errorCode).toBe(E.wrongCredentials);
    const merged = await c.post('/api/region/euw/accounts/info-and-password', { ...merge, oldPassword: LEGACY_PASSWORD });
    expect(merged.body.result).toEqual({ email: 'demo@example.com', merged: [uuid] });

    expect((await c.get('/api/region/euw/accounts/local-accounts', { auth: true })).body.result).toMatchObject({ accounts: [], migrationToken: null });
    const conflict = (await c.post('/api/region/euw/accounts/conflictInfo', { email: 'demo@example.com' }, { auth: true })).body.result;
    expect(conflict.reasons).not.toContain('unmergedAccounts');
  });
});
