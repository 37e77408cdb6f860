/**
 * Enterprise sign-in over SAML 2.0 (plugins/enterprise-sso) in Debian's Chromium against
 * `npm start` with the plugin on: the owner of the demo company Contoso Demo Ltd connects the SAML
 * directory the server starts on loopback (samlify's IdP), by its metadata URL, on Company →
 * Sign-in; Dan, who is only in that directory, types his address (no password field), signs in
 * at the directory's page, whose answer the browser posts to the portal, and gets an ID in the
 * company; the next sign-in goes straight through.
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

const DAN = { email: 'dan@contoso.example', password: 'Contoso-Directory-1' };

const loginPage = async (): Promise<Page> => (await openSignInPage(browser, portal.url)).page;

/** Types Dan's address; the form offers the company's sign-in; at the directory's page, his password. */
async function throughDirectory(page: Page): Promise<void> {
  await continueWithCompany(page, DAN.email, 'Contoso Demo Ltd');
  await page.getByRole('heading', { name: 'Contoso SAML directory sign-in' }).waitFor();
  await page.getByLabel('Email').fill(DAN.email);
  await page.getByLabel('Password').fill(DAN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('enterprise sign-in over SAML against the reference server and the demo SAML directory', () => {
  it('the owner connects the directory by its metadata; Dan signs in through it into the company, then straight through', async () => {
    const metadataUrl = /SAML directory, metadata at (http:\/\/localhost:\d+\/metadata)/.exec(portal.output())?.[1];
    expect(metadataUrl, portal.output()).toBeDefined();

    // The owner, on Company → Sign-in: SAML 2.0, the portal's values to register, the metadata URL.
    const owner = await loginPage();
    await owner.getByLabel('Email').fill('owner@example.com');
    await owner.getByRole('textbox', { name: 'Password' }).fill('Demo-pass-2024');
    await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
    await owner.waitForURL(`${portal.url}/accountSetting/**`);
    await owner.goto(`${portal.url}/accountSetting/company/sign-in`);
    await owner.getByRole('radio', { name: 'SAML 2.0' }).check();
    await owner.getByText(`${portal.url}/api/login/enterprise/saml/acs`).waitFor();
    await owner.getByRole('button', { name: /^Save/ }).click();
    await owner.getByText('Enter the metadata URL or paste the metadata XML').waitFor();
    await owner.getByLabel(/^Metadata URL/).fill(metadataUrl!);
    await owner.getByRole('button', { name: /^Save/ }).click();
    await owner.getByText('urn:example:contoso:saml-directory').waitFor();
    await owner.getByText(/^Valid until/).waitFor();
    const axe = await new AxeBuilder({ page: owner }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // Dan: the directory's page, its answer posted to the portal, and a new ID in the company.
    const page = await loginPage();
    await throughDirectory(page);
    await page.getByRole('heading', { name: 'Create your ID' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.getByLabel('First name').inputValue()).toBe('Dan');
    await page.getByLabel(/I have read and accept the privacy policy/).check();
    await page.getByRole('button', { name: 'Create ID and sign in' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await page.goto(`${portal.url}/accountSetting/company`);
    await page.getByText('Contoso Demo Ltd').first().waitFor();

    // A new browser: straight through, linked by his persistent NameID.
    const again = await loginPage();
    await throughDirectory(again);
    await again.waitForURL(`${portal.url}/accountSetting/**`);

    // The owner sees him linked.
    await owner.reload();
    const item = owner.getByRole('list', { name: 'Members and their company sign-in' }).getByRole('listitem').filter({ hasText: /dan\W*@\W*contoso/ });
    // Its badge: "✓ Linked" (the mark hidden from screen readers), not "Not linked yet".
    await item.getByText(/^\W*Linked$/).waitFor();
  }, 180_000);
});
