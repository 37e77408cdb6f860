import { humanTrace } from './captchaTraces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { DEFAULT_LIMITS } from '../options';
import { authorizeUrl, Client, DEMO_PASSWORD, finishHandOff, login, pkce, signIn, startLogin, startServer, type TestServer } from './harness';
import { captchaStore } from '../../plugins/captcha/server/tables';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ clients: [{ id: 'strict', name: 'Strict client', redirectUris: ['http://127.0.0.1:9/cb'], requireCaptcha: true, plugins: ['sign-in'] }] });
});
afterAll(async () => t.close());

describe('authorisation hand-off', () => {
  it('runs authorize → login → continuation → token for the portal', async () => {
    const c = new Client(t.base);
    const { verifier, sessionCode, location } = await startLogin(c);
    expect(location.pathname).toBe('/login');
    expect(sessionCode).toBeTruthy();
    const res = await login(c, sessionCode, { email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.result.serviceUrl).toBe(`${t.base}/api/authorize`);
    expect(res.body.result.redirectParams.session_code).toBe(sessionCode);
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^uid_sso=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const tokens = await finishHandOff(c, res.body.result, verifier);
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.region).toBe('Euw');
    const me = await c.get('/api/user-info', { auth: true });
    expect(me.status).toBe(200);
    expect(me.body.result.email).toBe('demo@example.com');
  });

  it('passes return_url through to the token result (same origin only)', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const { verifier, challenge } = pkce();
    const res = await c.get(authorizeUrl(t.base, { challenge, extra: { return_url: '/accountSetting/security' } }));
    expect(res.status).toBe(302); // signed in: straight back with a code
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const tok = await c.post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code, code_verifier: verifier, redirect_uri: `${t.base}/token` });
    expect(tok.body.result.redirectUrl).toBe('/accountSetting/security');
    const evil = await c.get(authorizeUrl(t.base, { challenge, extra: { return_url: 'https://evil.example/x' } }));
    const code2 = new URL(evil.headers.get('location')!).searchParams.get('code')!;
    const tok2 = await c.post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code: code2, code_verifier: verifier, redirect_uri: `${t.base}/token` });
    expect(tok2.body.result.redirectUrl).toBeNull();
    // A same-origin address whose path starts with // (or /\) reads as another host once a browser follows the path alone.
    for (const sneaky of [`${t.base}//evil.example/x`, `${t.base}/\\evil.example/x`, '//evil.example/x']) {
      const r = await c.get(authorizeUrl(t.base, { challenge, extra: { return_url: sneaky } }));
      const sneakyCode = new URL(r.headers.get('location')!).searchParams.get('code')!;
      const tok3 = await c.post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code: sneakyCode, code_verifier: verifier, redirect_uri: `${t.base}/token` });
      expect(tok3.body.result.redirectUrl, sneaky).toBeNull();
    }
  });

  it('matches redirect URIs exactly and checks client, response type, scope and PKCE', async () => {
    const c = new Client(t.base);
    const { challenge } = pkce();
    for (const uri of [`${t.base}/token/`, `${t.base}/token?x=1`, `${t.base}/tokenx`, 'http://evil.example/token', `${t.base.replace('127.0.0.1', 'localhost')}/token`]) {
      const res = await c.get(authorizeUrl(t.base, { challenge, redirectUri: uri }));
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe(E.invalidClientOrRedirect);
    }
    expect((await c.get(authorizeUrl(t.base, { challenge, clientId: 'nope' }))).body.errorCode).toBe(E.invalidClientOrRedirect);
    expect((await c.get(authorizeUrl(t.base, { challenge, extra: { response_type: 'token' } }))).body.errorCode).toBe(E.unsupportedResponseType);
    expect((await c.get(authorizeUrl(t.base, { challenge, extra: { scope: 'admin' } }))).body.errorCode).toBe(E.unsupportedScope);
    expect((await c.get(authorizeUrl(t.base, { challenge, extra: { code_challenge_method: 'plain' } }))).body.errorCode).toBe(E.invalidParameter);
  });

  it('makes codes single-use, PKCE-bound, short-lived, and revokes tokens on code replay', async () => {
    const c = new Client(t.base);
    const { verifier, sessionCode } = await startLogin(c);
    const res = await login(c, sessionCode, { email: 'demo@example.com', password: DEMO_PASSWORD });
    const cont = await c.get(`${res.body.result.serviceUrl}?${new URLSearchParams(res.body.result.redirectParams)}`);
    const back = new URL(cont.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${t.base}/token`);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code')!;
    const exchange = (v: string, extra: Record<string, string> = {}) =>
      c.post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code, code_verifier: v, redirect_uri: `${t.base}/token`, ...extra });
    const wrong = await exchange(pkce().verifier);
    expect(wrong.body.errorCode).toBe(E.invalidCode); // wrong verifier burns the code
    const again = await exchange(verifier);
    expect(again.body.errorCode).toBe(E.invalidCode);

    // A fresh code: exchange once, replay → the first tokens are revoked.
    const { verifier: v2, challenge } = pkce();
    const r2 = await c.get(authorizeUrl(t.base, { challenge }));
    const code2 = new URL(r2.headers.get('location')!).searchParams.get('code')!;
    const ok1 = await c.post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code: code2, code_verifier: v2, redirect_uri: `${t.base}/token` });
    expect(ok1.status).toBe(200);
    const replay = await c.post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code: code2, code_verifier: v2, redirect_uri: `${t.base}/token` });
    expect(replay.body.errorCode).toBe(E.invalidCode);
    const me = await c.get('/api/user-info', { auth: `Bearer ${ok1.body.result.accessToken}` });
    expect(me.status).toBe(401);
    expect(me.body.errorCode).toBe(E.invalidToken);

    // Expired code.
    const { verifier: v3, challenge: ch3 } = pkce();
    const r3 = await c.get(authorizeUrl(t.base, { challenge: ch3 }));
    const code3 = new URL(r3.headers.get('location')!).searchParams.get('code')!;
    t.clock.advance(61_000);
    const late = await c.post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code: code3, code_verifier: v3, redirect_uri: `${t.base}/token` });
    expect(late.body.errorCode).toBe(E.invalidCode);

    // Code for one redirect URI / client cannot be used with another.
    const { verifier: v4, challenge: ch4 } = pkce();
    const r4 = await c.get(authorizeUrl(t.base, { challenge: ch4 }));
    const code4 = new URL(r4.headers.get('location')!).searchParams.get('code')!;
    const other = await c.post('/api/token', { grant_type: 'authorization_code', client_id: 'demo-service', code: code4, code_verifier: v4, redirect_uri: `${t.base}/token` });
    expect(other.body.errorCode).toBe(E.invalidCode);
    const unknown = await c.post('/api/token', { grant_type: 'authorization_code', client_id: 'nobody', code: code4, code_verifier: v4 });
    expect(unknown.body.errorCode).toBe(E.invalidClient);
  });

  it('accepts the token call form-encoded too', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const { verifier, challenge } = pkce();
    const r = await c.get(authorizeUrl(t.base, { challenge }));
    const code = new URL(r.headers.get('location')!).searchParams.get('code')!;
    const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: 'portal', code, code_verifier: verifier, redirect_uri: `${t.base}/token` });
    const res = await c.req('POST', '/api/token', { form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
    expect(res.body.result.accessToken).toBeTruthy();
  });

  it('rotates refresh tokens and revokes the family when an old one comes back', async () => {
    const c = new Client(t.base);
    const first = await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const r1 = await c.post('/api/refresh-token', { refreshToken: first.refreshToken });
    expect(r1.status).toBe(200);
    expect(r1.body.result.refreshToken).not.toBe(first.refreshToken);
    const old = await c.get('/api/user-info', { auth: `Bearer ${first.accessToken}` });
    expect(old.status).toBe(401);
    const fresh = await c.get('/api/user-info', { auth: `Bearer ${r1.body.result.accessToken}` });
    expect(fresh.status).toBe(200);
    // Past the reuse grace (two tabs refreshing at once get the same pair; see refreshGrace.test.ts).
    t.clock.advance((DEFAULT_LIMITS.refreshReuseGraceSeconds + 1) * 1000);
    const replay = await c.post('/api/refresh-token', { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body.errorCode).toBe(E.tokenExpired);
    // The whole family is gone, including the token handed out by the rotation.
    expect((await c.post('/api/refresh-token', { refreshToken: r1.body.result.refreshToken })).status).toBe(401);
    expect((await c.get('/api/user-info', { auth: `Bearer ${r1.body.result.accessToken}` })).body.errorCode).toBe(E.invalidToken);
  });

  it('refreshes through /token with grant_type refresh_token, bound to the client', async () => {
    const c = new Client(t.base);
    const tokens = await signIn(c, 'admin@example.com', DEMO_PASSWORD);
    const wrongClient = await c.post('/api/token', { grant_type: 'refresh_token', client_id: 'demo-service', refresh_token: tokens.refreshToken });
    expect(wrongClient.body.errorCode).toBe(E.invalidClient);
    const res = await c.post('/api/token', { grant_type: 'refresh_token', client_id: 'portal', refresh_token: tokens.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body.result.accessToken).toBeTruthy();
  });

  it('answers access-token problems with 401: expired → -20679, invalid → -20651', async () => {
    const c = new Client(t.base);
    await signIn(c, 'member@example.com', DEMO_PASSWORD);
    expect((await c.get('/api/user-info')).body.errorCode).toBe(E.invalidToken);
    expect((await c.get('/api/user-info', { auth: 'Bearer euw.notatokenatallxxxxxxxxxxxxxxxx' })).status).toBe(401);
    t.clock.advance(16 * 60_000);
    const expired = await c.get('/api/user-info', { auth: true });
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe(E.tokenExpired);
    const refreshed = await c.post('/api/refresh-token', { refreshToken: c.refreshToken });
    expect(refreshed.status).toBe(200);
  });

  it('checks the refresh token on /token/valid and reports the SSO state on /logged', async () => {
    const c = new Client(t.base);
    expect((await c.post('/api/logged')).body.result).toEqual({ loggedIn: false });
    const tokens = await signIn(c, 'applicant@example.com', DEMO_PASSWORD);
    const valid = await c.post('/api/token/valid', undefined, { auth: `Bearer ${tokens.refreshToken}` });
    expect(valid.status).toBe(200);
    expect(valid.body.result.valid).toBe(true);
    expect(valid.body.result.region).toBe('Euw');
    const invalid = await c.post('/api/token/valid', undefined, { auth: `Bearer ${tokens.accessToken}` });
    expect(invalid.status).toBe(401);
    const logged = await c.post('/api/logged');
    expect(logged.body.result).toMatchObject({ loggedIn: true, email: 'applicant@example.com', region: 'Euw' });
  });

  it('lists allowed redirect origins and gives redirect params for a signed-in browser', async () => {
    const c = new Client(t.base);
    const allow = await c.get('/api/redirect/allow-urls');
    expect(allow.body.result.allowUrls).toContain(t.base);
    expect(allow.body.result.allowUrls).toContain('http://127.0.0.1:9');
    const { sessionCode } = await startLogin(c);
    expect((await c.get(`/api/redirect-params?sessionCode=${sessionCode}`)).body.errorCode).toBe(E.tokenExpired);
    await signIn(c, 'owner@example.com', DEMO_PASSWORD);
    // Signed in: authorize returns a code directly, so make a login session with prompt=login.
    const { challenge } = pkce();
    const r = await c.get(authorizeUrl(t.base, { challenge, extra: { prompt: 'login' } }));
    const code = new URL(r.headers.get('location')!).searchParams.get('session_code')!;
    const params = await c.get(`/api/redirect-params?sessionCode=${code}`);
    expect(params.status).toBe(200);
    expect(params.body.result).toEqual({ serviceUrl: `${t.base}/api/authorize`, redirectParams: { session_code: code } });
  });

  it('a second sign-in of the same account in the same browser continues with its session to the service (issue 27: -29999 was a dead end)', async () => {
    const c = new Client(t.base);
    await signIn(c, 'member@example.com', DEMO_PASSWORD);
    const before = (await c.get('/api/account/' + (await c.get('/api/user-info', { auth: true })).body.result.accountId + '/sessions', { auth: true })).body.result;
    const { verifier, challenge } = pkce();
    const r = await c.get(authorizeUrl(t.base, { challenge, extra: { prompt: 'login' } }));
    const code = new URL(r.headers.get('location')!).searchParams.get('session_code')!;
    // The credentials are still checked: a wrong password is refused as ever.
    expect((await login(c, code, { email: 'member@example.com', password: 'wrong-password-1' })).body.errorCode).toBe(E.wrongCredentials);
    const res = await login(c, code, { email: 'member@example.com', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ serviceUrl: `${t.base}/api/authorize`, redirectParams: expect.objectContaining({ session_code: code }) });
    // No second session: the one the browser has goes on (other services signed in under it keep theirs).
    expect(res.headers.getSetCookie().some((v) => v.startsWith('uid_sso='))).toBe(false);
    const tokens = await finishHandOff(c, res.body.result, verifier);
    expect(tokens.accessToken).toBeTruthy();
    const after = (await c.get('/api/account/' + (await c.get('/api/user-info', { auth: true })).body.result.accountId + '/sessions', { auth: true })).body.result;
    expect(after.sessions.length).toBe(before.sessions.length);
    // Another account may sign in: the old SSO session ends.
    const r2 = await c.get(authorizeUrl(t.base, { challenge: pkce().challenge, extra: { prompt: 'login' } }));
    const other = await login(c, new URL(r2.headers.get('location')!).searchParams.get('session_code')!, { email: 'admin@example.com', password: DEMO_PASSWORD });
    expect(other.status).toBe(200);
    expect((await c.post('/api/logged')).body.result.email).toBe('admin@example.com');
  });

  it('signs out the session of the access token and clears the cookie', async () => {
    const c = new Client(t.base);
    const tokens = await signIn(c, 'founder@example.com', DEMO_PASSWORD);
    const wrong = await c.req('POST', '/api/logout?email=other@example.com', { auth: true });
    expect(wrong.body.errorCode).toBe(E.accountError);
    const out = await c.req('POST', '/api/logout?email=founder@example.com', { auth: true });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
    expect((await c.get('/api/user-info', { auth: true })).body.errorCode).toBe(E.invalidToken);
    expect((await c.post('/api/refresh-token', { refreshToken: tokens.refreshToken })).status).toBe(401);
    expect((await c.post('/api/logged')).body.result.loggedIn).toBe(false);
  });

  it('rejects an unknown or expired session code on /login', async () => {
    const c = new Client(t.base);
    const res = await login(c, 'unknown-code-1234567890', { email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(res.body.errorCode).toBe(E.tokenExpired);
    const missing = await c.post('/api/login', { email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(missing.body.errorCode).toBe(E.invalidParameter);
  });

  it('serves the login page info of the client behind the session code', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c, { clientId: 'demo-service', redirectUri: `${t.base}/demo-service/callback` });
    const info = await c.get(`/api/client/custom/banner-and-logo?sessionCode=${sessionCode}`);
    expect(info.body.result).toMatchObject({ title: 'Demo Service', language: 'en_US', clientId: 'demo-service' });
    expect(info.body.result.carouselInfos).toHaveLength(2);
    expect(info.body.result.carouselInfos[0]).toMatchObject({ id: 'demo-service-1', orderValue: 1, linkText: 'Learn more' });
    const portal = await c.get('/api/client/custom/banner-and-logo');
    expect(portal.body.result.clientId).toBe('portal');
    // The portal's own page wears the deployment's look: nothing of its own to put over it.
    expect(portal.body.result).toMatchObject({ title: null, logoUrl: null, titleLogoUrl: null, language: null, carouselInfos: [], theme: null });
    const strict = await startLogin(c, { clientId: 'strict', redirectUri: 'http://127.0.0.1:9/cb' });
    expect((await c.get(`/api/client/custom/banner-and-logo?sessionCode=${strict.sessionCode}`)).body.result.plugins).toEqual(['sign-in']);
    const logo = await c.get('/api/branding/logo.svg');
    expect(logo.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    // The login page's largest paint: cached for a week, then shown from cache while it is revalidated.
    expect(logo.headers.get('cache-control')).toBe('public, max-age=604800, stale-while-revalidate=2592000');
  });

  it('demands the captcha when the client asks for it, and takes each captcha token once', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c, { clientId: 'strict', redirectUri: 'http://127.0.0.1:9/cb' });
    const res = await login(c, sessionCode, { email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(res.body.errorCode).toBe(E.captchaRequired);
    // The frame is the one for this address's sign-in (a keyed hash of it, never the address).
    expect(res.body.result).toEqual({ serviceRegion: 'Euw', captchaUrl: expect.stringMatching(new RegExp(`^${t.base}/api/captcha/frame\\?for=[A-Za-z0-9_-]{43}$`)) as unknown });
    const token = await solveCaptcha(c, res.body.result.captchaUrl);
    const ok = await login(c, sessionCode, { email: 'demo@example.com', password: DEMO_PASSWORD, captchaToken: token });
    expect(ok.status).toBe(200);
    const c2 = new Client(t.base);
    const s2 = await startLogin(c2, { clientId: 'strict', redirectUri: 'http://127.0.0.1:9/cb' });
    const reuse = await login(c2, s2.sessionCode, { email: 'demo@example.com', password: DEMO_PASSWORD, captchaToken: token });
    expect(reuse.body.errorCode).toBe(E.captchaRequired);
  });

  it('hands a help-desk sign-in over with a signed JWT that the demo help desk verifies', async () => {
    const c = new Client(t.base);
    const returnTo = `${t.base}/demo-helpdesk/`;
    const start = await c.get(`/api/helpdesk/sso?brand_id=7&locale_id=1&return_to=${encodeURIComponent(returnTo)}`);
    expect(start.status).toBe(302);
    const loginPage = new URL(start.headers.get('location')!);
    expect(loginPage.pathname).toBe('/login');
    expect(loginPage.searchParams.get('source')).toBe('zendesk');
    const code = loginPage.searchParams.get('session_code')!;
    const res = await login(c, code, { email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(res.body.result.serviceUrl).toBe(`${t.base}/api/helpdesk/sso`);
    expect(res.body.result.redirectParams).toEqual({ brand_id: '7', locale_id: '1', return_to: returnTo });
    const hop = await c.get(`${res.body.result.serviceUrl}?${new URLSearchParams(res.body.result.redirectParams)}`);
    expect(hop.status).toBe(302);
    const jwtUrl = new URL(hop.headers.get('location')!);
    expect(jwtUrl.pathname).toBe('/demo-helpdesk/access/jwt');
    const jwt = jwtUrl.searchParams.get('jwt')!;
    expect(decodeJwt(jwt)).toMatchObject({ email: 'demo@example.com', external_id: expect.any(String), brand_id: '7' });
    const desk = await c.get(jwtUrl.toString());
    expect(desk.status).toBe(200);
    expect(desk.text).toContain('Signed in to the help desk as');
    const replay = await c.get(jwtUrl.toString());
    expect(replay.status).toBe(401);
    const forged = await c.get(`/demo-helpdesk/access/jwt?jwt=${jwt.slice(0, -3)}abc`);
    expect(forged.status).toBe(401);
    const badReturn = await c.get(`/api/helpdesk/sso?return_to=${encodeURIComponent('https://evil.example/')}`);
    expect(badReturn.body.errorCode).toBe(E.invalidServiceUrl);
    // The help-desk variant without a session code.
    const c2 = new Client(t.base);
    const direct = await c2.post('/api/login', { email: 'member@example.com', password: DEMO_PASSWORD, source: 'zendesk', brand_id: '7', return_to: returnTo });
    expect(direct.body.result.serviceUrl).toBe(`${t.base}/api/helpdesk/sso`);
  });

  it('works for the demo service client with its own redirect URI', async () => {
    const c = new Client(t.base);
    const { verifier, sessionCode } = await startLogin(c, { clientId: 'demo-service', redirectUri: `${t.base}/demo-service/callback` });
    const res = await login(c, sessionCode, { email: 'us@example.com', password: DEMO_PASSWORD });
    const tokens = await finishHandOff(c, res.body.result, verifier, 'demo-service', `${t.base}/demo-service/callback`);
    expect(tokens.region).toBe('Use');
    expect((await c.get('/api/user-info', { auth: true })).body.result.region).toBe('Use');
    const page = await c.get('/demo-service/handoff/');
    expect(page.text).toContain('/demo-service/handoff.js');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

/** Solves a puzzle as the frame does, for the sign-in that the -23029 result's `captchaUrl` names. */
export async function solveCaptcha(c: Client, captchaUrl: string): Promise<string> {
  const subject = new URL(captchaUrl).searchParams.get('for');
  const challenge = (await c.get(`/api/captcha/challenge${subject ? `?for=${subject}` : ''}`)).body.result;
  // As the frame does: fetch both images first; the 680 ms drag cannot end sooner after them.
  for (const url of [challenge.imageUrl, challenge.pieceUrl]) if ((await c.get(url)).status !== 200) throw new Error('captcha image not served');
  t.clock.advance(1000);
  const row = await captchaStore(t.server.ctx).selectFrom('captcha_challenges').selectAll().where('id', '=', challenge.challengeId).executeTakeFirstOrThrow();
  const res = await c.post('/api/captcha/verify', { challengeId: challenge.challengeId, x: row.target_x, trail: humanTrace(row.target_x) });
  return res.body.result.token;
}
