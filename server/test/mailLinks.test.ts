import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { Client, DEMO_PASSWORD, login, mails, signIn, startLogin, startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ limits: { captchaAfterRegistrations: 1000 } });
});
afterAll(async () => t.close());

const DEMO_CALLBACK = () => `${t.base}/demo-service/callback`;

/** The newest mailed link to `to` of a kind, split into its parts. */
async function mailedLink(c: Client, to: string, module: string) {
  const mail = (await mails(c, to)).find((m) => m.links.some((l) => l.includes(`module=${module}`)));
  if (!mail) throw new Error(`no ${module} mail to ${to}`);
  const url = new URL(mail.links.find((l) => l.includes(`module=${module}`))!);
  const token = decodeURIComponent(url.hash.replace(/^#token=/, ''));
  return { url, token, mail };
}

const reg = (email: string) => ({ email, password: 'Good-pass-1', regionCode: 'DE', firstName: 'Mia', lastName: 'Link', language: 'it_IT' });

describe('mailed links point to the SPA and remember the client', () => {
  it('a reset asked for on a connected service login page links to its branded SPA page, in the mail language', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c, { clientId: 'demo-service', redirectUri: DEMO_CALLBACK() });
    const res = await c.post('/api/auth/password-reset-request', { email: 'member@example.com', language: 'fr_FR' }, { headers: { session_code: sessionCode } });
    expect(res.status).toBe(200);
    const { url, token } = await mailedLink(c, 'member@example.com', 'newPassword');
    expect(`${url.origin}${url.pathname}`).toBe(`${t.base}/login`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ module: 'newPassword', lang: 'fr_FR', client: 'demo-service' });
    // The token is only in the fragment: never sent to a server when the page loads.
    expect(url.search).not.toContain(token);
    expect(token).toMatch(/^euw\./);

    // The page's branding comes from the same call the login page uses.
    const info = await c.get('/api/client/custom/banner-and-logo?clientId=demo-service');
    expect(info.body.result).toMatchObject({ clientId: 'demo-service', title: 'Demo Service' });

    const check = await c.post('/api/password-reset/check', { token });
    expect(check.body.result).toMatchObject({ email: 'member@example.com', country: 'DE' });
    expect(check.body.result.expiresAt).toBeGreaterThan(Date.now());
    const done = await c.post('/api/password-reset', { token, password: 'Linked-pass-1', confirmPassword: 'Linked-pass-1' });
    expect(done.body.result).toEqual({ email: 'member@example.com', serviceUrl: `${t.base}/demo-service/` });
    expect((await signIn(new Client(t.base), 'member@example.com', 'Linked-pass-1')).accessToken).toBeTruthy();

    // Used: check, a second reset and the form all say so; a new mail can be had from the link.
    expect((await c.post('/api/password-reset/check', { token })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'used' } });
    expect((await c.post('/api/password-reset', { token, password: 'Linked-pass-2' })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'used' } });
    t.clock.advance(61_000);
    const renewed = await c.post('/api/password-reset/renew', { token, language: 'de_DE' });
    expect(renewed.body.result).toEqual({ email: 'member@example.com', resendAfterSeconds: 60 });
    const again = await mailedLink(c, 'member@example.com', 'newPassword');
    expect(again.token).not.toBe(token);
    expect(Object.fromEntries(again.url.searchParams)).toEqual({ module: 'newPassword', lang: 'de_DE', client: 'demo-service' });
    // Renewing waits 60 s between mails, like asking by address.
    expect((await c.post('/api/password-reset/renew', { token })).body.errorCode).toBe(E.resetMailWait);
  });

  it('an expired reset link says so; an unknown one is invalid; a request without a login session links to the portal', async () => {
    const c = new Client(t.base);
    await c.post('/api/auth/password-reset-request', { email: 'us@example.com' });
    const { url, token } = await mailedLink(c, 'us@example.com', 'newPassword');
    expect(url.searchParams.get('client')).toBe('portal');
    expect(url.searchParams.get('lang')).toBe('en_US');
    t.clock.advance(31 * 60_000);
    expect((await c.post('/api/password-reset/check', { token })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'expired' } });
    const late = await c.post('/api/password-reset', { token, password: 'Late-pass-1' });
    expect([late.status, late.body.result]).toEqual([400, { reason: 'expired' }]);
    for (const bad of ['euw.' + 'A'.repeat(43), 'nonsense']) {
      expect((await c.post('/api/password-reset/check', { token: bad })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'invalid' } });
      expect((await c.post('/api/password-reset/renew', { token: bad })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'invalid' } });
    }
    expect((await c.post('/api/password-reset/check', {})).body).toMatchObject({ errorCode: E.invalidParameter });
  });

  it('registration on a connected service page: the activation link is branded, activates once, then reports already activated', async () => {
    const c = new Client(t.base);
    const email = 'mia.link@example.com';
    const { sessionCode } = await startLogin(c, { clientId: 'demo-service', redirectUri: DEMO_CALLBACK() });
    expect((await c.post('/api/register/captcha', reg(email), { headers: { session_code: sessionCode } })).status).toBe(200);
    const { url, token, mail } = await mailedLink(c, email, 'activation');
    expect(mail.subject).toBe('Attiva il tuo Unified ID');
    expect(Object.fromEntries(url.searchParams)).toEqual({ module: 'activation', lang: 'it_IT', client: 'demo-service' });

    const done = await c.post('/api/activations/verify', { token });
    expect(done.body.result).toEqual({ email, serviceUrl: `${t.base}/demo-service/` });
    const twice = await c.post('/api/activations/verify', { token });
    expect(twice.body).toMatchObject({ errorCode: E.alreadyActivated, result: { email, serviceUrl: `${t.base}/demo-service/` } });
    expect((await c.post('/api/activations/renew', { token })).body.errorCode).toBe(E.alreadyActivated);
    expect((await signIn(new Client(t.base), email, 'Good-pass-1')).accessToken).toBeTruthy();
    expect((await c.post('/api/activations/verify', { token: 'euw.' + 'B'.repeat(43) })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'invalid' } });
  });

  it('an expired activation link can be renewed for the same client; a re-sent mail on sign-in keeps the client too', async () => {
    const c = new Client(t.base);
    const email = 'late.activation@example.com';
    const { sessionCode } = await startLogin(c, { clientId: 'demo-service', redirectUri: DEMO_CALLBACK() });
    await c.post('/api/register/captcha', reg(email), { headers: { session_code: sessionCode } });
    const first = await mailedLink(c, email, 'activation');
    t.clock.advance(25 * 3600_000);
    expect((await c.post('/api/activations/verify', { token: first.token })).body).toMatchObject({ errorCode: E.tokenExpired, result: { reason: 'expired' } });
    const renewed = await c.post('/api/activations/renew', { token: first.token, language: 'es_ES' });
    expect(renewed.body.result).toEqual({ email, resendAfterSeconds: 60 });
    const second = await mailedLink(c, email, 'activation');
    expect(Object.fromEntries(second.url.searchParams)).toEqual({ module: 'activation', lang: 'es_ES', client: 'demo-service' });
    expect((await c.post('/api/activations/renew', { token: first.token })).body.errorCode).toBe(E.rateLimited);

    // Signing in unactivated on the portal's own page re-sends the mail, bound to the portal.
    t.clock.advance(61_000);
    const portal = await startLogin(c);
    const res = await login(c, portal.sessionCode, { email, password: 'Good-pass-1' });
    expect(res.body).toMatchObject({ errorCode: E.notActivated, result: { mailSent: true } });
    const third = await mailedLink(c, email, 'activation');
    expect(third.url.searchParams.get('client')).toBe('portal');
    expect((await c.post('/api/activations/verify', { token: third.token })).body.result).toEqual({ email, serviceUrl: null });
  });

  it('links of mails sent before the SPA pages redirect to them without acting, the token moved to the fragment', async () => {
    const c = new Client(t.base);
    const email = 'old.link@example.com';
    await c.post('/api/register/captcha', reg(email));
    const { token } = await mailedLink(c, email, 'activation');
    const old = await c.get(`/api/activations/verify?token=${encodeURIComponent(token)}`);
    expect(old.status).toBe(302);
    expect(old.headers.get('referrer-policy')).toBe('no-referrer');
    const to = new URL(old.headers.get('location')!);
    expect(`${to.pathname}${to.search}`).toBe('/login?module=activation&client=portal');
    expect(decodeURIComponent(to.hash)).toBe(`#token=${token}`);
    // Opening the old link did not activate: the SPA page does, with its POST.
    expect((await c.post('/api/activations/verify', { token })).body.result.email).toBe(email);
    const reset = await c.get('/api/password-reset?token=euw.abc');
    expect(new URL(reset.headers.get('location')!).searchParams.get('module')).toBe('newPassword');
  });

  it('a reset from the new link format ends every session', async () => {
    const c = new Client(t.base);
    const tokens = await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    await c.post('/api/auth/password-reset-request', { email: 'demo@example.com' });
    const { token } = await mailedLink(c, 'demo@example.com', 'newPassword');
    expect((await c.post('/api/password-reset', { token, password: 'Demo-pass-2099' })).status).toBe(200);
    expect((await c.get('/api/user-info', { auth: `Bearer ${tokens.accessToken}` })).status).toBe(401);
  });
});
