/**
 * Re-authentication over OpenID Connect (prompt=login, max_age) while signed in to the portal,
 * the ID token's amr/acr/auth_time for fresh and reused sign-ins, and the provider's errors that
 * cannot go back to the client (the portal's sign-in problem page). Driven by openid-client.
 */
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { authorizationRequest } from '../../tests/support/oidcRequest';
import { ACR_MFA, ACR_PASSWORD } from '../oidc/signInContext';
import { getClient, getLoginSession } from '../domain/oauth';
import { pageInfoForPage } from '../routes/branding';
import { browse, clientConfig, signInAtLoginPage, type Credentials } from './oidcBrowser';
import { Client, DEMO_PASSWORD, startServer, type Res, type TestServer } from './harness';

const CALLBACK = 'https://rp.example/callback';
const OTHER_CALLBACK = 'https://other-rp.example/callback';
const DEMO: Credentials = { email: 'demo@example.com', password: DEMO_PASSWORD };
const MFA: Credentials = { email: 'mfa@example.com', password: DEMO_PASSWORD };
const OWNER: Credentials = { email: 'owner@example.com', password: DEMO_PASSWORD };

let t: TestServer;
beforeAll(async () => {
  t = await startServer({
    clients: [
      { id: 'rp', name: 'RP', redirectUris: [CALLBACK] },
      { id: 'other-rp', name: 'Other RP', redirectUris: [OTHER_CALLBACK] },
    ],
  });
});
afterAll(async () => t.close());

/** One authorization in browser `c`; the tokens when it came back with a code. */
async function authorize(c: Client, credentials: Credentials | null, extra: Record<string, string> = {}, clientId = 'rp', callback = CALLBACK) {
  const config = await clientConfig(t, clientId, oidc.None());
  const request = await authorizationRequest(config, callback, extra);
  const visit = await browse(t, c, request.url.toString(), callback, credentials);
  const tokens =
    visit.kind === 'callback' && visit.url.searchParams.has('code')
      ? await oidc.authorizationCodeGrant(config, visit.url, { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce, ...(extra.max_age ? { maxAge: Number(extra.max_age) } : {}) })
      : null;
  return { visit, tokens, claims: tokens?.claims() ?? null, config, request };
}

/** After a sign-in at the login page: back through the provider to the callback, and the code exchanged. */
async function finishAt(c: Client, asked: Awaited<ReturnType<typeof authorize>>, done: Res) {
  const back = await browse(t, c, `${done.body.result.serviceUrl}?${new URLSearchParams(done.body.result.redirectParams)}`, CALLBACK, null);
  expect(back.kind).toBe('callback');
  return oidc.authorizationCodeGrant(asked.config, back.kind === 'callback' ? back.url : new URL(CALLBACK), {
    pkceCodeVerifier: asked.request.verifier,
    expectedState: asked.request.state,
    expectedNonce: asked.request.nonce,
  });
}

/** Real time passes (the provider's clock) so a later auth_time is a later second. */
const aSecond = () => new Promise((r) => setTimeout(r, 1100));

async function ssoSessionsOf(email: string) {
  const { account_id, region } = await t.server.ctx.stores.global.selectFrom('directory').select(['account_id', 'region']).where('email', '=', email).executeTakeFirstOrThrow();
  return t.server.ctx.region(region).selectFrom('sso_sessions').selectAll().where('account_id', '=', account_id).where('revoked_at', 'is', null).execute();
}

describe('amr, acr and auth_time', () => {
  it('a password sign-in: amr ["pwd"] and the password acr, also when another client reuses the session', async () => {
    const c = new Client(t.base);
    const first = await authorize(c, DEMO);
    expect(first.claims).toMatchObject({ amr: ['pwd'], acr: ACR_PASSWORD });
    const reused = await authorize(c, null, {}, 'other-rp', OTHER_CALLBACK);
    expect(reused.claims).toMatchObject({ amr: ['pwd'], acr: ACR_PASSWORD, auth_time: first.claims!.auth_time });
  });

  it('a sign-in with the authenticator app: amr pwd, otp, mfa and the MFA acr, kept for a later client', async () => {
    const c = new Client(t.base);
    const first = await authorize(c, MFA);
    expect(first.claims).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA });
    const reused = await authorize(c, null, {}, 'other-rp', OTHER_CALLBACK);
    expect(reused.claims).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA, auth_time: first.claims!.auth_time });
  });

  it('a session from before methods were kept reads as a password sign-in at its creation', async () => {
    const c = new Client(t.base);
    const first = await authorize(c, OWNER);
    const [session] = await ssoSessionsOf(OWNER.email);
    await t.server.ctx.region('Euw').updateTable('sso_sessions').set({ auth_methods: null, authenticated_at: null }).where('id', '=', session!.id).execute();
    const reused = await authorize(c, null, {}, 'other-rp', OTHER_CALLBACK);
    expect(reused.claims).toMatchObject({ amr: ['pwd'], acr: ACR_PASSWORD, auth_time: Math.floor(session!.created_at / 1000) });
    expect(first.claims!.auth_time).toBe(Math.floor(session!.created_at / 1000));
  });
});

