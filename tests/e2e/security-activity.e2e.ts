import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import type { DevMail } from '../support/mailLinks';
import { startPortal, type RunningPortal } from '../support/portal';
import { signInThroughApi } from '../support/signIn';

const EMAIL = 'owner@example.com';
const PASSWORD = 'Demo-pass-2024';
const NEW_PASSWORD = 'Fresh-pass-2025';
/** The user's own browser, and another one somewhere else (the edge in front of the portal names the place). */
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

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

async function signInWithForm(page: Page): Promise<void> {
  await page.goto(`${portal.url}/login`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL(`${portal.url}/accountSetting/**`);
}

const activity = (page: Page) => page.getByRole('region', { name: 'Recent activity' });
const entries = (page: Page) => activity(page).getByRole('list', { name: 'Recent activity' }).getByRole('listitem');

describe('security activity against the reference server', () => {
  it("shows a sign-in with its device; a stranger's sign-in is mailed, and 'This wasn't me' changes the password and logs out every other device", async () => {
    const mine = await browser.newContext({ userAgent: CHROME_WINDOWS, locale: 'en-US', timezoneId: 'Europe/Berlin', extraHTTPHeaders: { 'Viewer-Country': 'DE', 'Viewer-City': 'Berlin' } });
    const page = await mine.newPage();
    await signInWithForm(page);
    await page.goto(`${portal.url}/accountSetting/security`);
    await entries(page).first().waitFor();
    const own = entries(page).first();
    expect(await own.textContent()).toContain('Signed in');
    expect(await own.textContent()).toContain('Chrome 131 on Windows · Berlin, Germany');
    // The profile has no time zone: the browser's, named.
    expect(await own.locator('time').textContent()).toMatch(/GMT\+1|CET/);

    // Someone else signs in from another browser and country.
    const stranger = await browser.newContext({ userAgent: FIREFOX_LINUX, extraHTTPHeaders: { 'User-Agent': FIREFOX_LINUX, 'Viewer-Country': 'BR', 'Viewer-City': 'Recife' } });
    const strangerTokens = await signInThroughApi(stranger, portal.url, EMAIL, PASSWORD);
    const mail = (await (await page.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(EMAIL)}`)).json()) as DevMail[];
    expect(mail[0]).toMatchObject({ subject: 'New sign-in to your Unified ID' });
    expect(mail[0]!.text).toContain('Firefox 133, Linux');
    expect(mail[0]!.text).toContain('Recife, Brazil');

    await page.reload();
    await entries(page).first().waitFor();
    const theirs = entries(page).first();
    expect(await theirs.textContent()).toContain('New device');
    expect(await theirs.textContent()).toContain('Firefox 133 on Linux · Recife, Brazil');

    // On a phone's width: "This wasn't me" on that sign-in.
    await page.setViewportSize({ width: 375, height: 812 });
    await theirs.getByRole('button', { name: /^This wasn't me: Signed in/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Secure your account' });
    await dialog.getByLabel(/^Account password/).waitFor();
    await expectNoAxeViolations(page, { include: '[role="dialog"]' });
    await dialog.getByLabel(/^Account password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await dialog.getByLabel(/^Current password/).fill(PASSWORD);
    await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await dialog.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Your password is changed and every other device is logged out.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // The stranger's session is over; this one goes on, and the page lists what happened.
    const refused = await stranger.request.get(`${portal.url}/api/user-info`, { headers: { Authorization: `Bearer ${strangerTokens.accessToken}` } });
    expect(refused.status()).toBe(401);
    await page.setViewportSize({ width: 1366, height: 900 });
    await activity(page).getByText('Password changed').waitFor();
    expect(await page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem').count()).toBe(1);
    await page.reload();
    await entries(page).first().waitFor();
    expect(await entries(page).first().textContent()).toContain('Password changed');
    await stranger.close();
    await mine.close();
  });
});
