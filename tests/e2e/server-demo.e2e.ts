/**
 * The reference server's own browser code, in Debian's Chromium against `npm start`:
 * the demo connected service's hand-off page (/demo-service/handoff/: the spec's session_code hand-off,
 * authorization code + PKCE in its handoff.js; its OpenID Connect page is oidc-client-ts.e2e.ts) and the
 * demo help desk (/demo-helpdesk/, help-desk JWT hand-off with source=zendesk).
 *
 * The portal's login view is not built yet, so the test plays the login page's part: when the
 * browser lands on /login?session_code=…, it posts /api/login with that session code through
 * the page's own request context (same cookies) and sends the page on to the returned
 * serviceUrl + redirectParams, as the login page will.
 */
import { SignJWT } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedirectParamsResult } from '../../core/contract/api';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { PORTAL_HEADERS } from '../support/signIn';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024', name: 'Dana Demo' };

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Waits for the login page, signs in as the login page would, and follows the hand-off. */
async function playLoginPage(page: Page, expectedSource?: string): Promise<RedirectParamsResult> {
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('session_code'));
  const loginUrl = new URL(page.url());
  expect(loginUrl.origin).toBe(portal.url);
  if (expectedSource) expect(loginUrl.searchParams.get('source')).toBe(expectedSource);
  // Sign in once the form shows, as a person can: a sign-in posted while the page still boots races
  // the page's own session check, which then hands the now signed-in user on by itself.
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const sessionCode = loginUrl.searchParams.get('session_code')!;
  const res = await page.request.post(`${portal.url}/api/login`, { headers: { ...PORTAL_HEADERS, session_code: sessionCode }, data: { email: DEMO.email, password: DEMO.password, language: 'en_US' } });
  const body = (await res.json()) as { result?: RedirectParamsResult; errorCode?: number };
  expect(res.status(), JSON.stringify(body)).toBe(200);
  const next = new URL(body.result!.serviceUrl);
  for (const [k, v] of Object.entries(body.result!.redirectParams)) next.searchParams.set(k, v);
  await page.goto(next.toString());
  return body.result!;
}

async function logged(context: BrowserContext): Promise<boolean> {
  const res = await context.request.post(`${portal.url}/api/logged`);
  return ((await res.json()) as { result: { loggedIn: boolean } }).result.loggedIn;
}

describe('demo connected service, the spec hand-off page', () => {
  it('signs in through the portal, shows who signed in, and signs out again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const tokenCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/token') tokenCalls.push(req.postData() ?? '');
    });

    await page.goto(`${portal.url}/demo-service/handoff/`);
    await expect.poll(() => page.locator('#out').textContent()).toBe('Not signed in.');
    expect(await page.locator('#signout').isHidden()).toBe(true);

    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    const handOff = await playLoginPage(page);
    expect(handOff.serviceUrl).toBe(`${portal.url}/api/authorize`);

    // The demo's own script exchanges the code (PKCE) and shows the user.
    await page.waitForURL(`${portal.url}/demo-service/handoff/`);
    await expect.poll(() => page.locator('#who').textContent(), { timeout: 10_000 }).toBe(`Signed in as ${DEMO.name} <${DEMO.email}>`);
    expect(await page.locator('#out').textContent()).toMatch(/^Account \S+ · data region Euw · language en_US$/);
    expect(tokenCalls).toHaveLength(1);
    const exchange = JSON.parse(tokenCalls[0]!) as Record<string, string>;
    expect(exchange).toMatchObject({ grant_type: 'authorization_code', client_id: 'demo-service', redirect_uri: `${portal.url}/demo-service/callback` });
    expect(exchange.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await page.locator('#signin').isHidden()).toBe(true);
    expect(await logged(context)).toBe(true);

    // The code was single use: replaying the exchange is refused.
    const replay = await page.request.post(`${portal.url}/api/token`, { data: exchange });
    expect(((await replay.json()) as { errorCode: number }).errorCode).toBe(-3091);

    const access = await page.evaluate(() => sessionStorage.getItem('demo-service.access'));
    expect(access).toBeTruthy();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.locator('#out').textContent(), { timeout: 10_000 }).toBe('Not signed in.');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // Signed out for real: the access token is revoked and the portal's SSO session is over.
    const after = await context.request.get(`${portal.url}/api/user-info`, { headers: { Authorization: `Bearer ${access}` } });
    expect(after.status()).toBe(401);
    expect(await logged(context)).toBe(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refuses a callback that does not belong to this browser session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/demo-service/callback?code=forged-code&state=forged-state`);
    await expect.poll(() => page.locator('#out').textContent()).toBe('The sign-in response does not match this browser session. Please sign in again.');
    await context.close();
  });

  it('goes straight back to the service when the portal session is already open', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/demo-service/handoff/`);
    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await playLoginPage(page);
    await expect.poll(() => page.locator('#who').textContent(), { timeout: 10_000 }).toBe(`Signed in as ${DEMO.name} <${DEMO.email}>`);
    // A second tab of the service has its own session storage: it signs in again, through
    // the portal's SSO cookie, without any login page.
    const second = await context.newPage();
    const visited: string[] = [];
    second.on('framenavigated', (frame) => {
      if (frame === second.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await second.goto(`${portal.url}/demo-service/handoff/`);
    await second.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await expect.poll(() => second.locator('#who').textContent(), { timeout: 10_000 }).toBe(`Signed in as ${DEMO.name} <${DEMO.email}>`);
    expect(visited).not.toContain('/login');
    expect(visited).toContain('/demo-service/callback');
    await context.close();
  });
});

