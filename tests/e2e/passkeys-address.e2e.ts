/**
 * Issue 27: at an address the browser takes no passkeys at (an IP address, such as the
 * http://127.0.0.1:PORT an older `npm start` printed), "Sign in with a passkey" and "Create passkey"
 * did nothing and said nothing. Chromium refuses WebAuthn there (SecurityError): the page now says
 * why, naming the address. The passkey flows themselves at localhost: passkeys.e2e.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { seedTokens, signInThroughApi } from '../support/signIn';
import { virtualAuthenticator } from '../support/virtualAuthenticator';

const EMAIL = 'demo@example.com';
const PASSWORD = 'Demo-pass-2024';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  // Served and browsed as 127.0.0.1 (PUBLIC_ORIGIN too): the relying party the browser refuses.
  portal = await startPortal();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('passkeys at an IP address', () => {
  it('"Sign in with a passkey" says the browser refused the address', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await virtualAuthenticator(context, page);
    await page.goto(`${portal.url}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'passkeys' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toMatch(/refused passkeys at this address \(.?127\.0\.0\.1.?\).*not an IP address/);
    await context.close();
  });

  it('"Create passkey" on the Security page says the same, and keeps the form', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await virtualAuthenticator(context, page);
    await seedTokens(page, portal.url, await signInThroughApi(context, portal.url, EMAIL, PASSWORD));
    await page.goto(`${portal.url}/accountSetting/security`);
    await page.getByRole('heading', { name: 'Security settings' }).waitFor();
    await page.getByLabel(/^Account password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByText(/^Locks again in \d:\d\d$/).waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('button', { name: 'Create passkey' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'not an IP address' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toContain('127.0.0.1');
    expect(await page.getByLabel(/^Passkey name/).isVisible()).toBe(true);
    await context.close();
  });
});
