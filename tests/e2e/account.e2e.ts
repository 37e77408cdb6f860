import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { addProbe } from '../support/probe';
import { PORTAL_HEADERS, seedTokens, signInThroughApi } from '../support/signIn';
import { regionCodesKept } from '../../core/testing/regionCodes';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  // Short-lived access tokens, so the refresh path runs for real within a test.
  portal = await startPortal({ env: { ACCESS_TOKEN_SECONDS: '6' } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function signedInPage(options: { noWebLocks?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; refreshCalls: () => number }> {
  // bypassCSP: the two-tab test adds a probe script (the portal's own HTTP client) to the pages.
  const context = await browser.newContext({ bypassCSP: true });
  // A browser without Web Locks: the tabs coordinate through a lease in storage instead.
  if (options.noWebLocks) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true }));
  let refreshes = 0;
  context.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/refresh-token') refreshes += 1;
  });
  const tokens = await signInThroughApi(context, portal.url, DEMO.email, DEMO.password);
  const page = await context.newPage();
  await seedTokens(page, portal.url, tokens);
  return { context, page, refreshCalls: () => refreshes };
}

describe('the account plugin against the reference server', () => {
  it('validates the session, loads the user and shows the account page in the shell', async () => {
    const { context, page } = await signedInPage();
    // /accountSetting itself opens My Profile (the default child) once the profile plugin is on.
    await page.goto(`${portal.url}/accountSetting/account`);
    await page.waitForURL(`${portal.url}/accountSetting/account`);
    await page.getByRole('heading', { name: 'Your Unified ID account' }).waitFor();
    expect(await page.getByText(DEMO.email).first().isVisible()).toBe(true);
    expect(await page.getByText(regionCodesKept('Europe (eu-west-1)')).isVisible()).toBe(true);
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    expect(await menu.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    // The default logo shows "Unified ID" itself: the header's title is there for screen readers only.
    const banner = page.getByRole('banner');
    await banner.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    expect(await banner.locator('img').getAttribute('alt')).toBe('');
    expect(await banner.getByText('Unified ID', { exact: true }).evaluate((title) => title.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows the page in the language of the link, from the plugin namespace loaded on demand', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${portal.url}/accountSetting/account?lang=fr_FR`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).not.toBe('Your Unified ID account');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    await context.close();
  });

  it.each([
    ['with Web Locks', false],
    ['without Web Locks', true],
  ])('refreshes an expired access token once for 5 parallel calls in each of two tabs (%s), then replays them; no one is signed out', async (_how, noWebLocks) => {
    const { context, page, refreshCalls } = await signedInPage({ noWebLocks });
    const second = await context.newPage();
    for (const tab of [page, second]) {
      await tab.goto(`${portal.url}/accountSetting/account`);
      await tab.getByRole('button', { name: 'Refresh' }).waitFor();
      await addProbe(tab);
    }
    const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
    const refreshesBefore = refreshCalls();

    // A slow refresh answer, so the other tab's calls meet their 401 while the first refresh is under way.
    await context.route('**/api/refresh-token', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.waitForTimeout(6500); // the access token has now expired
    // In each tab at once: 5 calls through the portal's HTTP client (the probe) and the page's own Refresh.
    // Both tabs are watched at once: the 4 s toast of the quicker tab may be gone before the slower one's shows.
    const updated = (p: Page) => p.getByText('Account details updated.').waitFor();
    const fiveCalls = (p: Page) => p.evaluate(() => window.portalProbe.parallelCalls(5));
    const [first, other] = await Promise.all([
      fiveCalls(page),
      fiveCalls(second),
      updated(page),
      updated(second),
      page.getByRole('button', { name: 'Refresh' }).click(),
      second.getByRole('button', { name: 'Refresh' }).click(),
    ]);

    expect([first, other]).toEqual([
      { ok: 5, failed: [], expired: [] },
      { ok: 5, failed: [], expired: [] },
    ]);
    expect(refreshCalls() - refreshesBefore).toBe(1);
    expect(await page.evaluate(() => 'locks' in navigator && Boolean(navigator.locks))).toBe(!noWebLocks);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await second.getByRole('alertdialog').count()).toBe(0);
    const after = await page.evaluate(() => localStorage.getItem('refreshToken'));
    expect(after).not.toBe(before); // rotated, and stored
    await context.close();
  });

  it('a revoked token ends the session once, with the session-timeout modal, and OK goes to sign-in', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${portal.url}/accountSetting/account`);
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    // Sign out elsewhere: the server revokes this session's tokens.
    const token = await page.evaluate(() => `${localStorage.getItem('tokenType')} ${localStorage.getItem('accessToken')}`);
    await context.request.post(`${portal.url}/api/logout`, { headers: { ...PORTAL_HEADERS, Authorization: token }, params: { email: DEMO.email } });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Your account has been logged out. Please log in again.').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(1);
    const dialog = page.getByRole('alertdialog');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await dialog.getByRole('button', { name: 'Sign in again' }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/');
    await context.close();
  });

  it('signs out on the server and keeps the chosen language', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${portal.url}/accountSetting/account?lang=de_DE`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const signOut = page.getByRole('main').getByRole('button').last();
    await signOut.click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('de_DE');
    const logged = await context.request.post(`${portal.url}/api/logged`);
    expect(((await logged.json()) as { result: { loggedIn: boolean } }).result.loggedIn).toBe(false);
    await context.close();
  });
});

describe('issue 27: the account page', () => {
  it("the 'Unified ID' menu entry opens the deployment's Unified ID home, not the developer demo page", async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${portal.url}/accountSetting/account`);
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    expect(await menu.getByRole('link', { name: 'Unified ID' }).getAttribute('href')).toBe('https://unified-id.example/');
    await context.close();
  });

  it('a language chosen in the header is the Language line at once, and the account keeps it', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${portal.url}/accountSetting/account`);
    await page.getByRole('heading', { name: 'Your Unified ID account' }).waitFor();
    await page.locator('dd', { hasText: /^English$/ }).waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await page.locator('dd', { hasText: /^Deutsch$/ }).waitFor();
    await expect
      .poll(async () => {
        const token = await page.evaluate(() => localStorage.getItem('accessToken'));
        const user = await context.request.get(`${portal.url}/api/user-info`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await user.json()) as { result?: { language: string } }).result?.language;
      })
      .toBe('de_DE');
    // Back to English, so the other tests of this file read the page as they expect.
    await page.getByRole('button', { name: /Deutsch/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Your Unified ID account' }).waitFor();
    await context.close();
  });
});
