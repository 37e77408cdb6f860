/**
 * Recovery codes and trusted browsers belong to the two-step enrolment they came from (issue 26):
 * removing a method or turning two-step verification off ends them (the codes no longer pass the
 * step, a trusted browser is asked again), says so in the security activity and mails the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_PASSWORD, login, mails, unlock, type TestServer, startServer } from './harness';
import { accountIdOf, MFA_EMAIL, passwordStep, signInWithTotp, skipsCode } from './secondFactorHelpers';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ trustedDeviceDays: 30 });
});
afterAll(async () => t.close());

async function eventsOf(c: Client, id: string): Promise<Array<{ kind: string; detail: { count?: number } | null }>> {
  return (await c.get(`/api/account/${id}/security-events`, { auth: true })).body.result.events;
}

describe('the end of a two-step enrolment', () => {
  it('removing a method ends the recovery codes and the trusted browsers, records it and mails the owner', async () => {
    const trusted = new Client(t.base);
    await signInWithTotp(t, trusted, { trustDevice: true });
    expect(await skipsCode(trusted)).toBe(true);
    const owner = new Client(t.base);
    await signInWithTotp(t, owner);
    const id = await accountIdOf(owner);
    await unlock(owner, DEMO_PASSWORD);
    const codes = (await owner.post(`/api/account/${id}/recovery-codes`, undefined, { auth: true, security: true })).body.result.codes as string[];
    expect(codes).toHaveLength(10);

    // The mailed codes go; the authenticator app stays (two-step verification is still on).
    expect((await owner.post('/api/accounts/mfa/delMfaType', { mfaType: 2 }, { auth: true, security: true })).body.result).toEqual({ deleted: 2 });
    expect((await owner.get(`/api/account/${id}/recovery-codes`, { auth: true })).body.result.remaining).toBe(0);
    expect(await skipsCode(trusted)).toBe(false);
    // A code of the old set passes no step.
    const step = await passwordStep(new Client(t.base));
    const withCode = await login(new Client(t.base), step.sessionCode, { email: MFA_EMAIL, password: DEMO_PASSWORD, recoveryCode: codes[0], mfaProcessId: step.res.body.result.MFAProcessId });
    expect(withCode.status).not.toBe(200);
    const reset = (await eventsOf(owner, id)).find((e) => e.kind === 'second_factor_reset');
    expect(reset?.detail).toEqual({ count: 11 }); // ten codes and one browser
    const mail = (await mails(owner, MFA_EMAIL)).filter((m) => m.subject === 'Your recovery codes and trusted browsers were reset');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.links).toContain(`${t.server.ctx.options.publicOrigin}/accountSetting/security`);

    // Turning it off with nothing left to end records no second notice.
    expect((await owner.post('/api/accounts/mfa/disable', undefined, { auth: true, security: true })).body.result).toEqual({ enabled: false });
    expect((await eventsOf(owner, id)).filter((e) => e.kind === 'second_factor_reset')).toHaveLength(1);
  });
});
