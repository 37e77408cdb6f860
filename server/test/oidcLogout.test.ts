/**
 * Signing out with connected services, driven by openid-client (end-session URL) and checked
 * with jose (logout tokens against the provider's JWKS): RP-initiated logout through the
 * portal's sign-out page, and back-channel logout when a portal session ends.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, SignJWT, generateKeyPair, importJWK, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SSO_COOKIE } from '../../core/contract/auth';
import { LOGOUT_REQUEST_PATH } from '../oidc/paths';
import { SECRET_PLACES } from '../db/secretsAtRest';
import type { LogoutRequestView } from '../oidc/logout';
import { accountRow, createAccount } from '../domain/accounts';
import { Client, DEMO_PASSWORD, signIn, startServer, type TestServer } from './harness';
import { clientConfig, signedInClient } from './oidcBrowser';

const SECRET = crypto.randomBytes(32).toString('base64url');
const CALLBACK_A = 'https://rp-a.example/callback';
const BYE_A = 'https://rp-a.example/signed-out';
const CALLBACK_B = 'http://127.0.0.1:9/cb';
const BYE_B = 'http://127.0.0.1:9/bye';
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The clients' back-channel endpoints: records each logout token; `failing` answers 500. */
const received: Array<{ path: string; token: string }> = [];
let failing = false;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push({ path: req.url ?? '', token: new URLSearchParams(body).get('logout_token') ?? '' });
    res.writeHead(failing ? 500 : 200).end();
  });
});

let t: TestServer;
let a: oidc.Configuration;
let b: oidc.Configuration;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startServer({
    clients: [
      { id: 'rp-a', name: 'Shop A', redirectUris: [CALLBACK_A], secret: SECRET, postLogoutRedirectUris: [BYE_A], backchannelLogoutUri: `${hooks}/bc-a` },
      { id: 'rp-b', name: 'Shop B', redirectUris: [CALLBACK_B], postLogoutRedirectUris: [BYE_B], backchannelLogoutUri: `${hooks}/bc-b` },
    ],
  });
  a = await clientConfig(t, 'rp-a', oidc.ClientSecretBasic(SECRET), SECRET);
  b = await clientConfig(t, 'rp-b', oidc.None());
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  failing = false;
});

async function tokensFor(path: string, count = 1, ms = 5000) {
  const until = Date.now() + ms;
  while (received.filter((r) => r.path === path).length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  return received.filter((r) => r.path === path).map((r) => r.token);
}

async function verifyLogoutToken(token: string, audience: string): Promise<JWTPayload> {
  const jwks = createRemoteJWKSet(new URL(`${t.base}/api/oidc/jwks`));
  const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: `${t.base}/api/oidc`, audience, typ: 'logout+jwt' });
  expect(protectedHeader.alg).toBe('ES256');
  return payload;
}

async function signedIn(browser: Client) {
  const res = await browser.post('/api/logged');
  return (res.body.result as { loggedIn: boolean }).loggedIn;
}

/** Opens the end-session URL in the browser: where it is sent (the portal's sign-out page) and the pending request. */
async function askToSignOut(browser: Client, url: URL) {
  const res = await browser.get(url.toString(), { portal: false, headers: { Accept: 'text/html' } });
  const pending = await browser.get<{ result: LogoutRequestView }>(LOGOUT_REQUEST_PATH);
  return { res, pending };
}

