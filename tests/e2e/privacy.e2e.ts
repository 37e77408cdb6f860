/**
 * The privacy-notice login step (plugins/privacy-notice) against `npm start`. The demo data is
 * seeded under policy version 2 (the default), then the portal restarts on the same store with
 * PRIVACY_POLICY_VERSION=3, so every demo user must acknowledge the new policy (-10999).
 */
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
const OWNER = { email: 'owner@example.com', password: 'Demo-pass-2024' };

let browser: Browser;
let portal: RunningPortal;
let workDir: string;
beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-e2e-privacy-'));
  const config = JSON.parse(fs.readFileSync('config/default.json', 'utf8')) as { plugins: Record<string, unknown> };
  config.plugins['privacy-notice'] = { enabled: true };
  const configFile = path.join(workDir, 'portal.json');
  fs.writeFileSync(configFile, JSON.stringify(config));
  const dataDir = path.join(workDir, 'data');
  // First start: the demo users acknowledge version 2 …
  const seeding = await startPortal({ config: configFile, env: { DATA_DIR: dataDir } });
  await seeding.stop();
  // … then the policy moves on to version 3.
  portal = await startPortal({ config: configFile, env: { DATA_DIR: dataDir, PRIVACY_POLICY_VERSION: '3' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${portal.url}/login`);
  await page.waitForURL(/session_code=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
}

const notice = (page: Page) => page.getByRole('dialog', { name: /Privacy policy updated/ });

describe('the privacy notice on the login page', () => {
  it('a demo user must acknowledge the new policy; the notice cannot be dismissed otherwise', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const logins: Array<Record<string, unknown>> = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/login') logins.push(req.postDataJSON() as Record<string, unknown>);
    });
    await signIn(page, DEMO.email, DEMO.password);
    await page.getByRole('heading', { name: 'Privacy policy updated' }).waitFor();
    const link = notice(page).getByRole('link', { name: 'Read the privacy policy (opens in a new tab)' });
    expect(await link.getAttribute('href')).toBe(`${portal.url}/demo-service/privacy.html`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const acknowledge = notice(page).getByRole('button', { name: 'I acknowledge' });
    await expect.poll(() => acknowledge.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await notice(page).getByRole('button', { name: 'Close' }).count()).toBe(0);
    // The page's h1 is behind the modal (inert), so the page-level heading rule does not apply here.
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').disableRules(['page-has-heading-one']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Neither Escape nor a click outside ends it.
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    await page.waitForTimeout(300);
    expect(await page.getByRole('heading', { name: 'Privacy policy updated' }).isVisible()).toBe(true);
    expect(page.url()).toContain('/login');

    await acknowledge.click();
    await page.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 20_000 });
    expect(logins.map((body) => body.acceptPrivacyVersion)).toEqual([undefined, 3]);
    await context.close();
  });

  it('once acknowledged, the next sign-in goes straight through', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByRole('heading', { name: 'Privacy policy updated' }).waitFor();
    await notice(page).getByRole('button', { name: 'I acknowledge' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 20_000 });
    await context.close();

    const again = await browser.newContext();
    const next = await again.newPage();
    await signIn(next, OWNER.email, OWNER.password);
    await next.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 20_000 });
    expect(await next.getByRole('heading', { name: 'Privacy policy updated' }).count()).toBe(0);
    await again.close();
  });
});
