/**
 * With the request log on, drive the flows whose addresses and headers carry secrets (the
 * hand-off's session code and code, tokens, the security unlock, activation and reset links, the
 * help-desk JWT, an OpenID Connect sign-in and sign-out), note every secret the client saw, and
 * find none of them in the log. The log still says what happened: one line per request.
 */
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateFromMail, Client, DEMO_PASSWORD, login, mails, signIn, startLogin, startServer, unlock, type Res, type TestServer } from './harness';
import { clientConfig, signedInClient } from './oidcBrowser';

let log = '';
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    log += chunk.toString();
    done();
  },
});

/** A browser that notes every secret-looking value it sees: long strings in bodies, cookies, query values of redirects. */
const seen = new Set<string>();
function note(value: unknown) {
  if (typeof value === 'string' && value.length >= 16 && !/\s/.test(value) && !/^https?:/.test(value)) seen.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) note(v);
}
class RecordingClient extends Client {
  override async req<T = unknown>(method: string, pathname: string, opts: Parameters<Client['req']>[2] = {}): Promise<Res<T>> {
    const res = await super.req<T>(method, pathname, opts);
    note(res.body);
    for (const v of this.cookies.values()) note(v);
    const location = res.headers.get('location');
    if (location) {
      const url = new URL(location, this.base);
      for (const v of url.searchParams.values()) note(v);
      note(url.hash.replace(/^#[a-z_]+=/, ''));
    }
    return res;
  }
}

const SECRET = crypto.randomBytes(32).toString('base64url');
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ logger: true, logStream: sink, clients: [{ id: 'rp', name: 'RP', redirectUris: ['https://rp.example/cb'], secret: SECRET, postLogoutRedirectUris: ['https://rp.example/bye'] }] });
});
afterAll(async () => t.close());

describe('the request log', () => {
  it('never holds a secret the flows handed around, and still has one line per request', async () => {
    const c = new RecordingClient(t.base);
    // Sign-in hand-off: session code (query and header), code, access and refresh tokens; refresh; unlock.
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const refreshed = await c.post('/api/refresh-token', { refreshToken: c.refreshToken });
    c.accessToken = refreshed.body.result.accessToken;
    await unlock(c, DEMO_PASSWORD);
    await c.get('/api/user-info', { auth: true, security: true });
    const fresh = new RecordingClient(t.base);
    await fresh.get(`/api/redirect-params?sessionCode=${(await startLogin(fresh)).sessionCode}`);
    // Registration and activation (the mailed token), a password reset (the mailed token).
    const email = `log-${Date.now()}@example.com`;
    await c.post('/api/register/captcha', { email, password: 'Fresh-pass-2024!', regionCode: 'DE', firstName: 'Lo', lastName: 'Gger', language: 'en_US' });
    for (const m of await mails(c, email)) for (const link of m.links) note(decodeURIComponent(new URL(link).hash.replace(/^#token=/, '')));
    await activateFromMail(c, email);
    await c.post('/api/auth/password-reset-request', { email });
    for (const m of await mails(c, email)) for (const link of m.links) {
      const url = new URL(link);
      for (const v of url.searchParams.values()) note(v);
      note(decodeURIComponent(url.hash.replace(/^#[a-z_]+=/, '')));
      await c.get(`${url.pathname}${url.search}`, { headers: { Accept: 'text/html' } });
    }
    // The help desk: its JWT travels in an address of this server.
    const desk = new RecordingClient(t.base);
    const start = await desk.get(`/api/helpdesk/sso?brand_id=1&locale_id=1&return_to=${encodeURIComponent(`${t.base}/demo-helpdesk/`)}`);
    const session = new URL(start.headers.get('location')!, t.base).searchParams.get('session_code')!;
    const done = await login(desk, session, { email: 'member@example.com', password: DEMO_PASSWORD });
    const hop = await desk.get(`${done.body.result.serviceUrl}?${new URLSearchParams(done.body.result.redirectParams)}`);
    await desk.get(hop.headers.get('location')!);
    // OpenID Connect: code, tokens, an ID token as the end-session hint.
    const rp = await clientConfig(t, 'rp', oidc.ClientSecretBasic(SECRET), SECRET);
    const signedIn = await signedInClient(t, rp, 'https://rp.example/cb', new RecordingClient(t.base));
    note(signedIn.tokens.id_token);
    note(signedIn.tokens.access_token);
    note(signedIn.tokens.refresh_token);
    await oidc.refreshTokenGrant(rp, signedIn.tokens.refresh_token!);
    await signedIn.browser.get(oidc.buildEndSessionUrl(rp, { id_token_hint: signedIn.tokens.id_token! }).toString(), { portal: false });
    // A secret typed into an unknown address is not echoed either.
    const typo = crypto.randomBytes(24).toString('base64url');
    note(typo);
    await c.get(`/api/no-such-call/${typo}?token=${typo}`);
    await c.get(`/login?session_code=${typo}`, { headers: { Accept: 'text/html' } });

    seen.add(DEMO_PASSWORD);
    seen.add('Fresh-pass-2024!');
    expect(seen.size).toBeGreaterThan(25);
    const leaked = [...seen].filter((secret) => log.includes(secret));
    expect(leaked).toEqual([]);
    expect(log).not.toMatch(/"headers"|authorization|security-token|cookie|"url"/i);

    const lines = log.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string; route?: string; status?: number; ms?: number; reqId?: string });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThan(30);
    expect(requests).toContainEqual(expect.objectContaining({ route: '/api/login', status: 200, reqId: expect.any(String), ms: expect.any(Number) }));
    expect(requests).toContainEqual(expect.objectContaining({ route: '/demo-helpdesk/access/jwt', status: 200 }));
    expect(requests).toContainEqual(expect.objectContaining({ route: '(unknown api path)', status: 404 }));
    expect(requests).toContainEqual(expect.objectContaining({ route: '(page) /login' }));
  });
});
