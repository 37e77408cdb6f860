/**
 * The OpenID provider driven by panva's openid-client, as a connected service would use it:
 * discovery, code + PKCE + nonce, ID token checked against the JWKS, userinfo, refresh,
 * revocation; for confidential clients (client_secret_basic, client_secret_post) and a public
 * one. The browser's part is the harness's cookie-keeping client following redirects and
 * signing in through the portal's own POST /api/login.
 */
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { authorizationRequest } from '../../tests/support/oidcRequest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACR_PASSWORD } from '../oidc/signInContext';
import { Client, DEMO_PASSWORD, login, startServer, type TestServer } from './harness';
import { CALLBACK, PUBLIC_CALLBACK, SECRET_BASIC, SECRET_POST, THREE_CLIENTS } from './oidcBrowser';


let t: TestServer;
beforeAll(async () => {
  t = await startServer({ clients: THREE_CLIENTS });
});
afterAll(async () => t.close());

async function configFor(clientId: string, auth: oidc.ClientAuth, secret?: string): Promise<oidc.Configuration> {
  const config = await oidc.discovery(new URL(`${t.base}/api/oidc`), clientId, secret, auth, { execute: [oidc.allowInsecureRequests] });
  // Verify ID token signatures against the provider's JWKS too (not only TLS-trusted).
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/**
 * The browser: follows redirects from `url`, signing in at the portal's login page when sent
 * there, until a redirect leaves for `callback`. Returns that URL, or the last answer.
 */
async function browse(c: Client, url: string, callback: string, credentials: { email: string; password: string } | null = { email: 'demo@example.com', password: DEMO_PASSWORD }) {
  let next = url;
  for (let hops = 0; hops < 12; hops++) {
    if (next.startsWith(callback)) return { callback: new URL(next), signedIn: false };
    const res = await c.get(next, { portal: false, headers: { Accept: 'text/html' } });
    const location = res.headers.get('location');
    if (res.status !== 302 && res.status !== 303) return { callback: null, status: res.status, text: res.text };
    const target = new URL(location!, next);
    if (target.origin === new URL(t.base).origin && target.pathname === '/login' && credentials) {
      const res2 = await login(c, target.searchParams.get('session_code')!, credentials);
      if (res2.status !== 200) throw new Error(`login: ${res2.text}`);
      const { serviceUrl, redirectParams } = res2.body.result as { serviceUrl: string; redirectParams: Record<string, string> };
      next = `${serviceUrl}?${new URLSearchParams(redirectParams)}`;
      continue;
    }
    if (target.pathname === '/login') return { callback: null, status: 302, login: target };
    next = target.toString();
  }
  throw new Error('too many redirects');
}

async function authorize(config: oidc.Configuration, c: Client, redirectUri: string, extra: Record<string, string> = {}) {
  const { url, verifier, state, nonce } = await authorizationRequest(config, redirectUri, extra);
  const result = await browse(c, url.toString(), redirectUri);
  return { ...result, verifier, state, nonce };
}

describe.each([
  ['confidential, client_secret_basic', 'rp-basic', () => oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC, CALLBACK],
  ['confidential, client_secret_post', 'rp-post', () => oidc.ClientSecretPost(SECRET_POST), SECRET_POST, CALLBACK],
  ['public, PKCE', 'rp-public', () => oidc.None(), undefined, PUBLIC_CALLBACK],
] as const)('openid-client, %s', (_name, clientId, auth, secret, redirectUri) => {
  it('signs in through the portal: code + PKCE + nonce, ID token, userinfo, refresh, revocation', async () => {
    const config = await configFor(clientId, auth(), secret);
    const c = new Client(t.base);
    const a = await authorize(config, c, redirectUri);
    expect(a.callback).not.toBeNull();
    const tokens = await oidc.authorizationCodeGrant(config, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce, idTokenExpected: true });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    const claims = tokens.claims()!;
    const directory = await t.server.ctx.stores.global.selectFrom('directory').selectAll().where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    expect(claims).toMatchObject({
      iss: `${t.base}/api/oidc`,
      aud: clientId,
      sub: directory.account_id,
      nonce: a.nonce,
      amr: ['pwd'],
      acr: ACR_PASSWORD,
      email: 'demo@example.com',
      email_verified: true,
      name: 'Dana Demo',
    });
    expect(claims.auth_time).toEqual(expect.any(Number));
    expect(claims.exp - claims.iat).toBe(3600);

    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, email: 'demo@example.com', email_verified: true, name: 'Dana Demo', given_name: 'Dana', family_name: 'Demo' });

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.claims()?.sub).toBe(claims.sub);
    const refreshToken = refreshed.refresh_token ?? tokens.refresh_token!;

    await oidc.tokenRevocation(config, refreshToken);
    await expect(oidc.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('a second authorization in the same browser needs no new sign-in (the portal SSO session)', async () => {
    const config = await configFor(clientId, auth(), secret);
    const c = new Client(t.base);
    const first = await authorize(config, c, redirectUri);
    const firstTokens = await oidc.authorizationCodeGrant(config, first.callback!, { pkceCodeVerifier: first.verifier, expectedState: first.state, expectedNonce: first.nonce });
    // No credentials this time: the browser must not be sent to the login page.
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 'st-2', nonce: 'nonce-2' });
    const second = await browse(c, url.toString(), redirectUri, null);
    expect(second.callback?.searchParams.get('code')).toEqual(expect.any(String));
    const tokens = await oidc.authorizationCodeGrant(config, second.callback!, { pkceCodeVerifier: verifier, expectedState: 'st-2', expectedNonce: 'nonce-2' });
    expect(tokens.claims()?.auth_time).toBe(firstTokens.claims()?.auth_time);
  });
});

