import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { normalizeRecoveryCode } from '../../plugins/recovery-codes/server/recoveryCodes';
import { Client, DEMO_PASSWORD, finishHandOff, login, mails, signIn, startServer, unlock, type TestServer } from './harness';
import { accountIdOf, MFA_EMAIL, passwordStep, signInWithTotp } from './secondFactorHelpers';
import { recoveryCodeStore } from '../../plugins/recovery-codes/server/tables';

let t: TestServer;
let owner: Client;
let id: string;
beforeAll(async () => {
  t = await startServer();
  owner = new Client(t.base);
  await signInWithTotp(t, owner);
  id = await accountIdOf(owner);
});
afterAll(async () => t.close());

async function generate(): Promise<string[]> {
  await unlock(owner, DEMO_PASSWORD);
  const res = await owner.post(`/api/account/${id}/recovery-codes`, undefined, { auth: true, security: true });
  expect(res.status).toBe(200);
  return res.body.result.codes;
}

/** A new browser signs in with a recovery code in place of the second factor. */
async function useCode(code: string, extra: Record<string, unknown> = {}) {
  const c = new Client(t.base);
  const step = await passwordStep(c);
  expect(step.res.body.errorCode).toBe(E.mfaRequired);
  const res = await login(c, step.sessionCode, { email: MFA_EMAIL, password: DEMO_PASSWORD, recoveryCode: code, mfaProcessId: step.res.body.result.MFAProcessId, ...extra });
  return { c, step, res };
}

