import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { SecurityEvent, SecurityEventsResult } from '../../core/contract/securityEvents';
import { totpNow } from '../../plugins/mfa/server/totp';
import { pruneSecurityEvents, RETENTION_MS } from '../domain/securityEvents';
import { Client, DEMO_PASSWORD, finishHandOff, mails, startLogin, startServer, unlock, type TestServer } from './harness';
import { totpSecretOf } from './secondFactorHelpers';
import { formatMoment } from '../../core/i18n/dates';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_WINDOWS_NEXT = CHROME_WINDOWS.replace('Chrome/131', 'Chrome/132');
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Device {
  ua: string;
  country?: string;
  city?: string;
}

function deviceHeaders(d: Device): Record<string, string> {
  return { 'User-Agent': d.ua, ...(d.country ? { 'Viewer-Country': d.country } : {}), ...(d.city ? { 'Viewer-City': encodeURIComponent(d.city) } : {}) };
}

/** The SPA's sign-in from a given browser and place (a browser not signed in yet): authorize → login → token. */
async function signInFrom(c: Client, email: string, password: string, device: Device, extra: Record<string, unknown> = {}) {
  c.cookies.clear();
  const { verifier, sessionCode } = await startLogin(c);
  const res = await c.post('/api/login', { email, password, ...extra }, { headers: { session_code: sessionCode, ...deviceHeaders(device) } });
  if (res.status !== 200) return res;
  await finishHandOff(c, res.body.result, verifier);
  return res;
}

async function accountId(c: Client): Promise<string> {
  return (await c.get('/api/user-info', { auth: true })).body.result.accountId;
}

async function activity(c: Client, query = ''): Promise<SecurityEventsResult> {
  const res = await c.get(`/api/account/${await accountId(c)}/security-events${query}`, { auth: true });
  expect(res.status).toBe(200);
  return res.body.result;
}

const kinds = (events: SecurityEvent[]) => events.map((e) => e.kind);

