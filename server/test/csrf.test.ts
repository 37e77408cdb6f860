/**
 * Cross-site request forgery: what a page of another origin can make the victim's browser send
 * (a form post or a no-cors fetch: Origin and Sec-Fetch-Site of that page, a form body, the
 * victim's cookie, no custom header) is refused; the portal's own calls pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { HEADERS, PORTAL_REQUEST_VALUE } from '../../core/contract/headers';
import { Client, DEMO_PASSWORD, signIn, startLogin, startServer, type TestServer } from './harness';

let t: TestServer;
let attackerOrigin: string;
beforeAll(async () => {
  t = await startServer();
  // Another port of the same host: same site, so SameSite=Lax still sends the cookie.
  attackerOrigin = t.base.replace(/:\d+$/, ':9');
});
afterAll(async () => t.close());

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const sameSitePage = () => ({ Origin: attackerOrigin, 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate' });
const crossSitePage = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' };

async function victim(): Promise<Client> {
  const c = new Client(t.base);
  await signIn(c, 'demo@example.com', DEMO_PASSWORD);
  return c;
}

async function loggedInAs(c: Client): Promise<string | null> {
  const res = await c.post('/api/logged');
  return res.body.result.loggedIn ? (res.body.result.email as string) : null;
}

function expectRefused(res: { status: number; body: { errorCode?: number }; headers: Headers }, status = 403) {
  expect(res.status).toBe(status);
  expect(res.body.errorCode).toBe(E.badRequest);
  expect(res.headers.getSetCookie()).toEqual([]);
}

describe('logout CSRF', () => {
  it('refuses a form post of another origin to /logout: the victim stays signed in', async () => {
    const c = await victim();
    const sameSite = await c.req('POST', '/api/logout', { portal: false, headers: { ...sameSitePage(), ...FORM }, form: new URLSearchParams({ email: 'demo@example.com' }) });
    expectRefused(sameSite);
    expect(sameSite.body).toMatchObject({ message: 'This call must come from the portal.', result: { reason: 'origin' } });
    const crossSite = await c.req('POST', '/api/logout', { portal: false, headers: crossSitePage, form: new URLSearchParams() });
    expectRefused(crossSite);
    // A no-cors fetch: text/plain body, no Sec-Fetch headers (an older browser), still no header.
    const plain = await c.req('POST', '/api/logout', { portal: false, headers: { 'Content-Type': 'text/plain' }, form: new URLSearchParams('x=1') as never });
    expectRefused(plain, 415);
    const bare = await c.req('POST', '/api/logout', { portal: false });
    expectRefused(bare);
    expect(bare.body.result).toEqual({ reason: 'header' });
    expect(await loggedInAs(c)).toBe('demo@example.com');
    expect((await c.get('/api/user-info', { auth: true })).status).toBe(200);
  });

  it('signs out when the portal asks (same origin, its header), and a back end with the bearer alone', async () => {
    const c = await victim();
    const res = await c.req('POST', '/api/logout', { auth: true, headers: { Origin: t.base, 'Sec-Fetch-Site': 'same-origin' } });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ loggedOut: true, revoked: true });
    expect(await loggedInAs(c)).toBeNull();

    const service = await victim();
    const backEnd = new Client(t.base);
    backEnd.accessToken = service.accessToken;
    const bearerOnly = await backEnd.req('POST', '/api/logout', { auth: true, portal: false });
    expect(bearerOnly.status).toBe(200);
    expect(bearerOnly.body.result.revoked).toBe(true);
    expect((await service.get('/api/user-info', { auth: true })).status).toBe(401);
  });
});

describe('login CSRF', () => {
  it('refuses a form post of another origin to /login (help-desk variant, no session code): no cookie is set', async () => {
    const c = new Client(t.base);
    const form = new URLSearchParams({ email: 'member@example.com', password: DEMO_PASSWORD, source: 'zendesk' });
    expectRefused(await c.req('POST', '/api/login', { portal: false, headers: { ...sameSitePage(), ...FORM }, form }));
    expectRefused(await c.req('POST', '/api/login', { portal: false, headers: { ...crossSitePage, ...FORM }, form }));
    // Without browser headers the form body alone is refused, and so is JSON without the portal's header.
    expectRefused(await c.req('POST', '/api/login', { portal: false, headers: FORM, form }), 415);
    expectRefused(await c.req('POST', '/api/login', { portal: false, body: { email: 'member@example.com', password: DEMO_PASSWORD, source: 'zendesk' } }));
    expect(c.cookies.size).toBe(0);
    expect(await loggedInAs(c)).toBeNull();
  });

  it('refuses a cross-origin /login into another account while the victim is signed in', async () => {
    const c = await victim();
    const { sessionCode } = await startLogin(new Client(t.base));
    const res = await c.req('POST', '/api/login', {
      portal: false,
      headers: { ...sameSitePage(), session_code: sessionCode },
      body: { email: 'member@example.com', password: DEMO_PASSWORD },
    });
    expectRefused(res);
    expect(await loggedInAs(c)).toBe('demo@example.com');
  });

  it('signs in from the portal: its origin and header, JSON body', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const res = await c.req('POST', '/api/login', {
      headers: { Origin: t.base, 'Sec-Fetch-Site': 'same-origin', session_code: sessionCode, [HEADERS.portalRequest]: PORTAL_REQUEST_VALUE },
      body: { email: 'member@example.com', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await loggedInAs(c)).toBe('member@example.com');
    const direct = await new Client(t.base).post('/api/login', { email: 'member@example.com', password: DEMO_PASSWORD, source: 'zendesk' });
    expect(direct.status).toBe(200);
    // A header from the portal with a wrong value is no proof.
    const wrong = await new Client(t.base).req('POST', '/api/login', {
      portal: false,
      headers: { [HEADERS.portalRequest]: 'yes' },
      body: { email: 'member@example.com', password: DEMO_PASSWORD, source: 'zendesk' },
    });
    expectRefused(wrong);
  });
});

describe('other state-changing calls', () => {
  it('refuses a foreign Origin on any call, and form bodies except on /token', async () => {
    const c = new Client(t.base);
    const register = await c.req('POST', '/api/register/captcha', { portal: false, headers: crossSitePage, body: { email: 'x@example.com' } });
    expectRefused(register);
    const resetForm = await c.req('POST', '/api/auth/password-reset-request', { headers: FORM, form: new URLSearchParams({ email: 'demo@example.com', language: 'en_US' }) });
    expectRefused(resetForm, 415);
    expect(resetForm.body.result).toEqual({ reason: 'content-type' });
    // An OAuth client's back end posts /token as a form (no Origin): still taken.
    const token = await c.req('POST', '/api/token', { portal: false, headers: FORM, form: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'portal', refresh_token: 'nope' }) });
    expect(token.body.errorCode).not.toBe(E.badRequest);
    const tokenFromPage = await c.req('POST', '/api/token', { portal: false, headers: { ...sameSitePage(), ...FORM }, form: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'portal', refresh_token: 'nope' }) });
    expectRefused(tokenFromPage);
  });

  it('needs the portal header to bind a web view to an app session', async () => {
    const c = new Client(t.base);
    const res = await c.req('POST', '/api/app/session', { portal: false, auth: 'Bearer whatever', body: { appType: 'partner_app_android', sessionId: 'x' } });
    expectRefused(res);
  });

  it('leaves reads and top-level navigations alone: GET /authorize from another site still redirects', async () => {
    const c = await victim();
    const { sessionCode } = await startLogin(new Client(t.base));
    const res = await c.req('GET', `/api/authorize?session_code=${sessionCode}`, { portal: false, headers: crossSitePage });
    expect(res.status).toBe(302);
  });
});
