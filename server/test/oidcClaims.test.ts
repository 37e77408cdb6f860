/**
 * The `claims` request parameter (OpenID Connect Core 5.5) for claims outside the scope asked
 * for: answered once. A claim the client is registered for (its scopes) is released; one it is
 * not is simply not returned, voluntary or essential (5.5.1: no error for a claim not returned).
 */
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, clientConfig } from './oidcBrowser';
import { Client, startServer, type TestServer } from './harness';

const CALLBACK = 'https://rp.example/callback';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({
    clients: [
      { id: 'rp-wide', name: 'RP wide', redirectUris: [CALLBACK] },
      { id: 'rp-narrow', name: 'RP narrow', redirectUris: [CALLBACK], scopes: ['openid'] },
    ],
  });
});
afterAll(async () => t.close());

async function claimsOf(clientId: string, claims: unknown) {
  const config = await clientConfig(t, clientId, oidc.None());
  const a = await authorize(t, config, new Client(t.base), CALLBACK, { scope: 'openid', claims: JSON.stringify(claims) });
  expect(a.visit.kind).toBe('callback');
  const tokens = await oidc.authorizationCodeGrant(config, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce });
  const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
  return { idToken: tokens.claims()!, userinfo };
}

describe('a claim asked for outside the requested scope', () => {
  it('is released once when the client is registered for it', async () => {
    const { idToken, userinfo } = await claimsOf('rp-wide', { userinfo: { email: null } });
    expect(userinfo.email).toBe('demo@example.com');
    expect(idToken.email).toBeUndefined();
  });

  it.each([
    ['voluntary', { userinfo: { email: null }, id_token: { email: null } }],
    ['essential', { userinfo: { email: { essential: true } }, id_token: { given_name: { essential: true } } }],
  ])('is not returned, %s, when the client is not registered for it (one answer, no loop)', async (_kind, claims) => {
    const { idToken, userinfo } = await claimsOf('rp-narrow', claims);
    expect(userinfo.email).toBeUndefined();
    expect(idToken.email).toBeUndefined();
    expect(idToken.given_name).toBeUndefined();
    expect(userinfo.sub).toBe(idToken.sub);
  });
});
