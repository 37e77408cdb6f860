import { createHash, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type DevMail } from '../support/mailLinks';
import { startPortal, type RunningPortal } from '../support/portal';
import { chooseCountry } from '../support/registerForm';

/**
 * The SPA, unchanged, on a portal started with ENUMERATION_PROTECTION=1: a reset of an unknown
 * address and a registration of a taken one both end on the email-sent view (as a known address
 * and a new one do), and the mail tells the owner of the address what the page could not.
 */
/** A connected service without a sign-up URL of its own: its login page offers the portal's register view. */
const CLIENT = { id: 'enum-e2e', name: 'Enumeration E2E', redirectUris: ['http://127.0.0.1:9/enum-e2e/cb'] };

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({
    plugins: {
      reset: { enabled: true, config: { supportUrl: 'https://support.unified-id.example' } },
      register: { enabled: true, config: { termsUrl: '/demo-service/terms.html', privacyUrl: '/demo-service/privacy.html' } },
    },
    clients: [CLIENT],
    env: { ENUMERATION_PROTECTION: '1', CAPTCHA_AFTER_FAILURES: '50', CAPTCHA_AFTER_ACCOUNT_FAILURES: '50' },
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The mails to `to`, once `count` have arrived (they go out after the answer). */
async function mailsOnceThere(context: BrowserContext, to: string, count: number): Promise<DevMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as DevMail[];
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signInPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${portal.url}/login`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  return page;
}

async function requestReset(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  expect(await page.getByTestId('sent-address').textContent()).toBe(email);
}

async function register(page: Page, email: string): Promise<void> {
  const query = new URLSearchParams({
    client_id: CLIENT.id,
    redirect_uri: CLIENT.redirectUris[0]!,
    response_type: 'code',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'enum-e2e',
  });
  await page.goto(`${portal.url}/api/authorize?${query}`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByRole('button', { name: 'Create one' }).click();
  await page.getByRole('heading', { name: 'Create your Unified ID' }).waitFor();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Sturdy-pass-42');
  await chooseCountry(page, 'Germany');
  await page.getByLabel(/^First name/).fill('Erin');
  await page.getByLabel(/^Last name/).fill('Enum');
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await page.getByRole('button', { name: 'Create ID' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  expect(await page.getByTestId('sent-address').textContent()).toBe(email);
}

describe('ENUMERATION_PROTECTION=1 with the SPA unchanged', () => {
  it('a reset of an unknown address shows the email-sent view, as for an account; the address is told there is no account', async () => {
    const context = await browser.newContext();
    const nobody = 'nobody.here@example.com';
    await requestReset(await signInPage(context), nobody);
    await requestReset(await signInPage(context), 'member@example.com');
    const [notice] = await mailsOnceThere(context, nobody, 1);
    expect(notice?.kind).toBe('noAccount');
    expect(notice?.subject).toBe('Password reset requested: no Unified ID for this address');
    expect((await mailsOnceThere(context, 'member@example.com', 1))[0]?.kind).toBe('reset');
    await context.close();
  });

  it('registering a taken address shows the email-sent view, as a new one does; its owner is told and still signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await register(page, 'demo@example.com');
    const [notice] = await mailsOnceThere(context, 'demo@example.com', 1);
    expect(notice?.kind).toBe('alreadyRegistered');
    expect(notice?.subject).toBe('You already have a Unified ID');
    const fresh = `erin.${Date.now()}@example.com`;
    await register(page, fresh);
    expect((await mailsOnceThere(context, fresh, 1))[0]?.kind).toBe('activation');

    // Nothing changed on the account: the owner's password still signs in.
    const signIn = await signInPage(context);
    await signIn.getByLabel('Email').fill('demo@example.com');
    await signIn.getByLabel(/^Password/).fill('Demo-pass-2024');
    await signIn.getByLabel(/^Password/).press('Enter');
    await signIn.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
  });

  it('a wrong password for an unknown address shows the same attempts-left warning as for an account', async () => {
    const context = await browser.newContext();
    const warnings: string[] = [];
    for (const email of ['demo@example.com', 'nobody.signin@example.com']) {
      const page = await signInPage(context);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill('Wrong-pass-1');
      await page.getByLabel(/^Password/).press('Enter');
      const alert = page.getByRole('alert').filter({ hasText: /./ }).first();
      await alert.waitFor();
      warnings.push((await alert.textContent()) ?? '');
    }
    expect(warnings[0]).not.toBe('');
    expect(warnings[1]).toBe(warnings[0]);
    await context.close();
  });
});
