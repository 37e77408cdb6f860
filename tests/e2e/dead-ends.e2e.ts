/**
 * Issue 27, dead ends of the sign-in page: a browser signed in meanwhile (another tab) was told
 * "You are already signed in" (-29999) on every click with no way on; a page open longer than its
 * login session lived emptied the form on submit. Both go on now, with what was typed kept.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { signInThroughApi } from '../support/signIn';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };

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

async function signInPage(page: Page): Promise<string> {
  await page.goto(`${portal.url}/login`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').waitFor();
  return new URL(page.url()).searchParams.get('session_code')!;
}

async function fill(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
}

/** Every login session of the server as if its hour had passed (the row stays, as the server keeps it a day). */
function expireLoginSessions(): void {
  const db = new Database(path.join(portal.dataDir, 'global.sqlite'), { fileMustExist: true, timeout: 5000 });
  try {
    db.prepare('UPDATE login_sessions SET expires_at = ? WHERE completed_at IS NULL').run(Date.now() - 1000);
  } finally {
    db.close();
  }
}

describe('no dead end on the sign-in page', () => {
  it('signed in meanwhile in another tab: signing in here goes on to the account instead of repeating "already signed in"', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInPage(page);
    await fill(page, DEMO.email, DEMO.password);
    // The other tab: the same browser (its cookies) signs in first.
    await signInThroughApi(context, portal.url, DEMO.email, DEMO.password);
    await page.getByLabel(/^Password/).press('Enter');
    await page.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 15_000 });
    await context.close();
  });

  it('a page open longer than its login session keeps what was typed, says so, and the next submit signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await signInPage(page);
    await fill(page, DEMO.email, DEMO.password);
    expireLoginSessions();
    await page.getByLabel(/^Password/).press('Enter');
    await page.getByText('This page was open too long').waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.email);
    expect(await page.getByLabel(/^Password/).inputValue()).toBe(DEMO.password);
    // A fresh session code stands in the address, for the next submit and a reload alike.
    await page.waitForURL((url) => url.searchParams.has('session_code') && url.searchParams.get('session_code') !== first);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 15_000 });
    await context.close();
  });
});