describe('demo help desk (source=zendesk)', () => {
  async function signInToHelpdesk(page: Page): Promise<string> {
    await page.goto(`${portal.url}/demo-helpdesk/`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    const handOff = await playLoginPage(page, 'zendesk');
    expect(handOff.serviceUrl).toBe(`${portal.url}/api/helpdesk/sso`);
    expect(handOff.redirectParams).toMatchObject({ brand_id: '1', locale_id: '1', return_to: `${portal.url}/demo-helpdesk/` });
    await page.waitForURL((url) => url.pathname === '/demo-helpdesk/access/jwt');
    return page.url();
  }

  it('verifies the JWT and shows the user; a replayed, forged or tampered token is refused', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const jwtUrl = await signInToHelpdesk(page);
    expect(await page.locator('#who').textContent()).toBe(`Signed in to the help desk as ${DEMO.name} (${DEMO.email}).`);
    const claims = JSON.parse((await page.locator('pre').textContent())!) as Record<string, unknown>;
    expect(claims).toMatchObject({ email: DEMO.email, name: DEMO.name, brand_id: '1', locale_id: '1' });
    expect(claims.external_id).toEqual(expect.any(String));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(180);
    expect(await page.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(`${portal.url}/demo-helpdesk/`);

    // The same token a second time: refused (single use by jti).
    const replay = await page.goto(jwtUrl);
    expect(replay!.status()).toBe(401);
    expect(await page.locator('h1').textContent()).toBe('Sign-in refused');
    expect(await page.locator('body').textContent()).toContain('replayed token');

    // Signed with another key: refused.
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ email: 'attacker@example.com', name: 'Mallory', external_id: 'x' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 180)
      .setJti('forged-jti-1')
      .sign(new TextEncoder().encode('not-the-help-desk-secret-not-the-help-desk-secret'));
    const forgedRes = await page.goto(`${portal.url}/demo-helpdesk/access/jwt?jwt=${forged}`);
    expect(forgedRes!.status()).toBe(401);
    expect(await page.locator('h1').textContent()).toBe('Sign-in refused');
    expect(await page.locator('body').textContent()).not.toContain('Mallory');

    // A genuine token whose claims were edited: the signature no longer matches. (The SSO
    // cookie is set by now, so the help desk's sign-in link leads straight to a new token.)
    await page.goto(`${portal.url}/demo-helpdesk/`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/demo-helpdesk/access/jwt');
    const fresh = new URL(page.url());
    const [header, payload, signature] = fresh.searchParams.get('jwt')!.split('.');
    const edited = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>), email: 'attacker@example.com' };
    fresh.searchParams.set('jwt', `${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`);
    const tampered = await page.goto(fresh.toString());
    expect(tampered!.status()).toBe(401);
    expect(await page.locator('h1').textContent()).toBe('Sign-in refused');
    expect(await page.locator('body').textContent()).not.toContain('attacker@example.com');
    await context.close();
  });

  it('hands an already signed-in user straight to the help desk', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInToHelpdesk(page);
    // The SSO cookie is set now: the next help-desk sign-in skips the login page.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(`${portal.url}/demo-helpdesk/`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/demo-helpdesk/access/jwt');
    expect(await page.locator('#who').textContent()).toBe(`Signed in to the help desk as ${DEMO.name} (${DEMO.email}).`);
    expect(visited).not.toContain('/login');
    await context.close();
  });
});