describe('recovery codes', () => {
  it('are made only behind the security unlock and only with two-factor on', async () => {
    expect((await owner.get(`/api/account/${id}/recovery-codes`, { auth: true })).body.result).toEqual({ generatedAt: null, remaining: 0, total: 0 });
    // Without codes the second-factor step does not offer them (0, as `false` said before the count).
    expect((await passwordStep(new Client(t.base))).res.body.result.recoveryCodes).toBe(0);
    const locked = await owner.post(`/api/account/${id}/recovery-codes`, undefined, { auth: true });
    expect(locked.body.errorCode).toBe(E.tokenFailure);
    const plain = new Client(t.base);
    await signIn(plain, 'demo@example.com', DEMO_PASSWORD);
    await unlock(plain, DEMO_PASSWORD);
    const plainId = await accountIdOf(plain);
    expect((await plain.post(`/api/account/${plainId}/recovery-codes`, undefined, { auth: true, security: true })).body.errorCode).toBe(E.mfaTypeDisabled);
    // Another account's codes are neither read nor made.
    expect((await plain.get(`/api/account/${id}/recovery-codes`, { auth: true })).status).not.toBe(200);
  });

  it('are ten readable codes, stored only as keyed hashes', async () => {
    const codes = await generate();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{2}$/);
    expect(new Set(codes).size).toBe(10);
    const rows = await recoveryCodeStore(t.server.ctx, 'Euw').selectFrom('recovery_codes').select('code_hash').where('account_id', '=', id).execute();
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) expect(stored).not.toContain(normalizeRecoveryCode(code));
    expect((await owner.get(`/api/account/${id}/recovery-codes`, { auth: true })).body.result).toMatchObject({ remaining: 10, total: 10 });
  });

  it('pass the second factor once, mail the owner the count left, and refuse reuse and wrong codes', async () => {
    const codes = await generate();
    const first = await useCode(codes[0]!.toUpperCase().replace(/-/g, ' '));
    expect(first.step.res.body.result.recoveryCodes).toBe(10);
    expect(first.res.status).toBe(200);
    await finishHandOff(first.c, first.res.body.result, first.step.verifier);
    expect((await owner.get(`/api/account/${id}/recovery-codes`, { auth: true })).body.result).toMatchObject({ remaining: 9, total: 10 });
    const mail = (await mails(owner, MFA_EMAIL)).find((m) => m.subject === 'A recovery code was used for your Unified ID');
    expect(mail?.text).toContain('Unused codes left: 9.');

    const reused = await useCode(codes[0]!);
    expect(reused.res.body.errorCode).toBe(E.mfaCodeError);
    expect(reused.res.body.result.remainAttempts).toBe(4);
    const wrong = await useCode('abcd-efgh-jk');
    expect(wrong.res.body.errorCode).toBe(E.mfaCodeError);
    expect(wrong.res.body.result.remainAttempts).toBe(3);

    // The account's activity: the codes made, the code used (with the count left), the wrong ones as refused sign-ins.
    const events = (await owner.get(`/api/account/${id}/security-events?limit=50`, { auth: true })).body.result.events as Array<{ kind: string; detail?: { count?: number; reason?: string } }>;
    expect(events.find((e) => e.kind === 'recovery_codes_generated')?.detail?.count).toBe(10);
    expect(events.find((e) => e.kind === 'recovery_code_used')?.detail?.count).toBe(9);
    expect(events.filter((e) => e.kind === 'sign_in_failure' && e.detail?.reason === 'code').length).toBeGreaterThanOrEqual(2);
    const malformed = await useCode('not a code');
    expect(malformed.res.body.errorCode).toBe(E.mfaCodeError);
    // A right code clears the count.
    expect((await useCode(codes[1]!)).res.status).toBe(200);
    expect((await owner.get(`/api/account/${id}/recovery-codes`, { auth: true })).body.result.remaining).toBe(8);
  });

  it("mail the count left in the sign-in page's language, in Arabic with Arabic-Indic digits", async () => {
    const codes = await generate();
    expect((await useCode(codes[0]!, { language: 'ar_SA' })).res.status).toBe(200);
    const mail = (await mails(owner, MFA_EMAIL)).find((m) => m.subject === 'تم استخدام رمز استرداد لحسابك في Unified ID');
    expect(mail?.text).toContain('الرموز غير المستخدمة المتبقية: ٩.');
    expect(mail!.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(/[0-9]/); // Western digits only in the link
  });

  it('of an old set stop working when new ones are made', async () => {
    const old = await generate();
    const fresh = await generate();
    const refused = await useCode(old[2]!);
    expect(refused.res.body.errorCode).toBe(E.mfaCodeError);
    expect((await useCode(fresh[2]!)).res.status).toBe(200);
  });

  it('count toward the two-factor lock', async () => {
    const codes = await generate();
    let last = await useCode('zzzz-zzzz-zz');
    for (let i = 0; i < 4; i++) last = await useCode('zzzz-zzzz-zz');
    expect(last.res.body.errorCode).toBe(E.mfaTooManyWrong);
    // Locked: even a right code waits.
    expect((await useCode(codes[0]!)).res.body.errorCode).toBe(E.mfaTooManyWrong);
    t.clock.advance(11 * 60_000);
    expect((await useCode(codes[0]!)).res.status).toBe(200);
  });

  it('are counted in the second-factor challenge: the unused ones, before and after a use, and after new ones are made', async () => {
    const codes = await generate();
    const full = await useCode(codes[0]!);
    expect(full.step.res.body.result.recoveryCodes).toBe(10);
    expect(full.res.status).toBe(200);
    const afterUse = await useCode('zzzz-zzzz-zz');
    expect(afterUse.step.res.body.result.recoveryCodes).toBe(9);
    expect(afterUse.res.body.errorCode).toBe(E.mfaCodeError);
    // A wrong code spends nothing: the next challenge still counts nine.
    const afterWrong = await useCode(codes[1]!);
    expect(afterWrong.step.res.body.result.recoveryCodes).toBe(9);
    expect(afterWrong.res.status).toBe(200);
    expect((await passwordStep(new Client(t.base))).res.body.result.recoveryCodes).toBe(8);
    await generate();
    expect((await passwordStep(new Client(t.base))).res.body.result.recoveryCodes).toBe(10);
  });

  it('need the process of this account', async () => {
    const codes = await generate();
    const c = new Client(t.base);
    const step = await passwordStep(c);
    const res = await login(c, step.sessionCode, { email: MFA_EMAIL, password: DEMO_PASSWORD, recoveryCode: codes[0], mfaProcessId: 'euw.forged-process-id-0123456789' });
    expect(res.body.errorCode).toBe(E.mfaProcessMissing);
  });
});