describe('prompt=login and max_age while signed in to the portal', () => {
  it.each([[{ prompt: 'login' }], [{ max_age: '0' }]])('%o: the login page asks the password again; a newer auth_time, the same portal session', async (extra) => {
    const c = new Client(t.base);
    const first = await authorize(c, DEMO);
    const [before] = await ssoSessionsOf(DEMO.email).then((rows) => rows.filter((r) => c.cookies.get('uid_sso')?.startsWith(r.id)));
    await aSecond();

    const asked = await authorize(c, null, extra);
    expect(asked.visit.kind).toBe('login');
    const sessionCode = asked.visit.kind === 'login' ? asked.visit.sessionCode : '';
    // The login page hears it is a re-authentication of this account (and so does not forward).
    expect((await c.post(`/api/logged?sessionCode=${sessionCode}`, undefined)).body.result).toMatchObject({ loggedIn: true, reauthenticate: true });
    expect((await c.get(`/api/client/custom/banner-and-logo?sessionCode=${sessionCode}`)).body.result.reauthenticate).toEqual({ email: DEMO.email });
    // The page's HTML carries no SSO cookie (Path=/api): it leaves a re-authentication's branding to that call.
    const ls = await getLoginSession(t.server.ctx, sessionCode);
    expect(await pageInfoForPage(t.server.ctx, ls, await getClient(t.server.ctx, ls!.client_id))).toBeNull();
    // The SSO session alone completes nothing: back at the interaction, the browser is sent to the same login page.
    const { serviceUrl, redirectParams } = (await c.get(`/api/redirect-params?sessionCode=${sessionCode}`)).body.result;
    const bounce = await c.get(`${serviceUrl}?${new URLSearchParams(redirectParams)}`, { portal: false, headers: { Accept: 'text/html' } });
    expect(new URL(bounce.headers.get('location')!).searchParams.get('session_code')).toBe(sessionCode);
    expect((await c.get(`/api/authorize?session_code=${sessionCode}`, { portal: false })).headers.get('location')?.startsWith(CALLBACK) ?? false).toBe(false);

    // A wrong password is a wrong password; the right one completes it.
    expect((await c.post('/api/login', { ...DEMO, password: 'Wrong-pass-1' }, { headers: { session_code: sessionCode } })).body.errorCode).toBe(E.wrongCredentials);
    const done = await signInAtLoginPage(t, c, sessionCode, DEMO);
    expect(done.status).toBe(200);
    const tokens = await finishAt(c, asked, done);
    expect(tokens.claims()!.sub).toBe(first.claims!.sub);
    expect(tokens.claims()!.auth_time).toBeGreaterThan(first.claims!.auth_time!);

    // The same portal session, signed in to anew; no new cookie and nothing revoked.
    const [after] = (await ssoSessionsOf(DEMO.email)).filter((r) => r.id === before!.id);
    expect(after?.revoked_at).toBeNull();
    expect(after!.authenticated_at!).toBeGreaterThan(before!.authenticated_at!);
    expect(tokens.claims()!.auth_time).toBe(Math.floor(after!.authenticated_at! / 1000));
  });

  it('prompt=login: the ID token carries the new auth_time, and earlier grants of the session go on', async () => {
    const c = new Client(t.base);
    const first = await authorize(c, DEMO);
    await aSecond();
    const again = await authorize(c, DEMO, { prompt: 'login' });
    expect(again.claims!.sub).toBe(first.claims!.sub);
    expect(again.claims!.auth_time).toBeGreaterThan(first.claims!.auth_time!);
    expect(again.claims).toMatchObject({ amr: ['pwd'], acr: ACR_PASSWORD });
    expect(await oidc.fetchUserInfo(first.config, first.tokens!.access_token, first.claims!.sub)).toMatchObject({ email: DEMO.email });
    // A later client reusing the session hears the new sign-in time.
    const reused = await authorize(c, null, {}, 'other-rp', OTHER_CALLBACK);
    expect(reused.claims!.auth_time).toBe(again.claims!.auth_time);
  });

  it('max_age=0 with openid-client checking it: a fresh auth_time', async () => {
    const c = new Client(t.base);
    const first = await authorize(c, DEMO);
    await aSecond();
    const again = await authorize(c, DEMO, { max_age: '0' });
    expect(again.claims!.auth_time).toBeGreaterThan(first.claims!.auth_time!);
    // A recent sign-in satisfies a generous max_age without asking.
    const recent = await authorize(c, null, { max_age: '600' });
    expect(recent.claims!.auth_time).toBe(again.claims!.auth_time);
  });

  it('an MFA account passes its second factor again: amr pwd, otp, mfa', async () => {
    const c = new Client(t.base);
    const first = await authorize(c, MFA);
    await aSecond();
    const asked = await authorize(c, null, { prompt: 'login' });
    const sessionCode = asked.visit.kind === 'login' ? asked.visit.sessionCode : '';
    // The password alone does not complete it.
    expect((await c.post('/api/login', MFA, { headers: { session_code: sessionCode } })).body.errorCode).toBe(E.mfaRequired);
    const again = await authorize(c, MFA, { prompt: 'login' });
    expect(again.claims).toMatchObject({ sub: first.claims!.sub, amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA });
    expect(again.claims!.auth_time).toBeGreaterThan(first.claims!.auth_time!);
  });

  it('another account is refused at the re-authentication; signed out first, its sign-in is its own', async () => {
    const c = new Client(t.base);
    const first = await authorize(c, DEMO);
    const asked = await authorize(c, null, { prompt: 'login' });
    const sessionCode = asked.visit.kind === 'login' ? asked.visit.sessionCode : '';
    const refused = await c.post('/api/login', OWNER, { headers: { session_code: sessionCode } });
    expect(refused.body.errorCode).toBe(E.accountError);
    // Nothing changed: still signed in as the first account, which still has to sign in again.
    expect((await c.post(`/api/logged?sessionCode=${sessionCode}`, undefined)).body.result).toMatchObject({ email: DEMO.email, reauthenticate: true });

    // "Use another account": the login page signs out, then it is an ordinary sign-in.
    expect((await c.post('/api/logout', undefined)).status).toBe(200);
    expect((await c.get(`/api/client/custom/banner-and-logo?sessionCode=${sessionCode}`)).body.result.reauthenticate).toBeUndefined();
    // The same login page, now an ordinary sign-in: the other account, back to the same request.
    const done = await signInAtLoginPage(t, c, sessionCode, OWNER);
    expect(done.status).toBe(200);
    const tokens = await finishAt(c, asked, done);
    expect(tokens.claims()!.sub).not.toBe(first.claims!.sub);
    expect(tokens.claims()!.email).toBe(OWNER.email);
    // The first account's tokens ended with its portal sign-out.
    await expect(oidc.fetchUserInfo(first.config, first.tokens!.access_token, first.claims!.sub)).rejects.toMatchObject({ status: 401 });
  });

  it('an ordinary login session of the signed-in account continues to the interaction (no dead end -29999), and /logged says no re-authentication', async () => {
    const c = new Client(t.base);
    await authorize(c, DEMO);
    const config = await clientConfig(t, 'rp', oidc.None());
    const request = await authorizationRequest(config, CALLBACK);
    const other = new Client(t.base);
    const visit = await browse(t, other, request.url.toString(), CALLBACK, null);
    const sessionCode = visit.kind === 'login' ? visit.sessionCode : '';
    // Signed in as demo in `c`, this ordinary login session asks nothing of it.
    expect((await c.post(`/api/logged?sessionCode=${sessionCode}`, undefined)).body.result).toEqual(expect.not.objectContaining({ reauthenticate: expect.anything() }));
    const again = await c.post('/api/login', DEMO, { headers: { session_code: sessionCode } });
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual({ serviceUrl: expect.stringContaining('/api/oidc/interaction/'), redirectParams: { session_code: sessionCode } });
  });
});

