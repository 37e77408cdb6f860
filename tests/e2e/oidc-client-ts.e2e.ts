/**
 * The SPA-client case in Chromium: the demo service (/demo-service/, server/demo/public/service.mjs)
 * is a browser app on oidc-client-ts that signs in through the portal's OpenID provider and its
 * real login page; it checks the ID token (jose: signature, issuer, audience, expiry; the library:
 * nonce), reads userinfo, renews with the refresh token (on a button and automatically before the
 * access token expires), and signs out locally, revoking its tokens. The same script, served by
 * another origin for another client, shows it works cross-origin (CORS) as a team's own SPA would.
 */
import AxeBuilder from '@axe-core/playwright';
import crypto from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_CLIENT_SCRIPT, VENDOR_PATH, vendorFiles } from '../../server/demo/vendorFiles';
import { demoServiceBody } from '../../server/routes/demo';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024', name: 'Dana Demo' };
const ROOT = process.cwd();

/** Another site: the demo's own page and scripts for the client `elsewhere-spa`, and a callback for `other-spa`. */
const vendor = vendorFiles(ROOT);
const serviceScript = readFileSync(path.join(ROOT, 'server/demo/public/service.mjs'), 'utf8');
let portal: RunningPortal;
let SITE = '';
const site = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', SITE);
  const file = url.pathname.startsWith('/app/vendor/') ? vendor.get(url.pathname.slice('/app/vendor/'.length)) : undefined;
  if (file) return res.writeHead(200, { 'Content-Type': file.type }).end(file.body);
  if (url.pathname === '/app/service.mjs') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(serviceScript);
  if (url.pathname === '/app/' || url.pathname === '/app/signin-callback') {
    const body = demoServiceBody({ authority: `${portal.url}/api/oidc`, clientId: 'elsewhere-spa', redirectUri: `${SITE}/app/signin-callback`, home: `${SITE}/app/` });
    const scripts = `<script src="/app/vendor/${OIDC_CLIENT_SCRIPT.slice(VENDOR_PATH.length + 1)}" defer></script><script type="module" src="/app/service.mjs"></script>`;
    return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>Elsewhere</title>${scripts}</head><body>${body}</body></html>`);
  }
  return res.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the other service');
});

let browser: Browser;
beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  SITE = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  browser = await launchChromium();
  portal = await startPortal({
    clients: [
      { id: 'elsewhere-spa', name: 'Elsewhere', redirectUris: [`${SITE}/app/signin-callback`] },
      { id: 'other-spa', name: 'Other service', redirectUris: [`${SITE}/other/callback`] },
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => site.close(resolve));
});

interface StoredUser {
  id_token: string;
  access_token: string;
  refresh_token: string;
  expires_at: number;
}

const issuer = () => `${portal.url}/api/oidc`;
const userKey = (clientId = 'demo-service') => `oidc.user:${issuer()}:${clientId}`;

async function storedUser(page: Page, clientId?: string): Promise<StoredUser | null> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), userKey(clientId));
  return raw ? (JSON.parse(raw) as StoredUser) : null;
}

/** The person's part at the portal's login page. */
async function signInAtLoginPage(page: Page): Promise<void> {
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  await page.getByLabel(/^Password/).press('Enter');
}

async function signedIn(page: Page): Promise<void> {
  await expect.poll(() => page.locator('#who').textContent(), { timeout: 15_000 }).toBe(`Signed in as ${DEMO.name} <${DEMO.email}>`);
}

async function signInToDemo(page: Page): Promise<void> {
  await page.goto(`${portal.url}/demo-service/`);
  await expect.poll(() => page.locator('#out').textContent()).toBe('Not signed in.');
  await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
  await signInAtLoginPage(page);
  await signedIn(page);
}

const isToken = (r: Request, grant: string) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/oidc/token' && new URLSearchParams(r.postData() ?? '').get('grant_type') === grant;

async function refreshWith(refreshToken: string): Promise<Response> {
  return fetch(`${issuer()}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'demo-service', refresh_token: refreshToken }) });
}

