/**
 * A connected service using panva's openid-client against the real portal, the user's part in
 * Chromium: discovery, the authorization redirect to the portal's own login page, sign-in,
 * back to the service with a code; then the code grant (PKCE, nonce, ID token checked against
 * the JWKS), userinfo, refresh and revocation. A confidential and a public client.
 */
import crypto from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import { authorizationRequest } from '../support/oidcRequest';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
const SECRET = crypto.randomBytes(32).toString('base64url');
// The services' callback pages: a bare local server (the services themselves are the test).
const service = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the service'));
let CALLBACK = '';
let PUBLIC_CALLBACK = '';

let browser: Browser;
let portal: RunningPortal;
const dir = mkdtempSync(path.join(tmpdir(), 'uid-oidc-e2e-'));
beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const { port } = service.address() as { port: number };
  CALLBACK = `http://127.0.0.1:${port}/callback`;
  PUBLIC_CALLBACK = `http://127.0.0.1:${port}/spa/cb`;
  const clientsFile = path.join(dir, 'clients.json');
  writeFileSync(
    clientsFile,
    JSON.stringify([
      { id: 'shop', name: 'Shop', redirectUris: [CALLBACK], secret: SECRET },
      { id: 'shop-spa', name: 'Shop app', redirectUris: [PUBLIC_CALLBACK] },
    ]),
  );
  browser = await launchChromium();
  portal = await startPortal({ env: { CLIENTS_FILE: clientsFile } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => service.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['a confidential client (client_secret_basic)', 'shop', () => oidc.ClientSecretBasic(SECRET), SECRET, () => CALLBACK],
  ['a public client (PKCE)', 'shop-spa', () => oidc.None(), undefined, () => PUBLIC_CALLBACK],
] as const)('openid-client, %s, signing in in Chromium', (_name, clientId, auth, secret, callbackOf) => {
  it('discovery, the portal login page, code + PKCE + nonce, ID token, userinfo, refresh, revocation', async () => {
    const redirectUri = callbackOf();
    const config = await oidc.discovery(new URL(`${portal.url}/api/oidc`), clientId, secret, auth(), { execute: [oidc.allowInsecureRequests] });
    oidc.enableNonRepudiationChecks(config);
    const { url, verifier, state, nonce } = await authorizationRequest(config, redirectUri, { login_hint: DEMO.email });

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url.toString());
    await page.waitForURL(/\/login\?session_code=/);
    // login_hint prefilled the address.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(DEMO.email);
    await page.getByLabel(/^Password/).fill(DEMO.password);
    await page.getByLabel(/^Password/).press('Enter');
    await page.waitForURL(`${redirectUri}**`);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(state);

    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: `${portal.url}/api/oidc`, aud: clientId, nonce, email: DEMO.email, email_verified: true, name: 'Dana Demo', amr: ['pwd'] });
    expect(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)).toMatchObject({ sub: claims.sub, email: DEMO.email });

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).toEqual(expect.any(String));
    const refreshToken = refreshed.refresh_token ?? tokens.refresh_token!;
    await oidc.tokenRevocation(config, refreshToken);
    await expect(oidc.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });

    // Signed in to the portal now: a second authorization goes straight back to the service.
    const again = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 'again', prompt: 'none' });
    await page.goto(again.toString());
    await page.waitForURL(`${redirectUri}**`);
    expect(new URL(page.url()).searchParams.get('code')).toEqual(expect.any(String));
    await context.close();
  });
});
