/**
 * Issue 26 (attack review): a `sub` asked for in the `claims` parameter (OpenID Connect Core
 * 3.1.2.2, 5.5.1). The provider must not answer with an ID token for another account; the client
 * hears login_required after at most one sign-in. Before, a signed-in browser went round
 * /auth → /interaction → /auth … without end, a new interaction stored on each round.
 */
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationRequest } from '../../tests/support/oidcRequest';
import { clientConfig, DEMO, signedInClient, signInAtLoginPage, type Credentials } from './oidcBrowser';
import { Client, DEMO_PASSWORD, startServer, type TestServer } from './harness';

const CALLBACK = 'https://rp.example/callback';
const MEMBER: Credentials = { email: 'member@example.com', password: DEMO_PASSWORD };

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ clients: [{ id: 'rp', name: 'RP', redirectUris: [CALLBACK] }] });
});
afterAll(async () => t.close());

const config = () => clientConfig(t, 'rp', oidc.None());
const interactionsStored = async () => (await t.server.ctx.stores.global.selectFrom('oidc_payloads').select('key').where('model', '=', 'Interaction').execute()).length;

async function accountIdOf(email: string): Promise<string> {
  return (await t.server.ctx.stores.global.selectFrom('directory').select('account_id').where('email', '=', email).executeTakeFirstOrThrow()).account_id;
}

/**
 * The browser: follows redirects from the authorization request (signing in at the login page
 * with `credentials` when sent there) until the client's callback, at most 8 hops.
 */
async function authorizeWithClaims(c: Client, claims: unknown, credentials: Credentials | null) {
  const cfg = await config();
  const request = await authorizationRequest(cfg, CALLBACK, { claims: JSON.stringify(claims) });
  const interactionsBefore = await interactionsStored();
  let next = request.url.toString();
  let hops = 0;
  let loginPages = 0;
  for (; hops < 8 && !next.startsWith(CALLBACK); hops++) {
    const res = await c.get(next, { portal: false, headers: { Accept: 'text/html' } });
    const target = new URL(res.headers.get('location') ?? '', next);
    if (target.pathname === '/login') {
      loginPages++;
      if (!credentials || loginPages > 1) break;
      const done = await signInAtLoginPage(t, c, target.searchParams.get('session_code')!, credentials);
      expect(done.status).toBe(200);
      next = `${done.body.result.serviceUrl}?${new URLSearchParams(done.body.result.redirectParams)}`;
      continue;
    }
    next = target.toString();
  }
  return { cfg, request, next, hops, loginPages, interactions: (await interactionsStored()) - interactionsBefore };
}

describe('a sub asked for in the claims parameter', () => {
  it.each([
    ['voluntary', { value: 'someone-else' }],
    ['essential', { value: 'someone-else', essential: true }],
  ])('naming another account while signed in (%s): login_required at the callback within a few hops, no loop', async (_kind, sub) => {
    const { browser } = await signedInClient(t, await config(), CALLBACK);
    const a = await authorizeWithClaims(browser, { id_token: { sub } }, null);
    expect(a.next.startsWith(CALLBACK)).toBe(true);
    const callback = new URL(a.next);
    expect(callback.searchParams.get('error')).toBe('login_required');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(a.loginPages).toBe(0);
    expect(a.hops).toBeLessThanOrEqual(3);
    expect(a.interactions).toBeLessThanOrEqual(1);
  });

  it('naming another account, not signed in: one sign-in (as someone else), then login_required', async () => {
    const a = await authorizeWithClaims(new Client(t.base), { id_token: { sub: { value: await accountIdOf(DEMO.email) } } }, MEMBER);
    expect(a.loginPages).toBe(1);
    expect(a.next.startsWith(CALLBACK)).toBe(true);
    expect(new URL(a.next).searchParams.get('error')).toBe('login_required');
    expect(a.hops).toBeLessThanOrEqual(4);
  });

  it.each([
    ['signed in', true],
    ['not signed in', false],
  ])('naming the account that signs in (%s): the ID token for it', async (_kind, signedIn) => {
    const sub = await accountIdOf(DEMO.email);
    const browser = signedIn ? (await signedInClient(t, await config(), CALLBACK)).browser : new Client(t.base);
    const a = await authorizeWithClaims(browser, { id_token: { sub: { value: sub, essential: true } } }, DEMO);
    expect(a.loginPages).toBe(signedIn ? 0 : 1);
    expect(a.next.startsWith(CALLBACK)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(a.cfg, new URL(a.next), { pkceCodeVerifier: a.request.verifier, expectedState: a.request.state, expectedNonce: a.request.nonce });
    expect(tokens.claims()?.sub).toBe(sub);
  });
});
