import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { trustedDeviceCookieName } from '../../plugins/trusted-device/server/trustedDevices';
import { Client, DEMO_PASSWORD, unlock, type TestServer, startServer } from './harness';
import { accountIdOf, MFA_EMAIL, passwordStep, signInWithTotp, skipsCode } from './secondFactorHelpers';

let t: TestServer;
let id: string;
beforeAll(async () => {
  t = await startServer({ trustedDeviceDays: 30 });
  const c = new Client(t.base);
  await signInWithTotp(t, c);
  id = await accountIdOf(c);
});
afterAll(async () => t.close());

const deviceCookieOf = (c: Client) => [...c.cookies].find(([name]) => name.startsWith('uid_td_'));

/** A browser that passed the code and asked to be trusted. */
async function trustedBrowser(): Promise<Client> {
  const c = new Client(t.base);
  const res = await signInWithTotp(t, c, { trustDevice: true });
  const header = res.headers.getSetCookie().find((h) => h.startsWith('uid_td_'));
  expect(header).toMatch(/; Path=\/api; HttpOnly; SameSite=Strict; Max-Age=2592000/);
  return c;
}

describe('trusted devices', () => {
  it('are offered in the challenge with the deployment’s days, and only when asked for', async () => {
    const c = new Client(t.base);
    const step = await passwordStep(c);
    expect(step.res.body.result.trustDeviceDays).toBe(30);
    await signInWithTotp(t, c);
    expect(deviceCookieOf(c)).toBeUndefined();
    expect(await skipsCode(c)).toBe(false);
  });

  it('skip the second factor on that browser, for that account, and nowhere else', async () => {
    const trusted = await trustedBrowser();
    expect(await skipsCode(trusted)).toBe(true);
    expect(await skipsCode(trusted)).toBe(true);
    // Another browser is still asked.
    expect(await skipsCode(new Client(t.base))).toBe(false);
  });

  it('ignore a forged cookie and one copied to another account', async () => {
    const trusted = await trustedBrowser();
    const [name, value] = deviceCookieOf(trusted)!;
    const forged = new Client(t.base);
    const [deviceId] = value.split('.');
    forged.cookies.set(name, `${deviceId}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(await skipsCode(forged)).toBe(false);
    const madeUp = new Client(t.base);
    madeUp.cookies.set(name, 'not-a-device');
    expect(await skipsCode(madeUp)).toBe(false);
    // The cookie under the name another account's would have: its signature binds it to its own account.
    const ctx = t.server.ctx;
    await ctx.region('Euw').updateTable('accounts').set({ mfa_enabled: 1, mfa_email: 1, mfa_primary: 2 }).where('email', '=', 'demo@example.com').execute();
    const demo = await ctx.region('Euw').selectFrom('accounts').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const copied = new Client(t.base);
    copied.cookies.set(await trustedDeviceCookieName(ctx, demo.id), value);
    const step = await passwordStep(copied, 'demo@example.com');
    expect(step.res.body.errorCode).toBe(E.mfaRequired);
    await ctx.region('Euw').updateTable('accounts').set({ mfa_enabled: 0, mfa_email: 0, mfa_primary: null }).where('email', '=', 'demo@example.com').execute();
  });

  it('expire after the deployment’s days', async () => {
    const trusted = await trustedBrowser();
    t.clock.advance(29 * 86_400_000);
    expect(await skipsCode(trusted)).toBe(true);
    t.clock.advance(2 * 86_400_000);
    expect(await skipsCode(trusted)).toBe(false);
  });

  it('are listed, and revoked one by one behind the unlock', async () => {
    const trusted = await trustedBrowser();
    const list = (await trusted.get(`/api/account/${id}/trusted-devices`, { auth: true })).body.result.devices;
    const mine = list.find((d: { current: boolean }) => d.current);
    expect(mine).toMatchObject({ current: true, ip: expect.any(String) });
    expect(mine.expiresAt - mine.createdAt).toBe(30 * 86_400_000);
    expect(list.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    const refused = await trusted.post(`/api/account/${id}/trusted-devices/revoke`, { deviceIds: [mine.deviceId] }, { auth: true });
    expect(refused.body.errorCode).toBe(E.tokenFailure);
    await unlock(trusted, DEMO_PASSWORD);
    const revoked = await trusted.post(`/api/account/${id}/trusted-devices/revoke`, { deviceIds: [mine.deviceId] }, { auth: true, security: true });
    expect(revoked.body.result.revoked).toEqual([mine.deviceId]);
    // Both are in the account's activity.
    const kinds = ((await trusted.get(`/api/account/${id}/security-events?limit=50`, { auth: true })).body.result.events as Array<{ kind: string }>).map((e) => e.kind);
    expect(kinds).toContain('trusted_device_added');
    expect(kinds).toContain('trusted_device_revoked');
    expect(await skipsCode(trusted)).toBe(false);
    const after = (await trusted.get(`/api/account/${id}/trusted-devices`, { auth: true })).body.result.devices;
    expect(after.map((d: { deviceId: string }) => d.deviceId)).not.toContain(mine.deviceId);
  });

  it('are all revoked by a password change', async () => {
    const a = await trustedBrowser();
    const b = await trustedBrowser();
    await unlock(b, DEMO_PASSWORD);
    const changed = await b.post(`/api/accounts/${id}/password`, { oldPassword: DEMO_PASSWORD, newPassword: 'Other-pass-2025' }, { auth: true, security: true });
    expect(changed.status).toBe(200);
    await unlock(b, 'Other-pass-2025');
    await b.post(`/api/accounts/${id}/password`, { oldPassword: 'Other-pass-2025', newPassword: DEMO_PASSWORD }, { auth: true, security: true });
    expect(await skipsCode(a)).toBe(false);
    expect(await skipsCode(b)).toBe(false);
  });

  it('of other browsers are revoked by "log out other devices"; this one stays trusted', async () => {
    const other = await trustedBrowser();
    const here = await trustedBrowser();
    await unlock(here, DEMO_PASSWORD);
    expect((await here.post(`/api/account/${id}/logout`, {}, { auth: true, security: true })).status).toBe(200);
    expect(await skipsCode(other)).toBe(false);
    expect(await skipsCode(here)).toBe(true);
  });

  it('are not offered when the deployment sets 0 days', async () => {
    const off = await startServer({ trustedDeviceDays: 0 });
    try {
      const c = new Client(off.base);
      const step = await passwordStep(c, MFA_EMAIL);
      expect(step.res.body.result.trustDeviceDays).toBeUndefined();
      await signInWithTotp(off, c, { trustDevice: true });
      expect(deviceCookieOf(c)).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
