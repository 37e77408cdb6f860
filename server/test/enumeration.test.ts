/**
 * Account enumeration, in both modes. By default the spec's answers name unknown addresses
 * (-3086, -20621, -20602, counters only for real accounts). With `enumerationProtection`
 * (ENUMERATION_PROTECTION=1) sign-in failures, reset requests and registrations answer alike for
 * known and unknown addresses, and the owner of an address learns by mail what the answer hid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, activateFromMail, login, mails, signIn, startLogin, startServer, type Res, type TestServer } from './harness';

const KNOWN = 'demo@example.com';
const registration = (email: string, password = 'Good-pass-1') => ({ email, password, regionCode: 'DE', firstName: 'New', lastName: 'User', language: 'en_US' });

async function attempt(t: TestServer, email: string, password: string): Promise<Res> {
  const c = new Client(t.base);
  const { sessionCode } = await startLogin(c);
  return login(c, sessionCode, { email, password });
}

/** What a prober sees of an answer: status, code and result (the message follows the code). */
/** What a prober compares. A captcha URL's `for` is a keyed hash of the address typed, never the account's: left out. */
const seen = (res: Res) => ({ status: res.status, errorCode: res.body.errorCode, message: res.body.message, result: withoutCaptchaSubject(res.body.result) });
function withoutCaptchaSubject(result: unknown): unknown {
  const url = (result as { captchaUrl?: unknown } | undefined)?.captchaUrl;
  if (typeof url !== 'string') return result;
  const parsed = new URL(url);
  parsed.searchParams.delete('for');
  return { ...(result as object), captchaUrl: parsed.toString() };
}

describe('ENUMERATION_PROTECTION off (the spec)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => t.close());

  it('names unknown and known addresses: -20601 without counters, -3086 on reset, -20621 / -20602 on registration, -20600 / -20623 on an activation mail', async () => {
    const unknown = await attempt(t, 'nobody.spec@example.com', 'Wrong-pass-1');
    expect(seen(unknown)).toMatchObject({ status: 400, errorCode: E.wrongCredentials, result: undefined });
    expect((await attempt(t, KNOWN, 'Wrong-pass-1')).body.result).toEqual({ remainAttempts: 4, failedAttempts: 1, lockedMinutes: 30 });
    const c = new Client(t.base);
    expect((await c.post('/api/auth/password-reset-request', { email: 'nobody.spec@example.com' })).body.errorCode).toBe(E.userNotExistOnReset);
    expect((await c.post('/api/register/captcha', registration(KNOWN))).body.errorCode).toBe(E.userExists);
    expect((await c.post('/api/register/captcha', registration('pending.spec@example.com'))).status).toBe(200);
    expect((await c.post('/api/register/captcha', registration('pending.spec@example.com'))).body.errorCode).toBe(E.notActivated);
    expect((await c.post('/api/activations/email', { email: 'nobody.spec@example.com' })).body.errorCode).toBe(E.accountNotExist);
    expect((await c.post('/api/activations/email', { email: 'admin@example.com' })).body.errorCode).toBe(E.alreadyActivated);
  });
});

