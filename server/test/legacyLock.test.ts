import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { lockRowId } from '../domain/passwordLock';
import { Client, DEMO_PASSWORD, LEGACY_PASSWORD, login, startLogin, startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

async function attempt(email: string, password: string) {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  return login(c, sessionCode, { email, password });
}

describe('local accounts (partner program, partner app) lock like vendor IDs', () => {
  it.each(['legacy-one@example.com', 'legacy-many@example.com'])('%s: warns, locks after five wrong passwords, refuses the right one while locked, unlocks in time', async (email) => {
    for (let n = 1; n <= 4; n++) {
      const res = await attempt(email, `Wrong-pass-${n}`);
      expect([n, res.body.errorCode, res.body.result]).toEqual([n, E.wrongCredentials, { remainAttempts: 5 - n, failedAttempts: n, lockedMinutes: 30 }]);
    }
    const fifth = await attempt(email, 'Wrong-pass-5');
    expect(fifth.body).toMatchObject({ errorCode: E.wrongCredentials, result: { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 } });
    for (let n = 6; n <= 12; n++) {
      const res = await attempt(email, `Wrong-pass-${n}`);
      expect([n, res.status, res.body.errorCode]).toEqual([n, 423, E.accountLocked]);
    }
    const right = await attempt(email, LEGACY_PASSWORD);
    expect(right.status).toBe(423);
    expect(right.body).toMatchObject({ errorCode: E.accountLocked, result: { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 } });
    expect(right.body.result.migrationToken).toBeUndefined();

    t.clock.advance(31 * 60_000);
    // Counting starts afresh; the next lock would last twice as long.
    expect((await attempt(email, 'Wrong-pass-13')).body.result).toEqual({ remainAttempts: 4, failedAttempts: 1, lockedMinutes: 60 });
    const after = await attempt(email, LEGACY_PASSWORD);
    expect(after.body.errorCode).toBe(E.needMergeOrMigrate);
    expect(after.body.result.migrationToken).toEqual(expect.any(String));
    // The right password clears the count.
    expect((await attempt(email, 'Wrong-pass-14')).body.result).toMatchObject({ remainAttempts: 4, failedAttempts: 1 });
  });

  it('parallel wrong passwords count exactly up to the lock', async () => {
    const email = 'legacy-one@example.com';
    t.clock.advance(25 * 3600_000);
    expect((await attempt(email, LEGACY_PASSWORD)).body.errorCode).toBe(E.needMergeOrMigrate);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(email, `Wrong-pass-p${i}`)));
    const codes = results.map((r) => r.body.errorCode);
    expect(codes.filter((c) => c === E.wrongCredentials)).toHaveLength(5);
    expect(codes.filter((c) => c === E.accountLocked)).toHaveLength(15);
    expect((await attempt(email, LEGACY_PASSWORD)).body.errorCode).toBe(E.accountLocked);
  });

  it('the old local password of a merge is checked under the same lock: a migration token is no licence to guess', async () => {
    const email = 'merge@example.com';
    const mergeToken = async () => {
      const res = await attempt(email, DEMO_PASSWORD);
      expect(res.body).toMatchObject({ errorCode: E.needMergeOrMigrate, result: { variant: 'merge' } });
      return res.body.result;
    };
    let result = await mergeToken();
    const local = result.accounts.find((a: { identityProvider: string }) => a.identityProvider === 'partnerApp');
    const merge = (oldPassword: string) =>
      new Client(t.base).post('/api/region/euw/accounts/info-and-password', {
        migrationToken: result.migrationToken,
        email,
        identityProvider: 'partnerApp',
        uuidProvider: local.uuidProvider,
        oldPassword,
        needChangePassword: false,
        needSetRegion: false,
      });
    for (let n = 1; n <= 4; n++) expect((await merge(`Wrong-pass-${n}`)).body.result).toEqual({ remainAttempts: 5 - n, failedAttempts: n, lockedMinutes: 30 });
    expect((await merge('Wrong-pass-5')).body.result).toMatchObject({ remainAttempts: 0 });
    expect((await merge(LEGACY_PASSWORD)).body.errorCode).toBe(E.accountLocked);
    t.clock.advance(31 * 60_000);
    result = await mergeToken();
    expect((await merge(LEGACY_PASSWORD)).body.result).toEqual({ email, merged: [local.uuidProvider] });
  });

  it('an address without any account is not counted or locked (nothing to guess, no rows stored)', async () => {
    for (let n = 0; n < 7; n++) expect((await attempt('nobody.here@example.com', `Wrong-pass-${n}`)).body.errorCode).toBe(E.wrongCredentials);
    const rows = await t.server.ctx.stores.legacy.selectFrom('legacy_password_locks').select('id').execute();
    // One row per address with local accounts, keyed by its digest, never by the address.
    const ids = await Promise.all(['legacy-many@example.com', 'legacy-one@example.com', 'merge@example.com'].map((email) => lockRowId(t.server.ctx, email)));
    expect(rows.map((r) => r.id).sort()).toEqual(ids.sort());
  });
});
