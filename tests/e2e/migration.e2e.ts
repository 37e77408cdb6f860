/**
 * The migration login step (plugins/migration) against `npm start`, with the demo data of
 * server/demo/seed.ts: legacy-one@ (one partner-program account: variant migrate),
 * legacy-many@ (partner program and partner app: variant pick) and merge@ (a vendor ID plus a
 * partner-app account: variant merge).
 */
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { activateAndGoToSignIn, isActivationLink } from '../support/mailLinks';
import { regionCodesKept } from '../../core/testing/regionCodes';

const LEGACY_PASSWORD = 'Legacy-pass-2024';
const DEMO_PASSWORD = 'Demo-pass-2024';
const SUPPORT_URL = 'https://support.unified-id.example/contact';

let browser: Browser;
let portal: RunningPortal;
let configDir: string;
beforeAll(async () => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-e2e-migration-'));
  const config = JSON.parse(fs.readFileSync('config/default.json', 'utf8')) as { plugins: Record<string, unknown> };
  config.plugins.migration = { enabled: true, config: { supportUrl: SUPPORT_URL, termsUrl: '/demo-service/terms.html' } };
  // A migrated account has acknowledged no privacy policy yet: its first sign-in shows the notice.
  config.plugins['privacy-notice'] = { enabled: true };
  const configFile = path.join(configDir, 'portal.json');
  fs.writeFileSync(configFile, JSON.stringify(config));
  browser = await launchChromium();
  // Many sign-ins from one browser here: keep the captcha risk rules out of the way.
  portal = await startPortal({ config: configFile, env: { CAPTCHA_AFTER_FAILURES: '50', CAPTCHA_AFTER_ACCOUNT_FAILURES: '50' } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/login?')) {
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(/session_code=/);
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
}

/** Paths of the migration calls this page made (which host they went to). */
function migrationCalls(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (req) => {
    const p = new URL(req.url()).pathname;
    if (p.endsWith('/register-and-merge') || p.endsWith('/accounts/info-and-password')) paths.push(p);
  });
  return paths;
}

async function chooseCountry(page: Page, name: string): Promise<void> {
  const input = page.getByRole('combobox', { name: /Country\/region/ });
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

/** The activation link of the newest mail to `email`, from the dev mailbox. */
async function activationLink(context: BrowserContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as Array<{ links: string[] }>;
      link = mails[0]?.links.find(isActivationLink);
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

// The page's h1 is behind the modal (inert), so the page-level heading rule does not apply to a dialog.
const axeDialog = (page: Page) => new AxeBuilder({ page }).include('[role="dialog"]').disableRules(['page-has-heading-one']).analyze();

describe('migration of local accounts on the login page', () => {
  it('migrate: one local account becomes a vendor ID in the chosen region; activation, then sign-in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const calls = migrationCalls(page);
    await signIn(page, 'legacy-one@example.com', LEGACY_PASSWORD);
    await page.getByRole('heading', { name: 'Move to a Unified ID' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Move to a Unified ID' });
    expect(await dialog.getByRole('region', { name: 'Partner program account' }).textContent()).toContain('Leo Local');
    expect(await dialog.getByLabel(/First name/).inputValue()).toBe('Leo');
    expect((await axeDialog(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The terms and the country/region are required.
    await dialog.getByRole('button', { name: 'Create my Unified ID' }).click();
    await dialog.getByText('Please read and accept the Terms of Use.').waitFor();
    await dialog.getByText('Select your country/region.').waitFor();
    expect(calls).toEqual([]);

    await chooseCountry(page, 'Germany');
    await dialog.getByText(regionCodesKept('Your data will be stored in: Europe (eu-west-1)')).waitFor();
    await dialog.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await dialog.getByRole('button', { name: 'Create my Unified ID' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByTestId('sent-address').textContent()).toBe('legacy-one@example.com');
    expect(calls).toEqual(['/api/region/euw/register-and-merge']);

    await activateAndGoToSignIn(page, await activationLink(context, 'legacy-one@example.com'));
    await signIn(page, 'legacy-one@example.com', LEGACY_PASSWORD);
    await page.getByRole('heading', { name: 'Privacy policy updated' }).waitFor();
    await page.getByRole('button', { name: 'I acknowledge' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 20_000 });
    await context.close();
  });

  it('pick: choose one of several local accounts, then the form; a second tab is told to sign in again', async () => {
    const first = await browser.newContext();
    const second = await browser.newContext();
    const page = await first.newPage();
    const other = await second.newPage();
    const calls = migrationCalls(page);
    // Both tabs reach the dialog (each with its own migration token).
    for (const p of [page, other]) {
      await signIn(p, 'legacy-many@example.com', LEGACY_PASSWORD);
      await p.getByRole('heading', { name: 'Choose your account' }).waitFor();
    }
    const dialog = page.getByRole('dialog', { name: 'Choose your account' });
    const group = dialog.getByRole('group', { name: 'Which account do you want to keep?' });
    expect(await group.getByRole('radio').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Choose an account to continue.').waitFor();
    // Keyboard: the arrow key moves the choice to the partner-app card.
    await group.getByRole('radio').first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await group.getByRole('radio', { name: /^Partner app account/ }).isChecked()).toBe(true);
    expect((await axeDialog(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const heading = dialog.getByRole('heading', { name: 'Complete your details' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    // Continue did not also submit the form that replaced the list (no rule has run yet).
    expect(await dialog.getByText('Please read and accept the Terms of Use.').count()).toBe(0);
    expect(await dialog.getByRole('region', { name: 'Partner app account' }).isVisible()).toBe(true);
    await chooseCountry(page, 'Singapore');
    await dialog.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await dialog.getByRole('button', { name: 'Create my Unified ID' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(calls).toEqual(['/api/region/aps/register-and-merge']);

    // The other tab's dialog is now out of date: its call fails, with a prompt to sign in again.
    const stale = other.getByRole('dialog', { name: 'Choose your account' });
    await stale.getByRole('radio').first().check();
    await stale.getByRole('button', { name: 'Continue' }).click();
    await chooseCountry(other, 'France');
    await stale.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await stale.getByRole('button', { name: 'Create my Unified ID' }).click();
    const prompt = other.getByRole('alertdialog');
    await prompt.getByText('This user already exists.').waitFor();
    expect(await prompt.textContent()).toContain('Please sign in again.');
    await prompt.getByRole('button', { name: 'Sign in again' }).click();
    await other.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await other.getByRole('dialog').count()).toBe(0);
    expect(await other.getByLabel(/^Password/).inputValue()).toBe('');
    await first.close();
    await second.close();
  });

  it('merge: a wrong local password is shown on the field; the right one merges, with a new password', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const calls = migrationCalls(page);
    await signIn(page, 'merge@example.com', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Merge your accounts' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Merge your accounts' });
    expect(await dialog.getByRole('region', { name: 'Unified ID' }).textContent()).toContain('merge@example.com');
    expect(await dialog.getByRole('radio', { name: /^Partner app account/ }).isChecked()).toBe(true);
    expect((await axeDialog(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    const password = dialog.getByLabel(/Password of the selected account \(Partner app account\)/);
    await password.fill('Wrong-pass-1');
    await dialog.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await dialog.getByRole('button', { name: 'Merge accounts' }).click();
    await dialog.getByText('The password of this account is incorrect.').waitFor();
    expect(await dialog.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(SUPPORT_URL);
    await expect.poll(() => password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: /I have read and accept/ }).isChecked()).toBe(true);

    await password.fill(LEGACY_PASSWORD);
    await dialog.getByRole('checkbox', { name: 'Also set a new password for my Unified ID' }).check();
    await dialog.getByLabel(/^New password/).fill('New-pass-2025');
    await dialog.getByLabel(/Confirm new password/).fill('New-pass-2026');
    await dialog.getByLabel(/Confirm new password/).blur();
    await dialog.getByText('Password and Confirm Password inconsistent!').waitFor();
    await dialog.getByLabel(/Confirm new password/).fill('New-pass-2025');
    await dialog.getByRole('button', { name: 'Merge accounts' }).click();
    await page.getByText('Your accounts have been merged. Please sign in with your Unified ID.').waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(calls).toEqual(['/api/region/euw/accounts/info-and-password', '/api/region/euw/accounts/info-and-password']);

    // Merged: the new password signs in, and no migration is asked for any more.
    await signIn(page, 'merge@example.com', 'New-pass-2025');
    await page.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 20_000 });
    await context.close();
  });
});
