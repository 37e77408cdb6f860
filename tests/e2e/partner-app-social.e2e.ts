/**
 * Linking Google from inside a partner app (issue 29), in Debian's Chromium against `npm start`'s
 * defaults and its Google stand-in. The app's web view is a phone-sized context with the Android
 * bridge simulated (as partner-app.e2e.ts does); the device's browser is another context (its own
 * cookies, no portal session), which opens the page the bridge was handed. The link made there (after
 * the person confirmed which Google account goes to which ID) shows
 * on the app's Security page once the web view is shown again.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevAppSignInResult } from '../../core/contract/partnerApp';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const PASSWORD = 'Demo-pass-2024';
const PHONE = { width: 375, height: 740 };
const STAND_IN = { email: 'demo@example.com', password: 'Google-Stand-In-1' };
const RETURN_URI = 'com.vendor.partnerapp://unified-id/linked';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ localhost: true });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The Android app's web view on its Security page, the bridge's calls recorded. */
async function appSecurityPage(email: string): Promise<{ context: BrowserContext; page: Page; opened: string[] }> {
  const context = await browser.newContext({ viewport: PHONE });
  const opened: string[] = [];
  await context.exposeBinding('__recordBridge', (_source, json: string) => {
    const call = JSON.parse(json) as { type: string; url?: string };
    if (call.type === 'openExternal' && call.url) opened.push(call.url);
  });
  await context.addInitScript(() => {
    const record = (window as unknown as { __recordBridge: (json: string) => void }).__recordBridge;
    Object.assign(window, { UnifiedIdAndroid: { postMessage: (json: string) => record(json) } });
  });
  const res = await context.request.post(`${portal.url}/dev/app-sign-in`, { data: { email, password: PASSWORD, appType: 'partner_app_android' } });
  expect(res.status(), await res.text()).toBe(200);
  const tokens = (await res.json()) as DevAppSignInResult;
  const url = new URL('/accountSetting/security', portal.url);
  const params = { appType: 'partner_app_android', locale: 'en_US', appVersion: '3.2.0', accessToken: tokens.accessToken, tokenType: tokens.tokenType, refreshToken: tokens.refreshToken, sessionId: tokens.sessionId };
  Object.entries(params).forEach(([k, v]) => url.searchParams.set(k, v));
  const page = await context.newPage();
  await page.goto(url.toString());
  return { context, page, opened };
}

describe('linking Google from the partner app, in the device browser', () => {
  it('the app hands a one-time page to the browser; it names the ID, links after Google, offers the way back; the app card shows the link', async () => {
    const app = await appSecurityPage(STAND_IN.email);
    const card = app.page.getByRole('region', { name: 'Linked sign-ins' });
    await card.getByText('No other account is linked.').waitFor();
    await app.page.getByLabel(/^Account password/).fill(PASSWORD);
    await app.page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await app.page.getByText(/^Locks again in \d:\d\d$/).waitFor();
    await card.getByRole('button', { name: 'Link Google' }).click();
    await card.getByText('Finish linking Google in your browser, then come back to this app.').waitFor();
    // The web view stays where it was; the page went to the app, a portal page with the ticket in its fragment.
    expect(new URL(app.page.url()).pathname).toBe('/accountSetting/security');
    expect(app.opened).toHaveLength(1);
    const handed = new URL(app.opened[0]!);
    expect(handed.origin).toBe(portal.url);
    expect(handed.pathname).toBe('/social/app-link');
    expect(handed.search).toBe('');

    // The device's browser: no session of the portal, other cookies.
    const device = await browser.newContext({ viewport: PHONE });
    const page = await device.newPage();
    await page.goto(handed.toString());
    await page.getByRole('heading', { level: 1, name: 'Link Google to this ID?' }).waitFor();
    expect(new URL(page.url()).hash).toBe(''); // the ticket is out of the address at once
    await page.getByText(STAND_IN.email, { exact: true }).waitFor();
    await page.getByText('Partner App asked to link a Google account to this ID:').waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    // The same address in another browser (a forwarded link) opens nothing.
    const thief = await browser.newContext();
    const stolen = await thief.newPage();
    await stolen.goto(handed.toString());
    await stolen.getByRole('heading', { level: 1, name: "This link can't be used" }).waitFor();
    await thief.close();

    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: /Google \(local stand-in\)/ }).waitFor();
    await page.getByLabel(/email/i).fill(STAND_IN.email);
    await page.getByLabel(/password/i).fill(STAND_IN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    // Back from Google: which Google account goes to which ID; nothing is linked before "Link".
    await page.getByRole('heading', { level: 1, name: 'Link this Google account?' }).waitFor();
    await page.getByText('You signed in to Google as:').waitFor();
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Google is linked' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/social/app-link');
    // The way back is the app config's address: the browser is sent to the app's scheme.
    const toApp = page.waitForRequest((req) => req.url().startsWith('com.vendor.partnerapp:'), { timeout: 5000 }).then((r) => r.url(), () => null);
    const navigated = page.waitForEvent('framenavigated', { timeout: 5000 }).then((f) => f.url(), () => null);
    await page.getByRole('button', { name: 'Back to Partner App' }).click();
    const reached = (await toApp) ?? (await navigated);
    // Chromium has no handler for the app's scheme here: where it was sent is what counts.
    expect(reached).toBe(RETURN_URI);
    await device.close();

    // Back in the app: the web view is shown again and finds the link.
    await app.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await app.page.getByText('Google is now linked to your ID.').waitFor();
    await card.getByText(STAND_IN.email).waitFor();
    expect(await card.getByText(/Finish linking/).count()).toBe(0);
    await app.context.close();
  });
});
