import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { chooseCountry } from '../support/registerForm';

/**
 * Region overrides take effect the moment the account's region is known: on the first
 * sign-in, without a reload. The config keeps the default region Euw (Security and Company
 * on, Account off; Your data on everywhere) and overrides Use (Security and Company off, Account on) and Aps (Company off).
 */
const USE_USER = { email: 'us@example.com', password: 'Demo-pass-2024' };
const EUW_USER = { email: 'demo@example.com', password: 'Demo-pass-2024' };

let browser: Browser;
let portal: RunningPortal;
let configDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  configDir = mkdtempSync(path.join(tmpdir(), 'uid-e2e-regions-'));
  const config = JSON.parse(readFileSync('config/default.json', 'utf8')) as Record<string, unknown> & { plugins: Record<string, unknown> };
  config.plugins['account'] = { enabled: false, config: { showAccountId: true } };
  config.regions = {
    Use: { plugins: { security: { enabled: false }, company: { enabled: false }, account: { enabled: true } } },
    Aps: { plugins: { company: { enabled: false } } },
  };
  const file = path.join(configDir, 'regions.json');
  writeFileSync(file, JSON.stringify(config));
  // The Android app's config, with Security off for Use (the app's sign-in tells the region).
  const app = JSON.parse(readFileSync('config/app-android.json', 'utf8')) as Record<string, unknown>;
  app.regions = { Use: { plugins: { security: { enabled: false } } } };
  const appFile = path.join(configDir, 'app-android.json');
  writeFileSync(appFile, JSON.stringify(app));
  portal = await startPortal({ config: file, env: { PORTAL_APP_CONFIGS: `partner_app_android=${appFile}` } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** Every URL path the page asks for, and whether a menu link to `watched` ever appeared (any page load). */
async function watchedContext(watched: string[]): Promise<{ context: BrowserContext; page: Page; requests: string[]; sawLink: () => Promise<string[]> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript((paths: string[]) => {
    const seen = new Set<string>(JSON.parse(sessionStorage.getItem('e2e-seen-links') ?? '[]') as string[]);
    new MutationObserver(() => {
      for (const p of paths) {
        if (!seen.has(p) && document.querySelector(`a[href$="/accountSetting/${p}"]`)) {
          seen.add(p);
          sessionStorage.setItem('e2e-seen-links', JSON.stringify([...seen]));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, watched);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (req) => requests.push(new URL(req.url()).pathname));
  const sawLink = async () => JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-seen-links'))) ?? '[]') as string[];
  return { context, page, requests, sawLink };
}

/** Sign in through the real login page, as a person would (the hand-off ends on the account pages). */
async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/accountSetting/myProfile'));
  await page.getByRole('heading', { name: 'My Profile' }).waitFor();
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Account menu' });
const menuLabels = async (page: Page) => (await menu(page).getByRole('link').allTextContents()).map((s) => s.trim());

/** Files of a plugin: its chunks (named plugin-<id>-…, rollup.config.mjs) and its locale files (<lang>/<id>.json). */
const filesOf = (requests: string[], id: string) => requests.filter((p) => p.includes(`/plugin-${id}-`) || p.endsWith(`/${id}.json`));
/** What a plugin costs beyond the manifest that /login loads when the default region enables it. */
const codeOf = (requests: string[], id: string) => filesOf(requests, id).filter((p) => !p.includes(`/plugin-${id}-manifest-`));

/**
 * A company API call made by hand from the signed-in page, with the page's own token and portal
 * header, as a person with the browser's console would: the server obeys the switch too.
 */
async function companyCall(page: Page): Promise<{ status: number; body: { errorCode?: number; result?: unknown } }> {
  return page.evaluate(async () => {
    const auth = { Authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'X-UID-Request': '1' };
    const me = (await (await fetch('/api/user-info', { headers: auth })).json()) as { result: { accountId: string } };
    const res = await fetch(`/api/accounts/${me.result.accountId}/orgs`, { headers: auth });
    return { status: res.status, body: (await res.json()) as { errorCode?: number; result?: unknown } };
  });
}

/** In-app navigation (wouter follows history.pushState): no reload, the same registry. */
async function goInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => history.pushState(null, '', target), to);
}

describe('region overrides against the reference server', () => {
  it("a Use account's first sign-in has Use's plugin set; signed out, a Euw account in the same browser has Euw's", async () => {
    const { context, page, requests, sawLink } = await watchedContext(['security', 'company', 'account']);
    await page.goto(`${portal.url}/`);
    await signIn(page, USE_USER);

    // Use: no Security or Company, ever, not even for a moment; the Use-only Account is there.
    expect(await menuLabels(page)).toEqual(['My Profile', 'Your data', 'Account']);
    expect(await sawLink()).toEqual(['account']);
    await goInApp(page, '/accountSetting/security');
    await page.waitForURL((url) => url.pathname === '/accountSetting/myProfile');
    await goInApp(page, '/accountSetting/company');
    await page.waitForURL((url) => url.pathname === '/accountSetting/myProfile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await menu(page).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Your Unified ID account' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const id of ['security', 'company']) expect(codeOf(requests, id)).toEqual([]);
    expect(filesOf(requests, 'account').length).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('region'))).toBe('Use');
    // Hidden is not enough: the company API refuses the Use account as well.
    expect(await companyCall(page)).toEqual({ status: 403, body: expect.objectContaining({ errorCode: -19999, result: { plugin: 'company', offIn: 'Use', appType: null } }) });

    // Sign-out returns to the default region's plugin set; then a Euw account signs in.
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, EUW_USER);
    expect(await menuLabels(page)).toEqual(['My Profile', 'Security', 'Company', 'Your data']);
    await menu(page).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Security settings' }).waitFor();
    await menu(page).getByRole('link', { name: 'Company' }).click();
    await page.getByRole('heading', { name: 'You are not in a company yet' }).waitFor();
    expect(await companyCall(page)).toEqual({ status: 200, body: { result: { orgs: [], applications: [] } } });
    expect(codeOf(requests, 'security').length).toBeGreaterThan(0);
    expect(codeOf(requests, 'company').length).toBeGreaterThan(0);
    // The Use-only plugin is gone for Euw: no menu entry, and its page goes to the default one.
    await goInApp(page, '/accountSetting/account');
    await page.waitForURL((url) => url.pathname === '/accountSetting/myProfile');
    await context.close();
  });

  it('a plugin enabled only for Use never loads for a Euw account', async () => {
    const { context, page, requests, sawLink } = await watchedContext(['account']);
    await page.goto(`${portal.url}/`);
    await signIn(page, EUW_USER);
    expect(await menuLabels(page)).toEqual(['My Profile', 'Security', 'Company', 'Your data']);
    await goInApp(page, '/accountSetting/account');
    await page.waitForURL((url) => url.pathname === '/accountSetting/myProfile');
    await page.waitForLoadState('networkidle');
    expect(filesOf(requests, 'account')).toEqual([]);
    expect(await sawLink()).toEqual([]);
    await context.close();
  });

  it('a region confirmed at sign-in applies to the account pages that follow', async () => {
    const { context, page, requests, sawLink } = await watchedContext(['company']);
    await page.goto(`${portal.url}/`);
    await page.waitForURL(/\/login\?session_code=/);
    await page.getByLabel('Email').fill('region@example.com');
    await page.getByLabel(/^Password/).fill('Demo-pass-2024');
    await page.getByLabel(/^Password/).press('Enter');
    await page.getByRole('heading', { name: 'Confirm your country/region' }).waitFor();
    await chooseCountry(page, 'Japan');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/accountSetting/myProfile'));
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(await menuLabels(page)).toEqual(['My Profile', 'Security', 'Your data']);
    await page.waitForLoadState('networkidle');
    expect(codeOf(requests, 'company')).toEqual([]);
    expect(await sawLink()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('region'))).toBe('Aps');
    await context.close();
  });

  it("the partner app's take-over applies the account's region; the app's sign-out still goes to the bridge", async () => {
    const { context, page, requests, sawLink } = await watchedContext(['security']);
    const calls: unknown[] = [];
    await context.exposeBinding('__recordBridge', (_source, json: string) => calls.push(JSON.parse(json)));
    await context.addInitScript(() => {
      const record = (window as unknown as { __recordBridge: (json: string) => void }).__recordBridge;
      Object.assign(window, { UnifiedIdAndroid: { postMessage: (json: string) => record(json) } });
    });
    const signedIn = await context.request.post(`${portal.url}/dev/app-sign-in`, { data: { ...USE_USER, appType: 'partner_app_android' } });
    const tokens = (await signedIn.json()) as Record<string, string>;
    const launch = new URL('/accountSetting', portal.url);
    for (const key of ['accessToken', 'tokenType', 'refreshToken', 'sessionId']) launch.searchParams.set(key, tokens[key]!);
    launch.searchParams.set('appType', 'partner_app_android');
    launch.searchParams.set('locale', 'en_US');
    launch.searchParams.set('appVersion', '3.2.0');
    await page.goto(launch.toString());
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(await menuLabels(page)).toEqual(['My Profile', 'Company', 'Account']);
    await page.waitForLoadState('networkidle');
    expect(codeOf(requests, 'security')).toEqual([]);
    expect(await sawLink()).toEqual([]);

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: "You're signed out" }).waitFor();
    expect(calls).toEqual([{ v: 1, type: 'signOut', appType: 'partner_app_android' }]);
    expect(requests.filter((p) => p.endsWith('/logout'))).toEqual([]);
    await context.close();
  });
});
