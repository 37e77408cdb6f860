import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { isActivationLink } from '../support/mailLinks';
import { submitRegistration } from '../support/registerForm';

/**
 * A person's first visit, end to end on the embedded defaults (`npm start`'s server, SQLite,
 * demo data, default config): a connected service sends them to the portal, they register,
 * activate from the dev mailbox, and come back signed in to that service.
 */
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

async function activationLink(context: BrowserContext, email: string): Promise<string> {
  const res = await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as Array<{ links: string[] }>;
  const link = mails[0]?.links.find(isActivationLink);
  if (!link) throw new Error(`no activation mail for ${email}`);
  return link;
}

async function startAtDemoService(page: Page): Promise<void> {
  await page.goto(`${portal.url}/demo-service/`);
  await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

describe('walk-through: register, activate, sign in to the demo service', () => {
  it('works for a new person from the demo service and back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `walk.${Date.now()}@partner-example.com`;
    const password = 'Walk-through-42';

    await startAtDemoService(page);
    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByRole('heading', { name: 'Create your Unified ID' }).waitFor();
    await submitRegistration(page, { email, password, country: 'France', firstName: 'Walter', lastName: 'Through' });
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    // The activation page is the demo service's (the registration started there); its sign-in leads back.
    await page.goto(await activationLink(context, email));
    await page.getByRole('heading', { name: 'Your ID is activated' }).waitFor();
    await page.getByRole('img', { name: 'Demo Service' }).waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${portal.url}/demo-service/`);

    await startAtDemoService(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Password/).press('Enter');
    await page.waitForURL(`${portal.url}/demo-service/**`);
    await page.getByText(email).first().waitFor();
    expect(await page.evaluate(() => location.search)).toBe('');
    await context.close();
  });
});