describe('security activity', () => {
  it('records a sign-in with its browser, system and place, newest first, a page at a time', async () => {
    const c = new Client(t.base);
    for (let i = 0; i < 3; i++) {
      expect((await signInFrom(c, 'demo@example.com', DEMO_PASSWORD, { ua: CHROME_WINDOWS, country: 'de', city: 'München' })).status).toBe(200);
      t.clock.advance(1000);
    }
    const first = await activity(c, '?limit=2');
    expect(first.events).toHaveLength(2);
    expect(first.events[0]).toMatchObject({ kind: 'sign_in_success', browser: 'Chrome 131', os: 'Windows', country: 'DE', city: 'München', ip: expect.any(String) });
    expect(first.events[0]!.at).toBeGreaterThan(first.events[1]!.at);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await activity(c, `?limit=2&before=${first.nextCursor}`);
    expect(kinds(second.events)).toEqual(['sign_in_success']);
    expect(second.nextCursor).toBeNull();
    expect(second.events[0]!.at).toBeLessThan(first.events[1]!.at);
    expect(first.timeZone).toBeNull();
  });

  it('answers only the account itself, and only signed in', async () => {
    const c = new Client(t.base);
    await signInFrom(c, 'admin@example.com', DEMO_PASSWORD, { ua: CHROME_WINDOWS });
    const other = new Client(t.base);
    await signInFrom(other, 'member@example.com', DEMO_PASSWORD, { ua: CHROME_WINDOWS });
    const otherId = await accountId(other);
    expect((await c.get(`/api/account/${otherId}/security-events`, { auth: true })).body.errorCode).toBe(E.accountError);
    const anonymous = await new Client(t.base).get(`/api/account/${otherId}/security-events`);
    expect(anonymous.status).toBe(401);
    expect((await c.get(`/api/account/${await accountId(c)}/security-events?before=bm90LWEtY3Vyc29y`, { auth: true })).body.errorCode).toBe(E.invalidParameter);
    expect((await c.get(`/api/account/${await accountId(c)}/security-events?limit=500`, { auth: true })).body.errorCode).toBe(E.invalidParameter);
  });

  it('mails a sign-in from a new browser or country in the account language, not the first one or a browser update', async () => {
    const email = 'owner@example.com';
    const c = new Client(t.base);
    await signInFrom(c, email, DEMO_PASSWORD, { ua: CHROME_WINDOWS, country: 'DE' });
    const id = await accountId(c);
    await c.post('/api/account/updateInfo', { email, accountId: id, language: 'de_DE', timezone: 'Europe/Berlin' }, { auth: true });
    const before = (await mails(c, email)).length;
    // The account's first recorded sign-in, then the same browser and place after an update: no mail.
    await signInFrom(c, email, DEMO_PASSWORD, { ua: CHROME_WINDOWS_NEXT, country: 'DE' });
    expect((await mails(c, email)).length).toBe(before);
    // Another browser family and system, in another country: a new device.
    await signInFrom(c, email, DEMO_PASSWORD, { ua: FIREFOX_LINUX, country: 'FR', city: 'Lyon' });
    const mail = (await mails(c, email))[0]!;
    expect((await mails(c, email)).length).toBe(before + 1);
    expect(mail.subject).toBe('Neue Anmeldung bei Ihrer Unified ID');
    expect(mail.text).toContain('Firefox 133, Linux');
    expect(mail.text).toContain('Lyon, Frankreich');
    expect(mail.text).toMatch(/MEZ|MESZ|GMT\+1|GMT\+2/); // the profile's zone, in German
    expect(mail.links).toContain(`${t.base}/accountSetting/security`);
    const events = (await activity(c)).events;
    expect(events[0]).toMatchObject({ kind: 'sign_in_success', detail: { newDevice: true }, country: 'FR' });
    // The one clock: the mail writes the moment as the Security page does (the profile's zone, named).
    expect(mail.text).toContain(`: ${formatMoment(events[0]!.at, 'de_DE', { timeZone: 'Europe/Berlin' })}`);
    expect(events.find((e) => e.browser === 'Chrome 132')!.detail).toBeNull();
    // The same browser in a known country is known; the Firefox in France is known now too.
    await signInFrom(c, email, DEMO_PASSWORD, { ua: FIREFOX_LINUX, country: 'FR' });
    expect((await mails(c, email)).length).toBe(before + 1);
    expect((await activity(c)).timeZone).toBe('Europe/Berlin');
  });

  it('writes the new-device mail of a Serbian account in Latin letters, as its texts are (dates, country names)', async () => {
    const email = 'admin@example.com';
    const c = new Client(t.base);
    await signInFrom(c, email, DEMO_PASSWORD, { ua: CHROME_WINDOWS });
    await c.post('/api/account/updateInfo', { email, accountId: await accountId(c), language: 'sr_RS', timezone: 'Europe/Belgrade' }, { auth: true });
    const before = (await mails(c, email)).length;
    await signInFrom(c, email, DEMO_PASSWORD, { ua: FIREFOX_LINUX, country: 'IT', city: 'Milano' });
    expect((await mails(c, email)).length).toBe(before + 1);
    const mail = (await mails(c, email))[0]!;
    expect(mail.text).toContain('Milano, Italija'); // not "Италија"
    const month = new Intl.DateTimeFormat('sr-Latn-RS', { month: 'short', timeZone: 'Europe/Belgrade' }).format(Date.now()).replace(/\.$/, '');
    expect(month).toMatch(/^[a-z]+$/);
    expect(mail.text).toContain(month);
    expect(mail.text).not.toMatch(/[\u0400-\u04ff]/); // no Cyrillic anywhere
  });

  it('records wrong passwords, the lock they start, a refusal while locked, and the lock running out (once)', async () => {
    const email = 'locked-soon@example.com'; // four failed sign-ins already
    const c = new Client(t.base);
    const wrong = await signInFrom(c, email, 'Wrong-pass-1', { ua: FIREFOX_LINUX, country: 'US' });
    expect(wrong.body.result).toMatchObject({ remainAttempts: 0 });
    expect((await signInFrom(c, email, DEMO_PASSWORD, { ua: FIREFOX_LINUX })).body.errorCode).toBe(E.accountLocked);
    t.clock.advance(31 * 60_000);
    expect((await signInFrom(c, email, DEMO_PASSWORD, { ua: FIREFOX_LINUX })).status).toBe(200);
    await signInFrom(c, email, DEMO_PASSWORD, { ua: FIREFOX_LINUX });
    const events = (await activity(c)).events;
    expect(kinds(events)).toEqual(['sign_in_success', 'sign_in_success', 'account_unlocked', 'sign_in_failure', 'account_locked', 'sign_in_failure']);
    expect(events[2]!.detail).toEqual({ by: 'expiry' });
    expect(events[3]!.detail).toEqual({ reason: 'locked' });
    expect(events[5]).toMatchObject({ detail: { reason: 'password' }, country: 'US', browser: 'Firefox 133', os: 'Linux' });
  });

  it('records a wrong second-factor code at sign-in, and every two-factor change', async () => {
    const email = 'mfa@example.com';
    const c = new Client(t.base);
    const challenge = await signInFrom(c, email, DEMO_PASSWORD, { ua: CHROME_WINDOWS });
    expect(challenge.body.errorCode).toBe(E.mfaRequired);
    const processId = challenge.body.result.MFAProcessId as string;
    const wrongCode = await signInFrom(c, email, DEMO_PASSWORD, { ua: CHROME_WINDOWS }, { mfaType: 3, code: '000000', mfaProcessId: processId });
    expect(wrongCode.body.errorCode).toBe(E.mfaCodeError);
    const secret = await totpSecretOf(t, email);
    const second = await signInFrom(c, email, DEMO_PASSWORD, { ua: CHROME_WINDOWS });
    const ok = await signInFrom(c, email, DEMO_PASSWORD, { ua: CHROME_WINDOWS }, { mfaType: 3, code: totpNow(secret, t.server.ctx.now()), mfaProcessId: second.body.result.MFAProcessId });
    expect(ok.status).toBe(200);
    await unlock(c, DEMO_PASSWORD);
    expect((await c.post('/api/accounts/mfa/primary', { mfaType: 2 }, { auth: true, security: true })).status).toBe(200);
    expect((await c.post('/api/accounts/mfa/delMfaType', { mfaType: 3 }, { auth: true, security: true })).status).toBe(200);
    expect((await c.post('/api/accounts/mfa/disable', undefined, { auth: true, security: true })).status).toBe(200);
    const events = (await activity(c)).events;
    expect(kinds(events)).toEqual(['mfa_disabled', 'mfa_method_removed', 'mfa_primary_changed', 'security_unlocked', 'sign_in_success', 'sign_in_failure']);
    expect(events[1]!.detail).toEqual({ method: 'totp' });
    expect(events[2]!.detail).toEqual({ method: 'email' });
    expect(events[5]!.detail).toEqual({ reason: 'code' });
  });

  it('records the security unlock, the session timeout, ending sessions and a password change', async () => {
    const email = 'applicant@example.com';
    const phone = new Client(t.base);
    await signInFrom(phone, email, DEMO_PASSWORD, { ua: FIREFOX_LINUX });
    const c = new Client(t.base);
    await signInFrom(c, email, DEMO_PASSWORD, { ua: CHROME_WINDOWS });
    const id = await accountId(c);
    expect((await c.post('/api/security/enable', { password: 'Wrong-pass-1' }, { auth: true })).body.errorCode).toBe(E.wrongCredentials);
    await unlock(c, DEMO_PASSWORD);
    await c.post(`/api/account/${id}/timeout`, { expireTime: 21600 }, { auth: true, security: true });
    await c.post(`/api/account/${id}/timeout`, { expireTime: 21600 }, { auth: true, security: true }); // unchanged: nothing to record
    expect((await c.post(`/api/account/${id}/logout`, {}, { auth: true, security: true })).body.result.loggedOut).toHaveLength(1);
    expect((await c.post(`/api/account/${id}/logout`, {}, { auth: true, security: true })).body.result.loggedOut).toHaveLength(0);
    expect((await c.post(`/api/accounts/${id}/password`, { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh-pass-2025' }, { auth: true, security: true })).status).toBe(200);
    const events = (await activity(c)).events;
    expect(kinds(events)).toEqual(['password_changed', 'sessions_ended', 'session_timeout_changed', 'security_unlocked', 'security_unlock_failed', 'sign_in_success', 'sign_in_success']);
    expect(events[1]!.detail).toEqual({ count: 1, scope: 'others' });
    expect(events[4]!.detail).toEqual({ reason: 'password' });
  });

  it('records a password reset and the lock it ended', async () => {
    const email = 'founder@example.com';
    const c = new Client(t.base);
    for (let i = 0; i < 5; i++) await signInFrom(c, email, 'Wrong-pass-1', { ua: CHROME_WINDOWS });
    await c.post('/api/auth/password-reset-request', { email, language: 'en_US' });
    const link = (await mails(c, email))[0]!.links[0]!;
    const token = decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
    expect((await c.post('/api/password-reset', { token, password: 'Fresh-pass-2025' }, { headers: deviceHeaders({ ua: CHROME_WINDOWS, country: 'FR' }) })).status).toBe(200);
    await signInFrom(c, email, 'Fresh-pass-2025', { ua: CHROME_WINDOWS });
    const events = (await activity(c)).events;
    expect(kinds(events).slice(0, 4)).toEqual(['sign_in_success', 'account_unlocked', 'password_reset', 'account_locked']);
    expect(events[1]).toMatchObject({ detail: { by: 'reset' }, country: 'FR' });
  });

  it('keeps 90 days: older events are neither listed nor kept by the pruning', async () => {
    const c = new Client(t.base);
    await signInFrom(c, 'us@example.com', DEMO_PASSWORD, { ua: CHROME_WINDOWS });
    const id = await accountId(c);
    const db = t.server.ctx.stores.regions.Use;
    const now = t.server.ctx.now();
    const old = (days: number, n: number) => ({ id: `old-${days}-${n}`, account_id: id, kind: 'sign_in_success', created_at: now - days * 86_400_000, ip: null, country: null, city: null, browser: null, os: null, device_hash: null, detail: null });
    await db.insertInto('security_events').values([old(89, 1), old(91, 1), old(120, 1)]).execute();
    expect((await activity(c)).events.map((e) => e.id).filter((e) => e.startsWith('old-'))).toEqual(['old-89-1']);
    expect(await pruneSecurityEvents(db, now)).toBe(2);
    const left = await db.selectFrom('security_events').select('id').where('account_id', '=', id).where('created_at', '<', now - RETENTION_MS + 2 * 86_400_000).execute();
    expect(left.map((r) => r.id)).toEqual(['old-89-1']);
  });

  it('never fails a sign-in when recording fails', async () => {
    const db = t.server.ctx.stores.regions.Euw;
    await db.schema.alterTable('security_events').renameTo('security_events_down').execute();
    try {
      const c = new Client(t.base);
      expect((await signInFrom(c, 'merge@example.com', DEMO_PASSWORD, { ua: CHROME_WINDOWS })).status).not.toBe(500);
      expect((await signInFrom(c, 'demo@example.com', DEMO_PASSWORD, { ua: CHROME_WINDOWS })).status).toBe(200);
      expect((await signInFrom(new Client(t.base), 'demo@example.com', 'Wrong-pass-1', { ua: CHROME_WINDOWS })).body.errorCode).toBe(E.wrongCredentials);
    } finally {
      await db.schema.alterTable('security_events_down').renameTo('security_events').execute();
    }
  });
});

describe('security activity under enumeration protection', () => {
  let quiet: TestServer;
  beforeAll(async () => {
    quiet = await startServer({ enumerationProtection: true });
  });
  afterAll(async () => quiet.close());

  it('records a refused sign-in of an account after the answer, and nothing for an address without one', async () => {
    const c = new Client(quiet.base);
    expect((await signInFrom(c, 'demo@example.com', 'Wrong-pass-1', { ua: CHROME_WINDOWS })).body.errorCode).toBe(E.wrongCredentials);
    expect((await signInFrom(c, 'nobody.here@example.com', 'Wrong-pass-1', { ua: CHROME_WINDOWS })).body.errorCode).toBe(E.wrongCredentials);
    await quiet.server.ctx.afterAnswer.idle();
    await signInFrom(c, 'demo@example.com', DEMO_PASSWORD, { ua: CHROME_WINDOWS });
    const res = await c.get(`/api/account/${await accountId(c)}/security-events`, { auth: true });
    expect(kinds(res.body.result.events)).toEqual(['sign_in_success', 'sign_in_failure']);
    const all = await Promise.all((['Use', 'Aps', 'Euw'] as const).map((r) => quiet.server.ctx.stores.regions[r].selectFrom('security_events').select('account_id').execute()));
    expect(all.flat()).toHaveLength(2);
  });
});
