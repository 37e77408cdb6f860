/**
 * Issue 27, the first click: on the desktop sign-in page the email field has the focus at load.
 * A real mouse click elsewhere right after the page loads (on "Forgot password?", the language
 * menu, another field) must do what it says at once: no "required" message from the field it
 * took the focus from, nothing moving under the pointer.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

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

/** The sign-in page as a person opens it: loaded, its form ready. */
async function signInPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${portal.url}/login`);
  await page.getByLabel('Email').waitFor();
  return page;
}

/** A real click at the element's centre as it is now (the pointer does not follow the element if it moves). */
async function clickWhereItIs(page: Page, name: string): Promise<void> {
  const box = await page.getByRole('link', { name }).or(page.getByRole('button', { name })).first().boundingBox();
  if (!box) throw new Error(`${name} is not on the page`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('the first click on the sign-in page', () => {
  it.each([1366, 375])('"Forgot password?" right after load opens the reset form at once (%d px)', async (width) => {
    const page = await signInPage(width);
    if (width >= 768) expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('email');
    await clickWhereItIs(page, 'Forgot password?');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor({ timeout: 5000 });
    expect(await page.getByText('This field is required').count()).toBe(0);
    await page.context().close();
  });

  it('clicking the password field, then the page, leaves the untouched fields quiet; a submit then names them', async () => {
    const page = await signInPage(1366);
    await page.getByLabel(/^Password/).click();
    await page.mouse.click(5, 5);
    expect(await page.getByText('This field is required').count()).toBe(0);
    await page.getByLabel('Email').fill('ana@partner');
    await page.getByLabel(/^Password/).fill('x');
    await page.getByLabel(/^Password/).press('Enter');
    await page.getByText('Enter a valid email address.').waitFor();
    await page.context().close();
  });

  it('choosing another language keeps what was typed (the address gains ?lang=, the form stays)', async () => {
    const page = await signInPage(1366);
    await page.getByLabel('Email').fill('ana@partner.example');
    await page.getByLabel(/^Password/).fill('Typed-before1');
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await page.waitForURL(/[?&]lang=de_DE/);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    expect(await page.getByLabel(/^E-Mail/).inputValue()).toBe('ana@partner.example');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('Typed-before1');
    // Nothing was submitted: no field speaks yet.
    expect(await page.locator('[aria-invalid="true"]').evaluateAll((els) => els.map((el) => `${el.getAttribute('name')}: ${document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent}`))).toEqual([]);
    await page.context().close();
  });
});