describe('the demo service on oidc-client-ts', () => {
  it('signs in through the portal login page: code + PKCE + nonce, the ID token verified, userinfo read, nothing left in the address or the console', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    await page.goto(`${portal.url}/demo-service/`);
    await expect.poll(() => page.locator('#out').textContent()).toBe('Not signed in.');
    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await page.waitForURL(/\/login\?session_code=/);
    // The portal's own login page, in the demo service's branding.
    await page.getByRole('img', { name: 'Demo Service' }).first().waitFor();
    const auth = new URL(requests.find((r) => new URL(r.url()).pathname === '/api/oidc/auth')!.url());
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      client_id: 'demo-service',
      redirect_uri: `${portal.url}/demo-service/signin-callback`,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const nonce = auth.searchParams.get('nonce');
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);

    await signInAtLoginPage(page);
    await signedIn(page);
    // The callback left the service's own address in the bar.
    expect(page.url()).toBe(`${portal.url}/demo-service/`);
    expect(await page.locator('#out').textContent()).toMatch(/^Account [0-9a-f-]{36} · email verified · language en-US$/);
    expect(await page.locator('#session').textContent()).toContain('verified: ES256 signature');
    expect(await page.getByRole('button', { name: 'Sign in with Unified ID' }).isHidden()).toBe(true);

    // One code exchange: PKCE verifier, no secret; the code goes nowhere else (URL or Referer).
    const callback = requests.find((r) => r.url().startsWith(`${portal.url}/demo-service/signin-callback?`))!;
    const code = new URL(callback.url()).searchParams.get('code')!;
    const exchanges = requests.filter((r) => isToken(r, 'authorization_code'));
    expect(exchanges).toHaveLength(1);
    const form = Object.fromEntries(new URLSearchParams(exchanges[0]!.postData()!));
    expect(form).toMatchObject({ client_id: 'demo-service', code, redirect_uri: `${portal.url}/demo-service/signin-callback` });
    expect(form.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(form).not.toHaveProperty('client_secret');
    const leaks = requests.filter((r) => r !== callback && r !== exchanges[0] && (r.url().includes(code) || (r.headers()['referer'] ?? '').includes(code)));
    expect(leaks.map((r) => r.url())).toEqual([]);

    // The tokens live in this tab's sessionStorage only; the sign-in's state is gone.
    const user = (await storedUser(page))!;
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.')))).toEqual([userKey()]);
    const local = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    const secrets = [user.id_token, user.access_token, user.refresh_token, code, form.code_verifier!];
    for (const secret of secrets) expect(local).not.toContain(secret);
    for (const line of consoleLines) for (const secret of secrets) expect(line).not.toContain(secret);

    // What the page verified holds: the provider's signature, this issuer and audience, the nonce sent.
    const { payload } = await jwtVerify(user.id_token, createRemoteJWKSet(new URL(`${issuer()}/jwks`)), { issuer: issuer(), audience: 'demo-service' });
    expect(payload).toMatchObject({ nonce, email: DEMO.email, amr: ['pwd'] });

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // A reload finds the tab's user, checks its ID token again and shows it, without a new sign-in.
    await page.reload();
    await signedIn(page);
    expect(requests.filter((r) => isToken(r, 'authorization_code'))).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('renews with the refresh token: on the button, by itself a minute before the access token expires, and on a load after it expired', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.install();
    const refreshes: Request[] = [];
    page.on('request', (r) => isToken(r, 'refresh_token') && refreshes.push(r));
    await signInToDemo(page);
    const first = (await storedUser(page))!;

    await page.getByRole('button', { name: 'Refresh tokens' }).click();
    await page.getByText('Tokens renewed at').waitFor();
    const second = (await storedUser(page))!;
    expect(refreshes).toHaveLength(1);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token); // rotated: a public client's refresh tokens are single use

    // 14 minutes on: the 15-minute access token expires within the minute, so oidc-client-ts renews it.
    const now = await page.evaluate(() => Math.floor(Date.now() / 1000));
    await page.clock.fastForward((second.expires_at - now - 55) * 1000);
    await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await storedUser(page))!.access_token).not.toBe(second.access_token);
    await signedIn(page);
    expect(await page.locator('#out').textContent()).toMatch(/^Account \S+ · email verified/);

    // Back after the access token expired (the page was closed meanwhile): the tab's user is renewed on load.
    const third = (await storedUser(page))!;
    await page.goto('about:blank');
    await page.clock.setSystemTime((third.expires_at + 120) * 1000);
    await page.goto(`${portal.url}/demo-service/`);
    await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBe(3);
    await signedIn(page);
    expect((await storedUser(page))!.expires_at).toBeGreaterThan(third.expires_at + 120);

    // A rotated-out refresh token is refused.
    expect((await refreshWith(first.refresh_token)).status).toBe(400);
    await context.close();
  });

  it('signs out locally: its tokens revoked and forgotten; the portal sign-in stays, so the next sign-in needs no password', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page);
    const user = (await storedUser(page))!;

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.locator('#out').textContent()).toBe('Signed out of the Demo Service.');
    expect(await storedUser(page)).toBeNull();
    expect((await fetch(`${issuer()}/me`, { headers: { Authorization: `Bearer ${user.access_token}` } })).status).toBe(401);
    const refused = await refreshWith(user.refresh_token);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');

    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await signedIn(page);
    expect(visited).not.toContain('/login');
    await context.close();
  });

  it('signs out of Unified ID (RP-initiated logout): the portal asks, then returns; the next sign-in needs the password again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page);
    const user = (await storedUser(page))!;

    await page.getByRole('button', { name: 'Sign out of Unified ID' }).click();
    await page.waitForURL(`${portal.url}/signout`);
    await page.getByText('Demo connected service asked to sign you out.').waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${portal.url}/demo-service/`);
    await expect.poll(() => page.locator('#out').textContent()).toBe('Signed out of Unified ID and the Demo Service.');
    // The state of the request was checked and left the address bar; the tokens were revoked first.
    expect(page.url()).toBe(`${portal.url}/demo-service/`);
    expect(await storedUser(page)).toBeNull();
    expect((await fetch(`${issuer()}/me`, { headers: { Authorization: `Bearer ${user.access_token}` } })).status).toBe(401);

    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await page.waitForURL(/\/login\?session_code=/);
    await context.close();
  });

  it('after the portal sign-out, the next renewal fails and the service says so', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInToDemo(page);

    // The same person signs out of the portal in another tab (its account pages open through the SSO cookie).
    const portalTab = await context.newPage();
    await portalTab.goto(`${portal.url}/accountSetting`);
    await portalTab.getByRole('heading', { name: 'My Profile' }).waitFor();
    await Promise.all([
      portalTab.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout' && r.ok()),
      portalTab.getByRole('banner').getByRole('button', { name: 'Sign out' }).click(),
    ]);

    await page.bringToFront();
    await page.getByRole('button', { name: 'Refresh tokens' }).click();
    await expect.poll(() => page.locator('#out').textContent()).toMatch(/^Your session could not be renewed \(invalid_grant.*\)\. Sign in again\.$/);
    expect(await storedUser(page)).toBeNull();
    expect(await page.getByRole('button', { name: 'Sign in with Unified ID' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('the demo service refuses what is not its own sign-in', () => {
  it('a callback that does not belong to this browser session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/demo-service/signin-callback?code=forged-code&state=forged-state&iss=${encodeURIComponent(issuer())}`);
    await expect.poll(() => page.locator('#out').textContent()).toBe('The sign-in response does not match this browser session. Please sign in again.');
    expect(page.url()).toBe(`${portal.url}/demo-service/`);
    expect(await page.getByRole('button', { name: 'Sign in with Unified ID' }).isVisible()).toBe(true);
    await context.close();
  });

  /** Signs in once (so the portal's SSO cookie is set), then starts a second sign-in whose token answer `swap` rewrites. */
  async function signInWithSwappedIdToken(context: BrowserContext, swap: (idToken: string, nonce: string) => Promise<string>): Promise<Page> {
    await signInToDemo(await context.newPage());
    const page = await context.newPage();
    let nonce = '';
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/oidc/auth') nonce = new URL(r.url()).searchParams.get('nonce') ?? '';
    });
    await page.route(`${issuer()}/token`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { id_token: string };
      await route.fulfill({ response, json: { ...body, id_token: await swap(body.id_token, nonce) } });
    });
    await page.goto(`${portal.url}/demo-service/`);
    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    return page;
  }

  it('an ID token whose claims were changed (the signature no longer matches)', async () => {
    const context = await browser.newContext();
    const page = await signInWithSwappedIdToken(context, async (idToken) => {
      const [header, payload, signature] = idToken.split('.');
      const edited = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object), email: 'mallory@example.com', name: 'Mallory' };
      return `${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`;
    });
    await expect.poll(() => page.locator('#out').textContent(), { timeout: 15_000 }).toBe('Sign-in failed: signature verification failed');
    expect(await storedUser(page)).toBeNull();
    expect(await page.locator('body').textContent()).not.toContain('Mallory');
    await context.close();
  });

  it('a genuine ID token with the right nonce, issued to another client', async () => {
    const context = await browser.newContext();
    // Another client's sign-in in the same browser, with the demo's nonce: a real token, for the wrong audience.
    const page = await signInWithSwappedIdToken(context, async (_idToken, nonce) => {
      const verifier = crypto.randomBytes(32).toString('base64url');
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      const redirectUri = `${SITE}/other/callback`;
      const auth = await context.request.get(`${issuer()}/auth?${new URLSearchParams({ client_id: 'other-spa', redirect_uri: redirectUri, response_type: 'code', scope: 'openid email', nonce, code_challenge: challenge, code_challenge_method: 'S256', state: 'other' })}`);
      const code = new URL(auth.url()).searchParams.get('code')!;
      const res = await fetch(`${issuer()}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'other-spa', code, redirect_uri: redirectUri, code_verifier: verifier }) });
      return ((await res.json()) as { id_token: string }).id_token;
    });
    await expect.poll(() => page.locator('#out').textContent(), { timeout: 15_000 }).toBe('Sign-in failed: unexpected "aud" claim value');
    expect(await storedUser(page)).toBeNull();
    await context.close();
  });
});

describe('the same client code on another origin (a team’s own SPA)', () => {
  it('signs in, reads userinfo and revokes its tokens across origins', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${SITE}/app/`);
    await expect.poll(() => page.locator('#out').textContent()).toBe('Not signed in.');
    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await signInAtLoginPage(page);
    await signedIn(page);
    expect(page.url()).toBe(`${SITE}/app/`);
    expect(await page.locator('#out').textContent()).toMatch(/^Account \S+ · email verified · language en-US$/);

    await page.getByRole('button', { name: 'Refresh tokens' }).click();
    await page.getByText('Tokens renewed at').waitFor();
    const user = (await storedUser(page, 'elsewhere-spa'))!;
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.locator('#out').textContent()).toBe('Signed out of the Demo Service.');
    expect((await fetch(`${issuer()}/me`, { headers: { Authorization: `Bearer ${user.access_token}` } })).status).toBe(401);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
