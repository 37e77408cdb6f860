import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type DevMail } from '../support/mailLinks';
import { startPortal, type RunningPortal } from '../support/portal';

/** Demo user with two-factor on (authenticator app primary), server/demo/seed.ts. */
const MFA_USER = { email: 'mfa@example.com', password: 'Demo-pass-2024' };

let browser: Browser;
let portal: RunningPortal;
let totpSecret: string;

beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ plugins: { mfa: { enabled: true }, security: { enabled: true }, 'recovery-codes': { enabled: true }, 'trusted-device': { enabled: true } } });
  totpSecret = (JSON.parse(readFileSync(path.join(portal.dataDir, 'demo.json'), 'utf8')) as { totpSecret: string }).totpSecret;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/**
 * An authenticator code of a later step each time: the server takes each step once and one step
 * either side of its clock, so successive sign-ins use -1, 0 and +1 steps from now, in that order.
 */
let step = -1;
function nextTotp(): string {
  const timestamp = Date.now() + step++ * 30_000;
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(totpSecret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

/** Email and password on the login page of `page`; resolves when the MFA step shows or the account area opens. */
async function passwordStep(page: Page): Promise<'mfa' | 'signedIn'> {
  await page.goto(`${portal.url}/login`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(MFA_USER.email);
  await page.getByLabel(/^Password/).fill(MFA_USER.password);
  await page.getByLabel(/^Password/).press('Enter');
  const mfa = page.getByRole('heading', { name: 'Two-step verification' });
  await Promise.race([mfa.waitFor(), page.waitForURL(`${portal.url}/accountSetting/**`)]);
  return (await mfa.isVisible()) ? 'mfa' : 'signedIn';
}

async function signInWithTotp(context: BrowserContext, trust = false): Promise<Page> {
  const page = await context.newPage();
  expect(await passwordStep(page)).toBe('mfa');
  if (trust) {
    await page.getByRole('checkbox', { name: "Don't ask again on this device for 30 days" }).check();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  }
  await page.keyboard.type(nextTotp());
  await page.keyboard.press('Enter');
  await page.waitForURL(`${portal.url}/accountSetting/**`);
  return page;
}

async function openUnlockedSecurity(page: Page): Promise<void> {
  await page.goto(`${portal.url}/accountSetting/security`);
  await page.getByRole('heading', { name: 'Security settings' }).waitFor();
  await page.getByLabel(/^Account password/).fill(MFA_USER.password);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await page.getByText(/^Locks again in \d:\d\d$/).waitFor();
}

/** Signs the browser out of the portal's session but keeps its other cookies (the trusted-device one). */
async function endSession(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: 'uid_sso' });
}

describe('recovery codes and trusted devices in the browser', () => {
  it('recovery codes: made on the Security page, one signs in (and is mailed), its reuse is refused', async () => {
    const owner = await browser.newContext();
    const page = await signInWithTotp(owner);
    await openUnlockedSecurity(page);
    await page.getByRole('button', { name: 'Create recovery codes' }).click();
    const list = page.getByRole('list', { name: 'Your recovery codes' });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText(/^10 of 10 codes left, created /).waitFor();

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    expect(await passwordStep(other)).toBe('mfa');
    await other.getByRole('button', { name: 'Use a recovery code' }).click();
    // Before the code is used: the count the server's challenge carries, read with the field.
    const fullCount = 'You have 10 unused recovery codes. After this one, 9 codes will remain.';
    await other.getByText(fullCount).waitFor();
    const description = await other.getByRole('textbox', { name: 'Recovery code' }).evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' '),
    );
    expect(description).toContain(fullCount);
    await other.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL(`${portal.url}/accountSetting/**`);
    const mails = (await (await elsewhere.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(MFA_USER.email)}`)).json()) as DevMail[];
    expect(mails.find((m) => m.subject === 'A recovery code was used for your Unified ID')?.text).toContain('Unused codes left: 9.');

    const third = await (await browser.newContext()).newPage();
    expect(await passwordStep(third)).toBe('mfa');
    await third.getByRole('button', { name: 'Use a recovery code' }).click();
    // A later sign-in: one fewer. A refused (reused) code spends nothing, so the text stays.
    const lowerCount = 'You have 9 unused recovery codes. After this one, 8 codes will remain.';
    await third.getByText(lowerCount).waitFor();
    await third.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
    await third.getByRole('button', { name: 'Verify' }).click();
    await third.getByText(/^This recovery code is incorrect or was already used\. Attempts left: \d\.$/).waitFor();
    expect(await third.getByText(lowerCount).isVisible()).toBe(true);
    expect(third.url()).toMatch(/\/login\?/);
    await Promise.all([owner.close(), elsewhere.close(), third.context().close()]);
  });

  it('trusted device: skips the step on that browser only; revoking it brings the step back', async () => {
    const trusted = await browser.newContext();
    const page = await signInWithTotp(trusted, true);
    await endSession(trusted);
    const again = await trusted.newPage();
    expect(await passwordStep(again)).toBe('signedIn');

    const otherBrowser = await browser.newContext();
    expect(await passwordStep(await otherBrowser.newPage())).toBe('mfa');

    await openUnlockedSecurity(again);
    const devices = again.getByRole('list', { name: 'Trusted devices' });
    await devices.getByText('This device').waitFor();
    await devices.getByRole('button', { name: /^Stop trusting / }).first().click();
    await again.getByText('No device is trusted.', { exact: false }).waitFor();
    await endSession(trusted);
    expect(await passwordStep(await trusted.newPage())).toBe('mfa');
    await page.close();
    await Promise.all([trusted.close(), otherBrowser.close()]);
  });
});