it('keeps a client secret only as its SHA-256 in the clients table', async () => {
  const rows = await t.server.ctx.stores.global.selectFrom('clients').selectAll().where('id', 'in', ['rp-basic', 'rp-public']).orderBy('id').execute();
  expect(rows.map((r) => [r.id, r.secret_hash])).toEqual([
    ['rp-basic', crypto.createHash('sha256').update(SECRET_BASIC).digest('hex')],
    ['rp-public', null],
  ]);
  expect(JSON.stringify(rows)).not.toContain(SECRET_BASIC);
});

describe('introspection (RFC 7662)', () => {
  it('tells a confidential client about its own tokens only; never a public client', async () => {
    const basic = await configFor('rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
    const a = await authorize(basic, new Client(t.base), CALLBACK);
    const tokens = await oidc.authorizationCodeGrant(basic, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce });
    const sub = tokens.claims()!.sub;
    expect(await oidc.tokenIntrospection(basic, tokens.access_token)).toMatchObject({ active: true, sub, client_id: 'rp-basic', token_type: 'Bearer' });
    expect(await oidc.tokenIntrospection(basic, tokens.refresh_token!)).toMatchObject({ active: true, sub, client_id: 'rp-basic' });
    const post = await configFor('rp-post', oidc.ClientSecretPost(SECRET_POST), SECRET_POST);
    expect(await oidc.tokenIntrospection(post, tokens.access_token)).toEqual({ active: false });

    const pub = await configFor('rp-public', oidc.None());
    const p = await authorize(pub, new Client(t.base), PUBLIC_CALLBACK);
    const own = await oidc.authorizationCodeGrant(pub, p.callback!, { pkceCodeVerifier: p.verifier, expectedState: p.state, expectedNonce: p.nonce });
    expect(await oidc.tokenIntrospection(pub, own.access_token)).toEqual({ active: false });

    await oidc.tokenRevocation(basic, tokens.access_token);
    expect(await oidc.tokenIntrospection(basic, tokens.access_token)).toEqual({ active: false });
  });
});

