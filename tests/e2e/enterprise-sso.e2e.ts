/**
 * Enterprise sign-in (plugins/enterprise-sso) in Debian's Chromium against `npm start` with the
 * plugin switched on: the demo company Contoso Demo Ltd signs in at its own OpenID Connect
 * provider, which the server starts on loopback. Typing an address of its proven domain takes the
 * password field away; its provider's page signs in; a first sign-in makes the ID (names from the
 * provider, the company's country), a second goes straight through; a company that requires its
 * sign-in refuses a member's password with its name.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { continueWithCompany, openSignInPage } from '../support/signIn';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ localhost: true, plugins: { 'enterprise-sso': { enabled: true } } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const ADA = { email: 'ada@contoso.example', password: 'Contoso-Directory-1' };

const loginPage = async (): Promise<Page> => (await openSignInPage(browser, portal.url)).page;

/** Types the address; the form offers the company's sign-in; at the provider's page, its password. */
async function throughContoso(page: Page): Promise<void> {
  // No password field for an address its company signs in.
  await continueWithCompany(page, ADA.email, 'Contoso Demo Ltd');
  await page.getByRole('heading', { name: /Contoso directory/ }).waitFor();
  // The provider was told who signs in.
  expect(await page.getByLabel(/email/i).inputValue()).toBe(ADA.email);
  await page.getByLabel(/password/i).fill(ADA.password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

describe('enterprise sign-in against the reference server and the demo provider', () => {
  it('a first sign-in makes the ID in the company; the next goes straight through', async () => {
    const page = await loginPage();
    await throughContoso(page);
    await page.getByRole('heading', { name: 'Create your ID' }).waitFor();
    // The proof is gone from the address at once.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Lovelace');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    // Sent without the policy: said, nothing lost.
    await page.getByRole('button', { name: 'Create ID and sign in' }).click();
    await page.getByText('Accept the privacy policy to create your ID.').waitFor();
    await page.getByLabel(/I have read and accept the privacy policy/).check();
    await page.getByRole('button', { name: 'Create ID and sign in' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    // In the company.
    await page.goto(`${portal.url}/accountSetting/company`);
    await page.getByText('Contoso Demo Ltd').first().waitFor();

    // A new browser: the provider again, and straight through (linked by its subject).
    const again = await loginPage();
    await throughContoso(again);
    await again.waitForURL(`${portal.url}/accountSetting/**`);
  });

  it("an address of another domain keeps the password; a required company sign-in refuses its domain's member's password, naming it", async () => {
    const page = await loginPage();
    await page.getByLabel('Email').fill('member@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('Demo-pass-2024');
    expect(await page.getByRole('button', { name: /Continue with/ }).count()).toBe(0);

    // The owner requires the company's sign-in (its API, as the Company pages call it).
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${portal.url}/login`);
    await ownerPage.waitForURL(/\/login\?session_code=/);
    await ownerPage.getByLabel('Email').fill('owner@example.com');
    await ownerPage.getByRole('textbox', { name: 'Password' }).fill('Demo-pass-2024');
    await ownerPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await ownerPage.waitForURL(`${portal.url}/accountSetting/**`);
    await ownerPage.goto(`${portal.url}/accountSetting/company/sign-in`);
    const require = ownerPage.getByLabel(/Require this sign-in/);
    await require.check();
    await ownerPage.getByRole('button', { name: /^Save/ }).click();
    await ownerPage.getByText('Saved').first().waitFor();

    // Carol (an ID with a password, of the company's domain) on a page whose look-up failed: the
    // password field stays, and the server refuses it, naming the company.
    const carol = await loginPage();
    await carol.route('**/api/login/enterprise/discover', (route) => route.abort());
    await carol.getByLabel('Email').fill('carol@contoso.example');
    await carol.getByRole('textbox', { name: 'Password' }).fill('Demo-pass-2024');
    await carol.getByRole('button', { name: 'Sign in', exact: true }).click();
    await carol.getByText(/Contoso Demo Ltd signs you in with its own sign-in/).waitFor();
    // A member whose address is outside the company's domains is not locked out.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await owner.close();
  });
});