describe('id_token_hint naming another account than the one signed in', () => {
  it('answers login_required to the client instead of looping (OpenID Connect Core 3.1.2.1)', async () => {
    const named = await authorize(new Client(t.base), DEMO);
    const c = new Client(t.base);
    await authorize(c, OWNER);
    const hinted = await authorize(c, null, { id_token_hint: named.tokens!.id_token! });
    expect(hinted.visit.kind).toBe('callback');
    const url = hinted.visit.kind === 'callback' ? hinted.visit.url : null;
    expect(url?.searchParams.get('error')).toBe('login_required');
    expect(url?.searchParams.get('code')).toBeNull();
    // The hint of the account that is signed in passes as before.
    const own = await authorize(c, null, { id_token_hint: (await authorize(c, null)).tokens!.id_token! });
    expect(own.claims?.sub).not.toBe(named.claims!.sub);
  });
});

describe('errors that cannot go back to the client', () => {
  const marker = 'INJECTED-<b>text</b>';

  it('an unregistered redirect URI: the portal problem page with its kind and language, no request text', async () => {
    const config = await clientConfig(t, 'rp', oidc.None());
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${CALLBACK}x`, scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: marker, ui_locales: 'de' });
    const res = await new Client(t.base).get(url.toString(), { portal: false, headers: { Accept: 'text/html' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${t.base}/sign-in-problem?kind=redirectUri&lang=de_DE`);
    expect(res.text).not.toContain('INJECTED');
  });

  it('an unknown client: the page says so', async () => {
    const res = await new Client(t.base).get(`/api/oidc/auth?client_id=${encodeURIComponent(marker)}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(CALLBACK)}`, { portal: false, headers: { Accept: 'text/html' } });
    expect([res.status, res.headers.get('location')]).toEqual([303, `${t.base}/sign-in-problem?kind=unknownClient`]);
  });

  it('an interaction of another browser, or one that has expired: the page says to start again', async () => {
    const res = await new Client(t.base).get('/api/oidc/interaction/not-this-one', { portal: false, headers: { Accept: 'text/html' } });
    expect([res.status, res.headers.get('location')]).toEqual([303, `${t.base}/sign-in-problem?kind=expired`]);
  });
});