it('ui_locales picks the login page language; login_hint (an address) prefills it', async () => {
  const config = await configFor('rp-public', oidc.None());
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: PUBLIC_CALLBACK, scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', ui_locales: 'fr-CA de' });
  const res = await browse(new Client(t.base), url.toString(), PUBLIC_CALLBACK, null);
  expect(res.login?.searchParams.get('lang')).toBe('fr_FR');
  expect(res.login?.searchParams.get('email')).toBeNull();
  const hinted = oidc.buildAuthorizationUrl(config, { redirect_uri: PUBLIC_CALLBACK, scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', login_hint: 'demo@example.com' });
  expect((await browse(new Client(t.base), hinted.toString(), PUBLIC_CALLBACK, null)).login?.searchParams.get('email')).toBe('demo@example.com');
  const notAnAddress = oidc.buildAuthorizationUrl(config, { redirect_uri: PUBLIC_CALLBACK, scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', login_hint: 'user 123' });
  expect((await browse(new Client(t.base), notAnAddress.toString(), PUBLIC_CALLBACK, null)).login?.searchParams.get('email')).toBeNull();
  const page = await new Client(t.base).get(`/api/client/custom/banner-and-logo?sessionCode=${res.login?.searchParams.get('session_code')}`);
  expect(page.body.result.clientId).toBe('rp-public');
});

it('signing out of the portal ends what services were given under that sign-in, and only that', async () => {
  const config = await configFor('rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
  const give = async (c: Client) => {
    const a = await authorize(config, c, CALLBACK);
    return oidc.authorizationCodeGrant(config, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce });
  };
  const laptop = new Client(t.base);
  const phone = new Client(t.base);
  const onLaptop = await give(laptop);
  const onPhone = await give(phone);
  expect((await c200(laptop.post('/api/logout', undefined)))).toBe(200);
  await expect(oidc.fetchUserInfo(config, onLaptop.access_token, oidc.skipSubjectCheck)).rejects.toMatchObject({ status: 401 });
  await expect(oidc.refreshTokenGrant(config, onLaptop.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  expect(await oidc.tokenIntrospection(config, onLaptop.access_token)).toEqual({ active: false });
  // The other device's sign-in, and what it gave, go on.
  expect(await oidc.fetchUserInfo(config, onPhone.access_token, oidc.skipSubjectCheck)).toMatchObject({ email: 'demo@example.com' });
  await expect(oidc.refreshTokenGrant(config, onPhone.refresh_token!)).resolves.toHaveProperty('access_token');
  // Signed in again on the laptop: a new grant, working tokens.
  const again = await give(laptop);
  expect(await oidc.fetchUserInfo(config, again.access_token, oidc.skipSubjectCheck)).toMatchObject({ email: 'demo@example.com' });
});

it('tokens stop working when the portal sign-in they came from times out', async () => {
  const config = await configFor('rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
  const a = await authorize(config, new Client(t.base), CALLBACK);
  const tokens = await oidc.authorizationCodeGrant(config, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce });
  expect(await oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).toMatchObject({ email: 'demo@example.com' });
  // The portal's clock passes the session timeout (at most 30 days); the provider's tokens would live on.
  t.clock.advance(31 * 86_400_000);
  try {
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toMatchObject({ status: 401 });
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  } finally {
    t.clock.advance(-31 * 86_400_000);
  }
});

async function c200(res: Promise<{ status: number }>) {
  return (await res).status;
}

// prompt=login and max_age while signed in: oidcReauth.test.ts.

describe('refused', () => {
  it('a wrong client secret (invalid_client)', async () => {
    const good = await configFor('rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
    const a = await authorize(good, new Client(t.base), CALLBACK);
    const bad = await configFor('rp-basic', oidc.ClientSecretBasic(`${SECRET_BASIC}x`), `${SECRET_BASIC}x`);
    await expect(oidc.authorizationCodeGrant(bad, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce })).rejects.toMatchObject({
      status: 401,
      cause: [expect.objectContaining({ scheme: 'basic', parameters: expect.objectContaining({ error: 'invalid_client' }) })],
    });
    // The same code still works for the right secret: a failed client authentication does not spend it.
    await expect(oidc.authorizationCodeGrant(good, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce })).resolves.toHaveProperty('access_token');
  });

  it('a redirect URI off by one character: an error page, never a redirect to it', async () => {
    const config = await configFor('rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
    const c = new Client(t.base);
    for (const uri of [`${CALLBACK}x`, CALLBACK.slice(0, -1), CALLBACK.replace('https', 'http')]) {
      const url = oidc.buildAuthorizationUrl(config, { redirect_uri: uri, scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: 's' });
      const res = await c.get(url.toString(), { portal: false });
      // The portal's problem page, never the unregistered address (oidcReauth.test.ts has the rest).
      expect([uri, res.status, res.headers.get('location')]).toEqual([uri, 303, `${t.base}/sign-in-problem?kind=redirectUri`]);
    }
  });

  it('a code used twice (invalid_grant), and the tokens of its first use are revoked', async () => {
    const config = await configFor('rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
    const a = await authorize(config, new Client(t.base), CALLBACK);
    const tokens = await oidc.authorizationCodeGrant(config, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce });
    await expect(oidc.authorizationCodeGrant(config, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce })).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toMatchObject({ status: 401 });
  });

  it('a public client without PKCE (invalid_request to its redirect URI)', async () => {
    const config = await configFor('rp-public', oidc.None());
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: PUBLIC_CALLBACK, scope: 'openid', state: 'st-nopkce' });
    const res = await browse(new Client(t.base), url.toString(), PUBLIC_CALLBACK);
    expect(res.callback?.searchParams.get('error')).toBe('invalid_request');
    expect(res.callback?.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(res.callback?.searchParams.get('state')).toBe('st-nopkce');
  });

  it('a wrong PKCE verifier (invalid_grant)', async () => {
    const config = await configFor('rp-public', oidc.None());
    const a = await authorize(config, new Client(t.base), PUBLIC_CALLBACK);
    await expect(oidc.authorizationCodeGrant(config, a.callback!, { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedState: a.state, expectedNonce: a.nonce })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('prompt=none without a portal session (login_required to the client)', async () => {
    const config = await configFor('rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
    const c = new Client(t.base);
    const a = await authorize(config, c, CALLBACK, { prompt: 'none' });
    expect(a.callback?.searchParams.get('error')).toBe('login_required');
    expect(a.callback?.searchParams.get('state')).toBe(a.state);
  });

  it('prompt=none after the portal sign-out (the provider session follows the portal one)', async () => {
    const config = await configFor('rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
    const c = new Client(t.base);
    const first = await authorize(config, c, CALLBACK);
    expect(first.callback?.searchParams.get('code')).toEqual(expect.any(String));
    const signedIn = await authorize(config, c, CALLBACK, { prompt: 'none' });
    expect(signedIn.callback?.searchParams.get('code')).toEqual(expect.any(String));
    expect((await c.post('/api/logout', undefined)).status).toBe(200);
    const after = await authorize(config, c, CALLBACK, { prompt: 'none' });
    expect(after.callback?.searchParams.get('error')).toBe('login_required');
  });
});
