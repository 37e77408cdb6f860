/**
 * Sign-in by email code (plugins/email-code) in Debian's Chromium against `npm start` with the
 * plugin switched on: "Email me a sign-in code" under the form, the code from the development
 * outbox typed on the code view, the mailed link signing in at once, a code of another sign-in
 * refused as a wrong one, and a spent link saying so.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type DevMail } from '../support/mailLinks';
import { startPortal, type RunningPortal } from '../support/portal';
import { openSignInPage } from '../support/signIn';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ plugins: { 'email-code': { enabled: true } } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const loginPage = () => openSignInPage(browser, portal.url);

async function newestCodeMail(context: BrowserContext, to: string): Promise<{ code: string; link: string }> {
  const res = await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(to)}`);
  const mail = ((await res.json()) as DevMail[]).find((m) => m.kind === 'signInCode');
  if (!mail) throw new Error(`no sign-in code mailed to ${to}`);
  return { code: /code is (\d{6})/.exec(mail.text)![1]!, link: mail.links.find((l) => l.includes('module=emailCode'))! };
}

/** Types the address and asks for a code: the code view shows. */
async function askForCode(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
}

describe('sign-in by email code against the reference server', () => {
  it('the mailed code signs in without the password; its link, spent, says so', async () => {
    const { context, page } = await loginPage();
    // Asked before an address was typed: it says what to do, nothing is mailed.
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await page.getByText('Type your email address above first.').waitFor();
    await askForCode(page, 'demo@example.com');
    await expect(page.getByText('demo@example.com')).toBeDefined();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    const { code, link } = await newestCodeMail(context, 'demo@example.com');
    await page.getByLabel('Sign-in code').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);

    // The same mail's link, opened after the code was used: spent.
    const other = await browser.newContext();
    const linkPage = await other.newPage();
    await linkPage.goto(link);
    await linkPage.getByText(/expired or was already used/).waitFor();
    // And the token is gone from the address at once.
    expect(new URL(linkPage.url()).hash).toBe('');
    await other.close();
    await context.close();
  });

  it('the mailed link signs in at once, in the browser that asked only', async () => {
    const { context, page } = await loginPage();
    await askForCode(page, 'owner@example.com');
    const { link } = await newestCodeMail(context, 'owner@example.com');
    // Forwarded, or opened on another device: it signs no one in there, and says where it works.
    const elsewhere = await browser.newContext();
    const forwarded = await elsewhere.newPage();
    await forwarded.goto(link);
    await forwarded.getByRole('heading', { name: 'Open this link where you asked for the code' }).waitFor();
    expect(new URL(forwarded.url()).hash).toBe('');
    await elsewhere.close();
    await page.goto(link);
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
  });

  it("a code mailed for another sign-in is a wrong code here; the page's own code then signs in", async () => {
    const first = await loginPage();
    await askForCode(first.page, 'us@example.com');
    const foreign = (await newestCodeMail(first.context, 'us@example.com')).code;

    const { context, page } = await loginPage();
    await askForCode(page, 'member@example.com');
    const own = (await newestCodeMail(context, 'member@example.com')).code;
    const wrong = foreign === own ? String((Number(own) + 1) % 1_000_000).padStart(6, '0') : foreign;
    await page.getByLabel('Sign-in code').fill(wrong);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText(/Incorrect code\. 4 attempts left\./).waitFor();
    // What was typed stays, and the field has the focus for the right one.
    expect(await page.getByLabel('Sign-in code').inputValue()).toBe(wrong);
    await page.getByLabel('Sign-in code').fill(own);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
    await first.context.close();
  });

  it('one code a minute per address: a second browser asking at once is told to wait', async () => {
    const first = await loginPage();
    await askForCode(first.page, 'privacy@example.com');
    const { page, context } = await loginPage();
    await page.getByLabel('Email').fill('privacy@example.com');
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await page.getByText(/You asked for a code a moment ago\. Try again in \d+ s\./).waitFor();
    await context.close();
    await first.context.close();
  });
});
