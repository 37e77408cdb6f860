import { createServer } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidcProvider, type LocalOidcClient, type LocalOidcProvider } from './localOidcProvider';
import { CookieJar, follow, openSignIn, postForm, send } from '../test/providerWalk';

const ada = { sub: 'u-ada', email: 'Ada@Example.com', password: 'correct horse', givenName: 'Ada', familyName: 'Lovelace', amr: ['pwd', 'mfa'] };
const grace = { sub: 'u-grace', email: 'grace@example.com', password: 'battery staple', givenName: 'Grace', familyName: 'Hopper' };
// Never served: the walk stops at the redirect and hands its URL to openid-client.
const portal: LocalOidcClient = { client_id: 'portal', client_secret: 'portal-secret', redirect_uris: ['http://localhost:4999/sso/callback'] };

async function startAuthorization(idp: LocalOidcProvider, c: LocalOidcClient, auth: client.ClientAuth, extra: Record<string, string> = {}) {
  const config = await client.discovery(new URL(idp.issuer), c.client_id, c.client_secret, auth, { execute: [client.allowInsecureRequests] });
  const pkceCodeVerifier = client.randomPKCECodeVerifier();
  const expectedState = client.randomState();
  const expectedNonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: c.redirect_uris[0]!,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: 'S256',
    state: expectedState,
    nonce: expectedNonce,
    ...extra,
  });
  return { config, url, checks: { pkceCodeVerifier, expectedState, expectedNonce } };
}

async function signIn(idp: LocalOidcProvider, c: LocalOidcClient, auth: client.ClientAuth, email: string, password: string, jar = new CookieJar()) {
  const { config, url, checks } = await startAuthorization(idp, c, auth);
  const { formUrl } = await openSignIn(jar, url, c.redirect_uris[0]!);
  const walk = await follow(jar, await postForm(jar, formUrl, { email, password }), formUrl, c.redirect_uris[0]!);
  expect(walk.callback).toBeDefined();
  const tokens = await client.authorizationCodeGrant(config, walk.callback!, checks);
  return { tokens, claims: tokens.claims()! };
}

