/**
 * Issue 26 (attack review): token revocation (RFC 7009 2.1) at /api/oidc/token/revocation. A
 * public client (a browser app: oidc-client-ts's revokeTokensOnSignout) revokes its own access
 * and refresh tokens for real; no client revokes another client's token.
 */
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfig, signedInClient } from './oidcBrowser';
import { startServer, type TestServer } from './harness';

const SECRET = crypto.randomBytes(32).toString('base64url');
const CALLBACK = 'https://rp.example/callback';
const APP = 'https://app.example';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({
    clients: [
      { id: 'rp-public', name: 'RP public', redirectUris: [`${APP}/cb`] },
      { id: 'rp-public-2', name: 'RP public 2', redirectUris: [CALLBACK] },
      { id: 'rp-basic', name: 'RP basic', redirectUris: [CALLBACK], secret: SECRET },
    ],
  });
});
afterAll(async () => t.close());

const publicConfig = () => clientConfig(t, 'rp-public', oidc.None());
const basicConfig = () => clientConfig(t, 'rp-basic', oidc.ClientSecretBasic(SECRET), SECRET);

/** A revocation as oidc-client-ts sends it from the app's page: form, client_id, a type hint, the page's Origin. */
async function revokeAsBrowserApp(clientId: string, token: string, hint: 'access_token' | 'refresh_token') {
  const res = await fetch(`${t.base}/api/oidc/token/revocation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: APP },
    body: new URLSearchParams({ client_id: clientId, token, token_type_hint: hint }),
  });
  return { status: res.status, body: await res.text() };
}

/** The userinfo endpoint's answer to a bearer token: what a resource server sees. */
async function userinfoStatus(accessToken: string): Promise<number> {
  return (await fetch(`${t.base}/api/oidc/me`, { headers: { Authorization: `Bearer ${accessToken}` } })).status;
}

async function introspectedActive(token: string): Promise<unknown> {
  return (await oidc.tokenIntrospection(await basicConfig(), token)).active;
}

describe('a public client revokes its own tokens', () => {
  it.each(['refresh_token', 'access_token'] as const)('its %s: the refresh token no longer refreshes, the access token no longer opens userinfo', async (hint) => {
    const config = await publicConfig();
    const { tokens } = await signedInClient(t, config, `${APP}/cb`);
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    const answer = await revokeAsBrowserApp('rp-public', hint === 'refresh_token' ? tokens.refresh_token! : tokens.access_token, hint);
    expect(answer).toEqual({ status: 200, body: '' });
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });

  it('with openid-client as well (no type hint)', async () => {
    const config = await publicConfig();
    const { tokens } = await signedInClient(t, config, `${APP}/cb`);
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });
});

describe("another client's token is left alone", () => {
  it.each([
    ['a confidential client', 'rp-basic'],
    ['another public client', 'rp-public-2'],
  ])("a public client naming %s's tokens: the same empty 200 as for an unknown token, and they still work", async (_kind, owner) => {
    const config = owner === 'rp-basic' ? await basicConfig() : await clientConfig(t, owner, oidc.None());
    const { tokens } = await signedInClient(t, config, CALLBACK);
    expect(await revokeAsBrowserApp('rp-public', tokens.access_token, 'access_token')).toEqual({ status: 200, body: '' });
    expect(await revokeAsBrowserApp('rp-public', tokens.refresh_token!, 'refresh_token')).toEqual({ status: 200, body: '' });
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    if (owner === 'rp-basic') expect(await introspectedActive(tokens.access_token)).toBe(true);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).toEqual(expect.any(String));
  });

  it("a confidential client naming a public client's token: invalid_request, and the token still works", async () => {
    const config = await publicConfig();
    const { tokens } = await signedInClient(t, config, `${APP}/cb`);
    await expect(oidc.tokenRevocation(await basicConfig(), tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_request' });
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    expect((await oidc.refreshTokenGrant(config, tokens.refresh_token!)).access_token).toEqual(expect.any(String));
  });
});