describe('ENUMERATION_PROTECTION=1', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ enumerationProtection: true });
  });
  afterAll(async () => t.close());

  it('answers sign-in failures for an unknown address as for an account: the same counters, warning, lock and unlock', async () => {
    const unknown = 'nobody.here@example.com';
    for (let n = 1; n <= 5; n++) {
      const real = await attempt(t, KNOWN, `Wrong-pass-${n}`);
      const none = await attempt(t, unknown, `Wrong-pass-${n}`);
      expect(seen(real)).toEqual({ status: 400, errorCode: E.wrongCredentials, message: expect.any(String), result: { remainAttempts: 5 - n, failedAttempts: n, lockedMinutes: 30 } });
      expect(seen(none)).toEqual(seen(real));
      expect(Object.keys(none.body)).toEqual(Object.keys(real.body));
    }
    for (const password of ['Wrong-pass-6', DEMO_PASSWORD]) {
      const real = await attempt(t, KNOWN, password);
      const none = await attempt(t, unknown, password);
      expect(seen(real)).toEqual({ status: 423, errorCode: E.accountLocked, message: expect.any(String), result: { remainAttempts: 0, failedAttempts: 5, lockedMinutes: 30 } });
      expect(seen(none)).toEqual(seen(real));
    }
    t.clock.advance(31 * 60_000);
    // Counting starts afresh for both; the next lock would last twice as long.
    const real = await attempt(t, KNOWN, 'Wrong-pass-7');
    expect(real.body.result).toEqual({ remainAttempts: 4, failedAttempts: 1, lockedMinutes: 60 });
    expect(seen(await attempt(t, unknown, 'Wrong-pass-7'))).toEqual(seen(real));
    // The account itself still signs in with its password.
    await signIn(new Client(t.base), KNOWN, DEMO_PASSWORD);
  });

  it('asks for the captcha without telling the region of the account', async () => {
    const t2 = await startServer({ enumerationProtection: true, limits: { captchaAfterAccountFailures: 0 } });
    const t3 = await startServer({ limits: { captchaAfterAccountFailures: 0 } });
    try {
      const inUse = await attempt(t2, 'us@example.com', 'Wrong-pass-1');
      expect(inUse.body).toMatchObject({ errorCode: E.captchaRequired, result: { serviceRegion: 'Euw' } });
      expect(seen(await attempt(t2, 'nobody.us@example.com', 'Wrong-pass-1'))).toEqual(seen(inUse));
      // The spec's answer names the account's region.
      expect((await attempt(t3, 'us@example.com', 'Wrong-pass-1')).body.result.serviceRegion).toBe('Use');
    } finally {
      await t2.close();
      await t3.close();
    }
  });

  it('answers a reset of an unknown address with success; that address is mailed that there is no account', async () => {
    const c = new Client(t.base);
    const ghost = 'ghost@example.com';
    const none = await c.post('/api/auth/password-reset-request', { email: ghost, language: 'de_DE' });
    const real = await c.post('/api/auth/password-reset-request', { email: 'admin@example.com', language: 'de_DE' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ ...real.body, result: { ...real.body.result, email: ghost } });
    expect(none.body.result).toEqual({ email: ghost, resendAfterSeconds: 60 });
    await t.server.ctx.afterAnswer.idle();
    const [notice, ...others] = await mails(c, ghost);
    expect(others).toEqual([]);
    expect(notice!.subject).toBe('Passwort-Zurücksetzung angefordert: keine Unified ID für diese Adresse');
    expect(notice!.text).toContain(ghost);
    expect(notice!.links).toEqual([`${t.base}/login?lang=de_DE`]);
    expect((await mails(c, 'admin@example.com'))[0]!.subject).toBe('Passwort Ihrer Unified ID zurücksetzen');
    // Within the minute both answer success again (no -11021 for the account alone), and nobody gets a second mail.
    const again = await Promise.all([ghost, 'admin@example.com'].map((email) => c.post('/api/auth/password-reset-request', { email })));
    expect(again.map((r) => [r.status, r.body.errorCode])).toEqual([[200, undefined], [200, undefined]]);
    await t.server.ctx.afterAnswer.idle();
    expect(await mails(c, ghost)).toHaveLength(1);
    expect(await mails(c, 'admin@example.com')).toHaveLength(1);
  });

  it('answers a registration of an existing address like a new one; the owner is told, the account stays as it was', async () => {
    const c = new Client(t.base);
    const owner = 'member@example.com';
    const before = await t.server.ctx.region('Euw').selectFrom('accounts').selectAll().where('email', '=', owner).executeTakeFirstOrThrow();
    const existing = await c.post('/api/register/captcha', registration(owner, 'Attacker-pass-1'));
    const fresh = await c.post('/api/register/captcha', registration('fresh.user@example.com'));
    expect(existing.status).toBe(200);
    expect(existing.body).toEqual({ ...fresh.body, result: { ...fresh.body.result, email: owner } });
    expect(existing.body.result).toEqual({ email: owner, region: 'Euw', activated: false });
    await t.server.ctx.afterAnswer.idle();
    const [notice, ...others] = await mails(c, owner);
    expect(others).toEqual([]);
    expect(notice!.subject).toBe('You already have a Unified ID');
    expect(notice!.text).toMatch(/^Hello Mel,/);
    expect(notice!.links).toEqual([`${t.base}/login?lang=en_US`]);
    const after = await t.server.ctx.region('Euw').selectFrom('accounts').selectAll().where('email', '=', owner).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await attempt(t, owner, 'Attacker-pass-1')).body.errorCode).toBe(E.wrongCredentials);
    await signIn(new Client(t.base), owner, DEMO_PASSWORD);
    // The new address got its account and activation mail as usual.
    await activateFromMail(c, 'fresh.user@example.com');
    await signIn(new Client(t.base), 'fresh.user@example.com', 'Good-pass-1');
  });

  it('answers a second registration of a pending address like a new one; its newest link activates the newest password', async () => {
    const c = new Client(t.base);
    const email = 'pending.twice@example.com';
    expect((await c.post('/api/register/captcha', registration(email, 'First-pass-1'))).status).toBe(200);
    await t.server.ctx.afterAnswer.idle();
    t.clock.advance(61_000);
    const second = await c.post('/api/register/captcha', registration(email, 'Second-pass-1'));
    expect(second.status).toBe(200);
    expect(second.body.result).toEqual({ email, region: 'Euw', activated: false });
    await t.server.ctx.afterAnswer.idle();
    expect(await mails(c, email)).toHaveLength(2);
    // Another password replaced the pending one: the link asks for the newest (as in the spec mode).
    await expect(activateFromMail(c, email)).rejects.toThrow('"reason":"contested"');
    await activateFromMail(c, email, 'Second-pass-1');
    expect((await attempt(t, email, 'First-pass-1')).body.errorCode).toBe(E.wrongCredentials);
    await signIn(new Client(t.base), email, 'Second-pass-1');
  });

  it('answers a request for the activation mail alike for every address; only a pending account gets one', async () => {
    const c = new Client(t.base);
    const pending = 'inactive@example.com';
    const answers = await Promise.all([pending, 'admin@example.com', 'nobody.activation@example.com'].map((email) => c.post('/api/activations/email', { email })));
    expect(answers.map((r) => [r.status, r.body.errorCode, r.body.result.resendAfterSeconds])).toEqual([
      [200, undefined, 60],
      [200, undefined, 60],
      [200, undefined, 60],
    ]);
    await t.server.ctx.afterAnswer.idle();
    expect((await mails(c, pending)).map((m) => m.subject)).toEqual(['Activate your Unified ID']);
    expect(await mails(c, 'nobody.activation@example.com')).toEqual([]);
  });

  it('mails an owner at most once a minute however many registrations name the address', async () => {
    const c = new Client(t.base);
    const owner = 'admin@example.com';
    const before = (await mails(c, owner)).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.post('/api/register/captcha', registration(owner))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await t.server.ctx.afterAnswer.idle();
    expect((await mails(c, owner)).length - before).toBe(1);
  });
});
