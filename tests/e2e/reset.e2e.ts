import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
const NEW_PASSWORD = 'Fresh-pass-2025';

interface DevMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  kind: string;
}

let browser: Browser;
let portal: RunningPortal;
let configDir: string;
beforeAll(async () => {
  browser = await launchChromium();
  // The default deployment plus this plugin (and MFA), as the lead's config block enables them.
  configDir = mkdtempSync(path.join(tmpdir(), 'uid-e2e-reset-'));
  const config = JSON.parse(readFileSync('config/default.json', 'utf8')) as { plugins: Record<string, unknown> };
  config.plugins['reset'] = { enabled: true, config: { supportUrl: 'https://support.unified-id.example' } };
  config.plugins['mfa'] = { enabled: true };
  const file = path.join(configDir, 'portal.json');
  writeFileSync(file, JSON.stringify(config));
  portal = await startPortal({ config: file });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

async function loginPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${portal.url}/login`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  return { context, page };
}

async function openReset(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
}

async function mailbox(context: BrowserContext, to: string): Promise<DevMail[]> {
  const res = await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(to)}`);
  return (await res.json()) as DevMail[];
}

describe('password reset against the reference server', () => {
  it('requests a reset in the UI, sets a new password on the mailed page and signs in with it', async () => {
    const { context, page } = await loginPage();
    await openReset(page, DEMO.email);
    // The address typed on the sign-in form comes along.
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.email);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await page.getByRole('button', { name: 'Send reset email' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByTestId('sent-address').textContent()).toBe(DEMO.email);

    const mail = (await mailbox(context, DEMO.email)).find((m) => m.kind === 'reset');
    const link = mail?.links.find((l) => l.includes('/api/password-reset?token='));
    expect(link, 'a reset mail with a link').toBeTruthy();
    await page.goto(link!);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    // The old password no longer works; the new one signs in.
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(/\/login\?session_code=/);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel(/^Password/).fill(DEMO.password);
    await page.getByLabel(/^Password/).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Incorrect ID or password' }).waitFor();
    await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Password/).press('Enter');
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
  });

  it('an unknown address gets the message on the email field; nothing is mailed', async () => {
    const { context, page } = await loginPage();
    const nobody = 'nobody.here@example.com';
    await openReset(page, nobody);
    await page.getByRole('button', { name: 'Send reset email' }).click();
    await page.getByText('This user does not exist.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email').inputValue()).toBe(nobody);
    expect(await mailbox(context, nobody)).toEqual([]);
    await context.close();
  });

  it('asking again within 60 s shows the wait with its seconds and keeps the button disabled', async () => {
    const { context, page } = await loginPage();
    const email = 'us@example.com';
    const first = await context.request.post(`${portal.url}/api/auth/password-reset-request`, { data: { email, language: 'en_US' } });
    expect(first.ok()).toBe(true);
    await openReset(page, email);
    await page.getByRole('button', { name: 'Send reset email' }).click();
    const wait = page.getByTestId('reset-wait');
    await wait.waitFor();
    const seconds = Number((await wait.textContent())?.match(/in (\d+) s/)?.[1]);
    expect(seconds).toBeGreaterThan(40);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await page.getByRole('button', { name: 'Send reset email' }).isDisabled()).toBe(true);
    // It counts down.
    await page.waitForFunction(
      (before) => Number(document.querySelector('[data-testid="reset-wait"]')?.textContent?.match(/in (\d+) s/)?.[1]) < before,
      seconds,
    );
    expect((await mailbox(context, email)).filter((m) => m.kind === 'reset')).toHaveLength(1);
    await context.close();
  });

  it('goes back to the sign-in form', async () => {
    const { context, page } = await loginPage();
    await openReset(page, DEMO.email);
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});