describe('startLocalOidcProvider', () => {
  let idp: LocalOidcProvider;
  beforeAll(async () => {
    idp = await startLocalOidcProvider({ name: 'Acme Directory', users: [ada, grace], clients: [portal] });
  });
  afterAll(() => idp?.close());

  it('issues an ID token with the user claims and amr after the right password', async () => {
    expect(idp.issuer).toMatch(/^http:\/\/localhost:\d+$/);
    // The email is matched in any case.
    const { claims } = await signIn(idp, portal, client.ClientSecretBasic(portal.client_secret), 'ada@example.COM', ada.password);
    expect(claims).toMatchObject({
      iss: idp.issuer,
      sub: 'u-ada',
      aud: 'portal',
      email: 'Ada@Example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
      amr: ['pwd', 'mfa'],
    });
  });

  it('re-renders the form with 401 on a wrong password, and the same form still signs in', async () => {
    const jar = new CookieJar();
    const { config, url, checks } = await startAuthorization(idp, portal, client.ClientSecretBasic(portal.client_secret));
    const { html, formUrl } = await openSignIn(jar, url, portal.redirect_uris[0]!);
    expect(html).toContain('<title>Acme Directory sign-in</title>');
    expect(html).toContain('<label for="email">');
    expect(html).toContain('<label for="password">');
    expect(html).not.toContain('<script');

    for (const [email, password] of [
      [grace.email, 'wrong'],
      ['nobody@example.com', grace.password],
    ] as const) {
      const wrong = await postForm(jar, formUrl, { email, password });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('location')).toBeNull();
      const page = await wrong.text();
      expect(page).toContain('Wrong email or password.');
      expect(page).toContain(`value="${email}"`);
    }

    const walk = await follow(jar, await postForm(jar, formUrl, { email: grace.email, password: grace.password }), formUrl, portal.redirect_uris[0]!);
    const tokens = await client.authorizationCodeGrant(config, walk.callback!, checks);
    // No amr configured for the user: the default.
    expect(tokens.claims()).toMatchObject({ sub: 'u-grace', amr: ['pwd'] });
  });

  it('prefills the email from login_hint, escaped', async () => {
    const jar = new CookieJar();
    const plain = await startAuthorization(idp, portal, client.ClientSecretBasic(portal.client_secret), { login_hint: 'grace@example.com' });
    expect((await openSignIn(jar, plain.url, portal.redirect_uris[0]!)).html).toContain('value="grace@example.com"');

    const hostile = await startAuthorization(idp, portal, client.ClientSecretBasic(portal.client_secret), { login_hint: '"><img src=x onerror=alert(1)>' });
    const { html } = await openSignIn(new CookieJar(), hostile.url, portal.redirect_uris[0]!);
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toContain('<img');
  });

  it('accepts a client registered by setClient after start (client_secret_post)', async () => {
    const late: LocalOidcClient = { client_id: 'late', client_secret: 'late-secret', redirect_uris: ['http://localhost:4998/cb'] };
    idp.setClient(late);
    const { claims } = await signIn(idp, late, client.ClientSecretPost(late.client_secret), ada.email, ada.password);
    expect(claims).toMatchObject({ sub: 'u-ada', aud: 'late' });

    // Replacing it takes effect at once: the old redirect URI is refused.
    idp.setClient({ ...late, redirect_uris: ['http://localhost:4998/cb2'] });
    const { url } = await startAuthorization(idp, late, client.ClientSecretPost(late.client_secret));
    const res = await send(new CookieJar(), url);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri did not match any of the client&#39;s registered redirect_uris');
  });

  it('signs an existing session in to another client without the form (automatic consent)', async () => {
    const jar = new CookieJar();
    await signIn(idp, portal, client.ClientSecretBasic(portal.client_secret), grace.email, grace.password, jar);
    const other: LocalOidcClient = { client_id: 'other', client_secret: 'other-secret', redirect_uris: ['http://localhost:4997/cb'] };
    idp.setClient(other);
    const { config, url, checks } = await startAuthorization(idp, other, client.ClientSecretBasic(other.client_secret));
    const walk = await follow(jar, await send(jar, url), url, other.redirect_uris[0]!);
    expect(walk.callback).toBeDefined();
    const tokens = await client.authorizationCodeGrant(config, walk.callback!, checks);
    expect(tokens.claims()).toMatchObject({ sub: 'u-grace', aud: 'other', email: grace.email });
  });

  it('caps the sign-in form at 10 kB', async () => {
    const res = await postForm(new CookieJar(), new URL('/interaction/any/login', idp.issuer), { email: 'x'.repeat(11 * 1024), password: 'x' });
    expect(res.status).toBe(413);
  });

  it('refuses an authorization request without PKCE, or with the plain method', async () => {
    const config = await client.discovery(new URL(idp.issuer), portal.client_id, portal.client_secret, undefined, { execute: [client.allowInsecureRequests] });
    const base = { redirect_uri: portal.redirect_uris[0]!, scope: 'openid email profile', state: 'st' };
    const attempts: Record<string, string>[] = [{}, { code_challenge: client.randomPKCECodeVerifier(), code_challenge_method: 'plain' }];
    for (const extra of attempts) {
      const res = await send(new CookieJar(), client.buildAuthorizationUrl(config, { ...base, ...extra }));
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('location')!);
      expect(back.href.startsWith(portal.redirect_uris[0]!)).toBe(true);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
    }
  });
});

describe('close', () => {
  it('frees the port, even with a keep-alive connection open', async () => {
    const idp = await startLocalOidcProvider({ name: 'Short-lived', users: [ada] });
    const port = Number(new URL(idp.issuer).port);
    expect((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status).toBe(200);
    await idp.close();

    await expect(fetch(`${idp.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
    const probe = createServer();
    await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
});
