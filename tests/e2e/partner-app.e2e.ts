import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppType, DevAppSignInResult } from '../../core/contract/partnerApp';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

/**
 * The portal inside the partner apps, in real Chromium against the reference server: the
 * app's query with real tokens (from the app's own sign-in, stood in for by /dev/app-sign-in),
 * a simulated Android JavaScript interface or iOS message handler installed before any page
 * script (as the apps inject theirs), and the app deployment configs the server picks by appType.
 */
const PASSWORD = 'Demo-pass-2024';
const PHONE = { width: 375, height: 740 };

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

type BridgeCall = { platform: 'android' | 'ios'; call: unknown };

interface AppPage {
  context: BrowserContext;
  page: Page;
  calls: BridgeCall[];
  /** Every request the page made, with its Referer. */
  requests: Array<{ url: string; referer: string | undefined }>;
  tokens: DevAppSignInResult;
}

async function appSignIn(context: BrowserContext, email: string, appType: string): Promise<DevAppSignInResult> {
  const res = await context.request.post(`${portal.url}/dev/app-sign-in`, { data: { email, password: PASSWORD, appType } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as DevAppSignInResult;
}

function launchUrl(path: string, appType: string, tokens: DevAppSignInResult, locale = 'en_US'): string {
  const url = new URL(path, portal.url);
  const params = { appType, locale, appVersion: '3.2.0', accessToken: tokens.accessToken, tokenType: tokens.tokenType, refreshToken: tokens.refreshToken, sessionId: tokens.sessionId };
  Object.entries(params).forEach(([k, v]) => url.searchParams.set(k, v));
  return url.toString();
}

/** Open the portal the way the app's web view does; `bridge: false` leaves the bridge out. */
async function openInApp(options: { email: string; appType: AppType | string; signInAs?: AppType; path?: string; bridge?: boolean; locale?: string }): Promise<AppPage> {
  const context = await browser.newContext({ viewport: PHONE });
  const calls: BridgeCall[] = [];
  await context.exposeBinding('__recordBridge', (_source, platform: 'android' | 'ios', call: unknown) => {
    calls.push({ platform, call: typeof call === 'string' ? JSON.parse(call) : call });
  });
  if (options.bridge !== false) {
    await context.addInitScript(() => {
      const record = (window as unknown as { __recordBridge: (p: string, c: unknown) => void }).__recordBridge;
      // Both apps' shapes at once: each page only uses the one of its app type.
      Object.assign(window, {
        UnifiedIdAndroid: { postMessage: (json: string) => record('android', json) },
        webkit: { messageHandlers: { unifiedId: { postMessage: (message: unknown) => record('ios', message) } } },
      });
    });
  }
  const requests: AppPage['requests'] = [];
  context.on('request', (req) => {
    const entry: AppPage['requests'][number] = { url: req.url(), referer: undefined };
    requests.push(entry);
    // The headers Chromium really sent (headers() only has provisional ones, Referer included).
    void req.allHeaders().then((h) => (entry.referer = h['referer']), () => undefined);
  });
  const tokens = await appSignIn(context, options.email, options.signInAs ?? (options.appType as AppType));
  const page = await context.newPage();
  await page.goto(launchUrl(options.path ?? '/accountSetting', options.appType, tokens, options.locale));
  return { context, page, calls, requests, tokens };
}

function expectNoTokens(text: string, tokens: DevAppSignInResult) {
  expect(text).not.toContain(tokens.accessToken);
  expect(text).not.toContain(tokens.refreshToken);
  expect(text).not.toContain(`sessionId=${tokens.sessionId}`);
}

describe('partner app: Android', () => {
  it('takes over the app session, strips the tokens from the address bar and history, and sets the session cookie', async () => {
    const { context, page, requests, tokens } = await openInApp({ email: 'demo@example.com', appType: 'partner_app_android' });
    await page.waitForURL(/\/accountSetting\/myProfile/);
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    expectNoTokens(page.url(), tokens);
    // At phone width the menu folds behind a button.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(/\/accountSetting\/security/);
    // History: the launch entry was replaced, so walking back meets no entry with the tokens.
    const visited: string[] = [];
    for (let step = 0; step < 5 && !page.url().startsWith('about:'); step++) {
      await page.goBack(); // null for in-page entries: the URL is what counts
      visited.push(page.url());
    }
    expect(visited.at(-1)).toBe('about:blank'); // walked all the way back
    for (const url of visited) expectNoTokens(url, tokens);
    await page.goto(`${portal.url}/accountSetting/myProfile`);
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    // Only the app's own request for the page carried the tokens: nothing after it, not even a Referer.
    const launchIndex = requests.findIndex((r) => r.url.includes(tokens.accessToken));
    expect(new URL(requests[launchIndex]!.url).pathname).toBe('/accountSetting');
    for (const r of requests.slice(launchIndex + 1)) {
      expectNoTokens(r.url, tokens);
      if (r.referer) expectNoTokens(r.referer, tokens);
    }
    // The session cookie for this web view: HttpOnly, the server's; the launch cookie: no secrets.
    const cookies = await context.cookies(); // all paths: the session cookie lives on /api
    const launch = cookies.find((c) => c.name === 'uid_app');
    expect(decodeURIComponent(launch?.value ?? '')).toBe('appType=partner_app_android&locale=en_US&appVersion=3.2.0');
    expect(launch?.expires).toBe(-1); // a session cookie
    const sso = cookies.find((c) => c.path === '/api' && c.httpOnly);
    expect(sso).toBeDefined();
    expectNoTokens(JSON.stringify(cookies), tokens);
    const logged = await page.evaluate(async () => (await (await fetch('/api/logged', { method: 'POST', credentials: 'include' })).json()) as { result: { loggedIn: boolean; email?: string } });
    expect(logged.result).toMatchObject({ loggedIn: true, email: 'demo@example.com' });
    // Inside the app: the app's name, no footer, language menu or carousel.
    await expect(page.title()).resolves.toContain('Partner App');
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByRole('button', { name: /language/i }).count()).toBe(0);
    expect(await page.locator('.keen-slider').count()).toBe(0);
    await context.close();
  });

  it('profile edits save and ask the app to refresh the account; security unlocks', async () => {
    const { context, page, calls } = await openInApp({ email: 'demo@example.com', appType: 'partner_app_android' });
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel(/^Nickname/).fill('droid');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been updated.').waitFor();
    expect(calls).toContainEqual({ platform: 'android', call: { v: 1, type: 'refreshAccount', appType: 'partner_app_android' } });

    await page.goto(`${portal.url}/accountSetting/security`);
    await page.getByLabel(/^Account password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByText('Settings are unlocked').waitFor();
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await context.close();
  });

  it('a reload keeps running as the app, on the stored session', async () => {
    const { context, page } = await openInApp({ email: 'demo@example.com', appType: 'partner_app_android', path: '/accountSetting/security' });
    await page.waitForURL(/\/accountSetting\/security/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    // The address has no query now; a reload is told "app" by the launch cookie.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    await expect(page.title()).resolves.toContain('Partner App');
    await context.close();
  });

  it('sign-out calls the bridge and not the server', async () => {
    const { context, page, calls, requests } = await openInApp({ email: 'demo@example.com', appType: 'partner_app_android' });
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: "You're signed out" }).waitFor();
    expect(calls).toEqual([{ platform: 'android', call: { v: 1, type: 'signOut', appType: 'partner_app_android' } }]);
    expect(requests.filter((r) => new URL(r.url).pathname.endsWith('/logout'))).toEqual([]);
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
    // The signed-out screen offers the app's sign-in again (a second, deliberate call).
    await page.getByRole('button', { name: "Go to the app's sign-in" }).click();
    expect(calls).toHaveLength(2);
    await context.close();
  });

  it('without a bridge, sign-out says so instead of failing', async () => {
    const { context, page, requests } = await openInApp({ email: 'demo@example.com', appType: 'partner_app_android', bridge: false });
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alert').filter({ hasText: "isn't connected to the app" }).waitFor();
    expect(requests.filter((r) => new URL(r.url).pathname.endsWith('/logout'))).toEqual([]);
    await context.close();
  });
});

describe('partner app: iOS', () => {
  it('runs in the app language; profile and security work; sign-out and refresh go to the message handler', async () => {
    const german = await openInApp({ email: 'demo@example.com', appType: 'partner_app_ios', locale: 'de_DE' });
    await german.page.waitForURL(/\/accountSetting\/myProfile/);
    expect(await german.page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await german.context.close();

    const { context, page, calls, requests } = await openInApp({ email: 'demo@example.com', appType: 'partner_app_ios', locale: 'en-GB' });
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel(/^Nickname/).fill('ios');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been updated.').waitFor();
    expect(calls).toContainEqual({ platform: 'ios', call: { v: 1, type: 'refreshAccount', appType: 'partner_app_ios' } });

    // The app tells the page it changed the account natively: the page reloads it, without echoing back.
    const before = requests.filter((r) => r.url.endsWith('/user-info')).length;
    const refreshCalls = calls.length;
    await page.evaluate(() => window.postMessage({ source: 'unified-id-app', v: 1, type: 'accountUpdated' }, window.location.origin));
    await expect.poll(() => requests.filter((r) => r.url.endsWith('/user-info')).length).toBe(before + 1);
    // A message of another shape is ignored.
    await page.evaluate(() => window.postMessage({ source: 'unified-id-app', v: 1, type: 'accountUpdated', accessToken: 'x' }, window.location.origin));
    await page.waitForTimeout(300);
    expect(requests.filter((r) => r.url.endsWith('/user-info')).length).toBe(before + 1);
    expect(calls).toHaveLength(refreshCalls);

    await page.goto(`${portal.url}/accountSetting/security`);
    await page.getByLabel(/^Account password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByText('Settings are unlocked').waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: "You're signed out" }).waitFor();
    expect(calls.at(-1)).toEqual({ platform: 'ios', call: { v: 1, type: 'signOut', appType: 'partner_app_ios' } });
    expect(requests.filter((r) => new URL(r.url).pathname.endsWith('/logout'))).toEqual([]);
    await context.close();
  });

  it('the iOS app gets its own plugin selection (no company pages)', async () => {
    const { context, page } = await openInApp({ email: 'owner@example.com', appType: 'partner_app_ios' });
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Security' }).waitFor();
    expect(await page.getByRole('link', { name: 'Company' }).count()).toBe(0);
    await context.close();
  });
});

describe('partner app: refused launches', () => {
  it('a wrong appType gets the error screen and no session', async () => {
    const { context, page, requests, tokens } = await openInApp({ email: 'demo@example.com', appType: 'partner_app_windows', signInAs: 'partner_app_android' });
    await page.getByRole('heading', { name: "This page can't open here" }).waitFor();
    await page.getByText("isn't one the portal supports").waitFor();
    expectNoTokens(page.url(), tokens);
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
    // Not one API call was made with the app's token, and no session cookie was set.
    expect(requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'))).toEqual([]);
    const cookies = await context.cookies(); // all paths: the session cookie lives on /api
    expect(cookies.filter((c) => c.name === 'uid_app' || (c.path === '/api' && c.httpOnly))).toEqual([]);
    await context.close();
  });

  it("an app's token used with the other app's appType is refused by the server", async () => {
    const { context, page } = await openInApp({ email: 'demo@example.com', appType: 'partner_app_ios', signInAs: 'partner_app_android' });
    await page.getByRole('heading', { name: "This page can't open here" }).waitFor();
    await page.getByText("couldn't be continued here").waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });
});

describe('the app simulator (development)', () => {
  it('launches the portal in a phone frame with a fake bridge that logs the calls', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/dev/app-simulator`);
    await page.locator('select[name="app"]').selectOption('partner_app_ios');
    await page.getByRole('button', { name: 'Launch' }).click();
    const frame = page.frameLocator('#phone');
    await frame.getByRole('button', { name: 'Edit profile' }).waitFor();
    await frame.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'App login screen' }).waitFor();
    await page.getByText('"type":"signOut"').waitFor();
    expect(await page.locator('#log li').count()).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});
