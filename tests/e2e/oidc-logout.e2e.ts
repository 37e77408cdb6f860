/**
 * Signing out with a connected service, in Chromium against the real portal: the service sends
 * the user to the provider's end-session endpoint (URL built by openid-client), the portal asks
 * on its own page, and "Sign out" ends the portal session and returns to the service's
 * registered page; the service hears of it over the back channel (logout token checked with
 * jose against the JWKS). Signing out in the portal tells the service the same way.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { authorizationRequest } from '../support/oidcRequest';
import { startPortal, type RunningPortal } from '../support/portal';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
const SECRET = crypto.randomBytes(32).toString('base64url');
const logoutTokens: string[] = [];
// The service: its callback and signed-out pages, and its back-channel endpoint.
const service = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/backchannel') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      res.writeHead(200).end();
    });
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/plain' }).end(req.url?.startsWith('/bye') ? 'signed out of the service' : 'back at the service');
});
let base = '';

let browser: Browser;
let portal: RunningPortal;
let config: oidc.Configuration;
beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
  browser = await launchChromium();
  portal = await startPortal({
    clients: [{ id: 'shop', name: 'Shop', redirectUris: [`${base}/callback`], secret: SECRET, postLogoutRedirectUris: [`${base}/bye`], backchannelLogoutUri: `${base}/backchannel` }],
  });
  config = await oidc.discovery(new URL(`${portal.url}/api/oidc`), 'shop', SECRET, oidc.ClientSecretBasic(SECRET), { execute: [oidc.allowInsecureRequests] });
  oidc.enableNonRepudiationChecks(config);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => service.close(resolve));
});
beforeEach(() => {
  logoutTokens.length = 0;
});

/** Signs in to the service through the portal in `page`; the service's tokens. */
async function signIn(page: Page) {
  const { url, verifier, state, nonce } = await authorizationRequest(config, `${base}/callback`);
  await page.goto(url.toString());
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL(`${base}/callback**`);
  return oidc.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
}

async function logoutToken() {
  await expect.poll(() => logoutTokens.length, { timeout: 10_000 }).toBe(1);
  const { payload } = await jwtVerify(logoutTokens[0]!, createRemoteJWKSet(new URL(`${portal.url}/api/oidc/jwks`)), { issuer: `${portal.url}/api/oidc`, audience: 'shop', typ: 'logout+jwt' });
  return payload;
}

async function portalSignedIn(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/logged', { method: 'POST', headers: { 'X-UID-Request': '1' } });
    return ((await res.json()) as { result: { loggedIn: boolean } }).result.loggedIn;
  });
}

describe.each([
  ['1366 px', { width: 1366, height: 900 }],
  ['375 px', { width: 375, height: 740 }],
])('RP-initiated logout at %s', (_name, viewport) => {
  it('the portal asks; "Sign out" ends the portal session, returns to the service with its state, and the service hears of it', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const tokens = await signIn(page);
    await page.goto(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: `${base}/bye`, state: 'st-bye' }).toString());
    await page.waitForURL(`${portal.url}/signout`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sign out of Unified ID?');
    expect(await page.getByText('Shop asked to sign you out.').isVisible()).toBe(true);
    expect(await page.getByText(`Signed in as ${DEMO.email}`).isVisible()).toBe(true);
    // Nothing scrolls sideways, and the question has not signed anybody out.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await portalSignedIn(page)).toBe(true);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${base}/bye?state=st-bye`);
    expect(await page.textContent('body')).toContain('signed out of the service');
    expect(await logoutToken()).toMatchObject({ sub: tokens.claims()!.sub, sid: tokens.claims()!.sid });

    await page.goto(`${portal.url}/accountSetting`);
    await page.waitForURL(/\/login\?session_code=/);
    expect(await portalSignedIn(page)).toBe(false);
    await context.close();
  });
});

describe('RP-initiated logout, other answers', () => {
  it('"Stay signed in" ends only the service\'s sign-in; the portal stays signed in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const tokens = await signIn(page);
    await page.goto(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: `${base}/bye` }).toString());
    await page.getByRole('button', { name: 'Stay signed in to Unified ID' }).click();
    await page.waitForURL(`${base}/bye`);
    expect(await logoutToken()).toMatchObject({ sid: tokens.claims()!.sid });
    await page.goto(`${portal.url}/accountSetting`);
    await page.waitForURL(/\/accountSetting/);
    expect(await portalSignedIn(page)).toBe(true);
    await context.close();
  });

  it('without a page of the service to return to, the portal says the user is signed out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const tokens = await signIn(page);
    await page.goto(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! }).toString());
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${portal.url}/signed-out`);
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    // Reloading the question page afterwards: nothing pending, nothing to resend.
    await page.goto(`${portal.url}/signout`);
    await page.getByRole('heading', { name: 'Nothing to sign out of' }).waitFor();
    await context.close();
  });
});

it("signing out in the portal's account pages signs the user out of the service over the back channel", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const tokens = await signIn(page);
  await page.goto(`${portal.url}/accountSetting`);
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await page.waitForURL(/\/login/);
  expect(await logoutToken()).toMatchObject({ sub: tokens.claims()!.sub, sid: tokens.claims()!.sid });
  await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  await context.close();
});
