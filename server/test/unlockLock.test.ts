/**
 * The security unlock (POST /security/enable) checks the password under the sign-in lock:
 * wrong passwords count towards the same per-account lock, the answer says how many tries are
 * left, a locked account is refused even the right password, and parallel tries count exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, login, signIn, startLogin, startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

async function signedIn(email: string): Promise<Client> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  return c;
}

const enable = (c: Client, password: string) => c.post('/api/security/enable', { password }, { auth: true });

async function counters(email: string) {
  return t.server.ctx.region('Euw').selectFrom('accounts').select(['failed_attempts', 'locked_until']).where('email', '=', email).executeTakeFirstOrThrow();
}

describe('unlock passwords count like sign-in failures', () => {
  it('warns with the tries left, locks at the fifth wrong one and refuses the right one while locked', async () => {
    const c = await signedIn('demo@example.com');
    for (let n = 1; n <= 4; n++) {
      const res = await enable(c, `Wrong-pass-${n}`);
      expect([n, res.body.errorCode, res.body.result]).toEqual([n, E.wrongCredentials, { remainAttempts: 5 - n, failedAttempts: n, lockedMinutes: 30 }]);
    }
    const fifth = await enable(c, 'Wrong-pass-5');
    expect(fifth.body).toMatchObject({ errorCode: E.wrongCredentials, result: { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 } });

    const right = await enable(c, DEMO_PASSWORD);
    expect(right.status).toBe(423);
    expect(right.body).toMatchObject({ errorCode: E.accountLocked, result: { remainAttempts: 0, lockedMinutes: 30 } });
    expect(right.body.result.securityToken).toBeUndefined();
    // One lock for the account: sign-in is refused as well.
    const other = new Client(t.base);
    const { sessionCode } = await startLogin(other);
    expect((await login(other, sessionCode, { email: 'demo@example.com', password: DEMO_PASSWORD })).body.errorCode).toBe(E.accountLocked);

    t.clock.advance(31 * 60_000);
    const after = await enable(await signedIn('demo@example.com'), DEMO_PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.result.securityToken).toEqual(expect.any(String));
  });

  it('a right password resets the count, as a successful sign-in does; sign-in failures count towards the same lock', async () => {
    const email = 'member@example.com';
    const c = await signedIn(email);
    for (let n = 1; n <= 3; n++) await enable(c, `Wrong-pass-${n}`);
    expect((await counters(email)).failed_attempts).toBe(3);
    expect((await enable(c, DEMO_PASSWORD)).status).toBe(200);
    expect((await counters(email)).failed_attempts).toBe(0);

    for (let n = 1; n <= 3; n++) await enable(c, `Wrong-pass-${n}`);
    const s = new Client(t.base);
    const { sessionCode } = await startLogin(s);
    const signInTry = await login(s, sessionCode, { email, password: 'Wrong-pass-4' });
    expect(signInTry.body.result).toEqual({ remainAttempts: 1, failedAttempts: 4, lockedMinutes: 30 });
    expect((await enable(c, 'Wrong-pass-5')).body.result).toEqual({ remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 });
    expect((await enable(c, DEMO_PASSWORD)).body.errorCode).toBe(E.accountLocked);
  });

  it('counts exactly when twenty wrong passwords arrive at once', async () => {
    const email = 'admin@example.com';
    const c = await signedIn(email);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => enable(c, `Wrong-pass-${i}`)));
    const codes = results.map((r) => r.body.errorCode as number);
    expect(codes.filter((code) => code === E.wrongCredentials)).toHaveLength(5);
    expect(codes.filter((code) => code === E.accountLocked)).toHaveLength(15);
    expect(results.map((r) => r.body.result?.failedAttempts).filter((n) => n !== undefined && n < 5).sort()).toEqual([1, 2, 3, 4]);
    const row = await counters(email);
    expect(row.failed_attempts).toBe(5);
    expect(row.locked_until).toEqual(expect.any(Number));
    expect((await enable(c, DEMO_PASSWORD)).body.errorCode).toBe(E.accountLocked);
  });
});