describe('RP-initiated logout', () => {
  it('the portal asks; "sign out" ends the portal session, tells every client over the back channel, and returns to the client with its state', async () => {
    const first = await signedInClient(t, a, CALLBACK_A);
    const second = await signedInClient(t, b, CALLBACK_B, first.browser);
    const browser = first.browser;
    const url = oidc.buildEndSessionUrl(a, { id_token_hint: first.tokens.id_token!, post_logout_redirect_uri: BYE_A, state: 'st-bye' });
    expect(url.toString()).toContain('/api/oidc/session/end');

    const { res, pending } = await askToSignOut(browser, url);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/signout');
    expect(pending.status).toBe(200);
    expect(pending.body.result).toMatchObject({ clientName: 'Shop A', email: 'demo@example.com', action: '/api/oidc/session/end/confirm' });
    // Nothing has happened yet: asking is not signing out.
    expect(await signedIn(browser)).toBe(true);

    const done = await browser.req('POST', pending.body.result.action, { form: new URLSearchParams({ xsrf: pending.body.result.xsrf, logout: 'yes' }), portal: false });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${BYE_A}?state=st-bye`);
    expect(done.headers.getSetCookie().some((c) => c.startsWith(`${SSO_COOKIE}=;`) && /Max-Age=0/.test(c))).toBe(true);
    expect(await signedIn(browser)).toBe(false);

    // Both clients hear of it, each about its own sign-in (sid from its ID token).
    const [tokenA] = await tokensFor('/bc-a');
    const [tokenB] = await tokensFor('/bc-b');
    const claimsA = await verifyLogoutToken(tokenA!, 'rp-a');
    const claimsB = await verifyLogoutToken(tokenB!, 'rp-b');
    expect(claimsA).toMatchObject({ sub: first.tokens.claims()!.sub, sid: first.tokens.claims()!.sid, events: { [BACKCHANNEL_EVENT]: {} } });
    expect(claimsB).toMatchObject({ sub: second.tokens.claims()!.sub, sid: second.tokens.claims()!.sid });
    expect(claimsA.nonce).toBeUndefined();
    expect(claimsA.jti).toEqual(expect.any(String));

    // And every token given under that sign-in is gone.
    await expect(oidc.refreshTokenGrant(a, first.tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.refreshTokenGrant(b, second.tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The request was answered once: the page cannot be replayed.
    expect((await browser.get(LOGOUT_REQUEST_PATH)).status).toBe(404);
  });

  it('"stay signed in" signs the user out of that client only; the portal and the other client stay', async () => {
    const first = await signedInClient(t, a, CALLBACK_A);
    const second = await signedInClient(t, b, CALLBACK_B, first.browser);
    const browser = first.browser;
    const { pending } = await askToSignOut(browser, oidc.buildEndSessionUrl(a, { id_token_hint: first.tokens.id_token!, post_logout_redirect_uri: BYE_A }));
    const done = await browser.req('POST', pending.body.result.action, { form: new URLSearchParams({ xsrf: pending.body.result.xsrf }), portal: false });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(BYE_A);
    expect(await signedIn(browser)).toBe(true);
    await expect(oidc.refreshTokenGrant(a, first.tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await oidc.refreshTokenGrant(b, second.tokens.refresh_token!)).access_token).toEqual(expect.any(String));
  });

  it('a form post without the anti-forgery value of this browser signs nobody out', async () => {
    const first = await signedInClient(t, a, CALLBACK_A);
    await askToSignOut(first.browser, oidc.buildEndSessionUrl(a, { id_token_hint: first.tokens.id_token!, post_logout_redirect_uri: BYE_A }));
    const forged = await first.browser.req('POST', '/api/oidc/session/end/confirm', { form: new URLSearchParams({ xsrf: 'guessed', logout: 'yes' }), portal: false });
    expect(forged.status).toBe(400);
    expect(await signedIn(first.browser)).toBe(true);
  });

  it('without a choice to make (no portal sign-in in this browser) the provider ends quietly and nobody is signed out of the portal', async () => {
    const first = await signedInClient(t, a, CALLBACK_A);
    const elsewhere = new Client(t.base);
    const pageOrPost = await elsewhere.get(oidc.buildEndSessionUrl(a, { id_token_hint: first.tokens.id_token!, post_logout_redirect_uri: BYE_A }).toString(), { portal: false, headers: { Accept: 'text/html' } });
    expect(pageOrPost.status).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(pageOrPost.text)![1]!;
    const done = await elsewhere.req('POST', '/api/oidc/session/end/confirm', { form: new URLSearchParams({ xsrf, logout: 'yes' }), portal: false });
    expect(done.headers.get('location')).toBe(BYE_A);
    expect(await signedIn(first.browser)).toBe(true);
  });

  describe("refused requests: the portal's problem page, not the client; nobody signed out", () => {
    let first: Awaited<ReturnType<typeof signedInClient>>;
    beforeAll(async () => {
      first = await signedInClient(t, a, CALLBACK_A);
    });

    /** Refused: the portal's problem page (one known kind, nothing of the request), not the client; nobody signed out. */
    async function refused(url: URL) {
      const res = await first.browser.get(url.toString(), { portal: false, headers: { Accept: 'text/html' } });
      expect(res.status).toBe(303);
      const to = new URL(res.headers.get('location')!);
      expect(`${to.origin}${to.pathname}`).toBe(`${t.base}/sign-in-problem`);
      expect([...to.searchParams.keys()]).toEqual(['kind']);
      expect(await signedIn(first.browser)).toBe(true);
      return to.searchParams.get('kind');
    }

    it('a post-logout redirect URI off by one character', async () => {
      expect(await refused(oidc.buildEndSessionUrl(a, { id_token_hint: first.tokens.id_token!, post_logout_redirect_uri: `${BYE_A}/` }))).toBe('invalidRequest');
    });

    it("another client's post-logout redirect URI", async () => {
      expect(await refused(oidc.buildEndSessionUrl(a, { id_token_hint: first.tokens.id_token!, post_logout_redirect_uri: BYE_B }))).toBe('invalidRequest');
    });

    it('a foreign ID token hint (right claims, a key that is not the portal\'s)', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const claims = first.tokens.claims()!;
      const forged = await new SignJWT({ sub: claims.sub, nonce: claims.nonce }).setProtectedHeader({ alg: 'ES256', kid: 'forged' }).setIssuer(claims.iss).setAudience('rp-a').setIssuedAt().setExpirationTime('1h').sign(privateKey);
      expect(await refused(oidc.buildEndSessionUrl(a, { id_token_hint: forged, post_logout_redirect_uri: BYE_A }))).toBe('invalidRequest');
    });

    it('a hint the provider signed for another issuer', async () => {
      const key = await t.server.ctx.stores.global.selectFrom('oidc_signing_keys').selectAll().where('retired_at', 'is', null).executeTakeFirstOrThrow();
      const jwk = JSON.parse(t.server.ctx.secrets.open(key.private_jwk, SECRET_PLACES.signingKey(key.kid))) as Record<string, unknown>;
      const forged = await new SignJWT({ sub: first.tokens.claims()!.sub }).setProtectedHeader({ alg: 'ES256', kid: key.kid }).setIssuer('https://elsewhere.example').setAudience('rp-a').setIssuedAt().setExpirationTime('1h').sign(await importJWK(jwk, 'ES256'));
      expect(await refused(oidc.buildEndSessionUrl(a, { id_token_hint: forged, post_logout_redirect_uri: BYE_A }))).toBe('invalidRequest');
    });
  });

  it('an expired ID token hint is honoured as the standard says (for a current session), but the user is still asked', async () => {
    const first = await signedInClient(t, a, CALLBACK_A);
    const key = await t.server.ctx.stores.global.selectFrom('oidc_signing_keys').selectAll().where('retired_at', 'is', null).executeTakeFirstOrThrow();
    const claims = first.tokens.claims()!;
    const expired = await new SignJWT({ sub: claims.sub })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setIssuer(claims.iss)
      .setAudience('rp-a')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(await importJWK(JSON.parse(t.server.ctx.secrets.open(key.private_jwk, SECRET_PLACES.signingKey(key.kid))) as Record<string, unknown>, 'ES256'));
    const { res, pending } = await askToSignOut(first.browser, oidc.buildEndSessionUrl(a, { id_token_hint: expired, post_logout_redirect_uri: BYE_A }));
    expect(res.headers.get('location')).toBe('/signout');
    expect(pending.status).toBe(200);
    expect(await signedIn(first.browser)).toBe(true);
  });
});

describe('back-channel logout when the portal session ends', () => {
  it("signing out in the portal tells the client about that sign-in, and the client's tokens stop working", async () => {
    const first = await signedInClient(t, a, CALLBACK_A);
    const out = await first.browser.post('/api/logout');
    expect(out.status).toBe(200);
    const [token] = await tokensFor('/bc-a');
    expect(await verifyLogoutToken(token!, 'rp-a')).toMatchObject({ sub: first.tokens.claims()!.sub, sid: first.tokens.claims()!.sid });
    await expect(oidc.refreshTokenGrant(a, first.tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('another browser of the same user is not signed out of the client', async () => {
    const here = await signedInClient(t, a, CALLBACK_A);
    const there = await signedInClient(t, a, CALLBACK_A);
    await here.browser.post('/api/logout');
    const tokens = await tokensFor('/bc-a');
    expect(tokens).toHaveLength(1);
    expect((await verifyLogoutToken(tokens[0]!, 'rp-a')).sid).toBe(here.tokens.claims()!.sid);
    expect((await oidc.refreshTokenGrant(a, there.tokens.refresh_token!)).access_token).toEqual(expect.any(String));
  });

  it("a client whose endpoint fails does not hold up or fail the portal's sign-out", async () => {
    failing = true;
    const first = await signedInClient(t, a, CALLBACK_A);
    const out = await first.browser.post('/api/logout');
    expect(out.status).toBe(200);
    expect(await tokensFor('/bc-a')).toHaveLength(1);
    expect(await signedIn(first.browser)).toBe(false);
  });
});

describe('back-channel logout when the ID is closed ("Delete my account")', () => {
  it('tells each client of each sign-in of the ID, and the provider no longer serves its tokens', async () => {
    const ctx = t.server.ctx;
    const email = `closing-${Date.now()}@example.com`;
    const row = accountRow(ctx, { email, passwordHash: await ctx.passwords.hash(DEMO_PASSWORD), firstName: 'Cleo', lastName: 'Sing', country: 'DE', language: 'en_US', activated: true, privacyVersion: ctx.options.privacyPolicyVersion });
    await createAccount(ctx, 'Euw', row);
    const credentials = { email, password: DEMO_PASSWORD };
    const inA = await signedInClient(t, a, CALLBACK_A, new Client(t.base), credentials);
    const inB = await signedInClient(t, b, CALLBACK_B, new Client(t.base), credentials);
    const portal = new Client(t.base);
    await signIn(portal, email, DEMO_PASSWORD);
    const closed = await portal.post(`/api/accounts/${row.id}/closure`, { password: DEMO_PASSWORD }, { auth: true });
    expect(closed.status, closed.text).toBe(200);
    const [toA] = await tokensFor('/bc-a');
    const [toB] = await tokensFor('/bc-b');
    expect(await verifyLogoutToken(toA!, 'rp-a')).toMatchObject({ sub: row.id, sid: inA.tokens.claims()!.sid });
    expect(await verifyLogoutToken(toB!, 'rp-b')).toMatchObject({ sub: row.id, sid: inB.tokens.claims()!.sid });
    await expect(oidc.refreshTokenGrant(a, inA.tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.fetchUserInfo(b, inB.tokens.access_token, row.id)).rejects.toBeDefined();
  });
});
