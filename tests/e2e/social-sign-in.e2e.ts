/**
 * Social sign-in (plugins/social-sign-in) in Debian's Chromium against `npm start`'s defaults: the
 * demo config offers Google in Euw and Use, and the server starts a real OpenID Connect provider on
 * loopback that stands in for Google. A first sign-in makes an ID after the country/region and
 * policy step (only the regions that offer Google); the next goes straight through; the ID's
 * Security page lists the linked Google sign-in and keeps it, the only way in.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { chooseCountry } from '../support/registerForm';
import { openSignInPage, seedTokens, signInThroughApi } from '../support/signIn';

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

const GINA = { email: 'gina@gmail.example', password: 'Google-Stand-In-1' };

/** "Continue with Google" on the sign-in page, and the stand-in's own sign-in page. */
async function throughGoogle(page: Page, user = GINA): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('heading', { name: /Google \(local stand-in\)/ }).waitFor();
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/password/i).fill(user.password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

describe('social sign-in against the reference server and its Google stand-in', () => {
  it('a first sign-in makes the ID after the country/region and policy step; the next goes straight through; Security keeps the only way in', async () => {
    const { page } = await openSignInPage(browser, portal.url);
    await throughGoogle(page);
    await page.getByRole('heading', { name: 'Create your ID' }).waitFor();
    // The proof is gone from the address at once.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.getByLabel('First name').inputValue()).toBe('Gina');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    // Only countries of regions that offer Google: Japan (Aps) is not among them.
    await page.getByRole('combobox', { name: 'Country/region' }).fill('Japan');
    expect(await page.getByRole('option', { name: /^Japan/ }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Country/region' }).fill('');
    await page.keyboard.press('Escape');
    // Sent without the policy: said, nothing lost.
    await page.getByRole('button', { name: 'Create ID and sign in' }).click();
    await page.getByText('Accept the privacy policy to create your ID.').waitFor();
    await chooseCountry(page, 'Germany');
    await page.getByLabel(/I have read and accept the privacy policy/).check();
    await page.getByRole('button', { name: 'Create ID and sign in' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);

    // The Security page: Google linked, no password known, so it cannot be unlinked.
    await page.goto(`${portal.url}/accountSetting/security`);
    const card = page.getByRole('region', { name: 'Linked sign-ins' });
    await card.getByText('Google', { exact: true }).waitFor();
    await card.getByText(/Your ID has no password yet/).waitFor();

    // A new browser: Google again, and straight through (linked by its subject).
    const again = await openSignInPage(browser, portal.url);
    await throughGoogle(again.page);
    await again.page.waitForURL(`${portal.url}/accountSetting/**`);
    await again.context.close();
  });

  it("an ID of the Google address links after that ID's own password", async () => {
    const { page, context } = await openSignInPage(browser, portal.url);
    await throughGoogle(page, { email: 'demo@example.com', password: GINA.password });
    await page.getByRole('heading', { name: 'Link your Google account' }).waitFor();
    await page.getByRole('textbox', { name: 'Password of your ID' }).fill('Demo-pass-2024');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
  });

  it('links Google from the Security page, after the unlock, in the same browser; the registration form offers Google too', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await seedTokens(page, portal.url, await signInThroughApi(context, portal.url, 'us@example.com', 'Demo-pass-2024'));
    await page.goto(`${portal.url}/accountSetting/security`);
    const card = page.getByRole('region', { name: 'Linked sign-ins' });
    await card.getByText('No other account is linked.').waitFor();
    // Locked: the link waits for the unlock.
    expect(await card.getByRole('button', { name: 'Link Google' }).isDisabled()).toBe(true);
    await page.getByLabel(/^Account password/).fill('Demo-pass-2024');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByText(/^Locks again in \d:\d\d$/).waitFor();
    await card.getByRole('button', { name: 'Link Google' }).click();
    // The stand-in's page; a Google account whose address it does not vouch for links by its subject all the same.
    await page.getByRole('heading', { name: /Google \(local stand-in\)/ }).waitFor();
    await page.getByLabel(/email/i).fill('unverified@gmail.example');
    await page.getByLabel(/password/i).fill(GINA.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(`${portal.url}/accountSetting/security**`);
    await page.getByText('Google is now linked to your ID.').waitFor();
    await card.getByText('unverified@gmail.example').waitFor();
    // The proof is gone from the address at once.
    expect(new URL(page.url()).hash).toBe('');
    await context.close();

    const { page: register, context: other } = await openSignInPage(browser, portal.url);
    await register.getByRole('button', { name: 'Create one' }).click();
    await register.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await other.close();
  });
});
