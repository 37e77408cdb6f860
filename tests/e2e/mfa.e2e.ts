import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type DevMail } from '../support/mailLinks';
import { startPortal, type RunningPortal } from '../support/portal';

/** Demo user with two-factor on: authenticator app (primary) and email codes (server/demo/seed.ts). */
const MFA_USER = { email: 'mfa@example.com', password: 'Demo-pass-2024', masked: 'mf***@example.com' };

let browser: Browser;
let portal: RunningPortal;
let totpSecret: string;

beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ plugins: { mfa: { enabled: true }, reset: { enabled: true } } });
  // The seed keeps what the banner prints (the stores only hold hashes) in <dataDir>/demo.json.
  totpSecret = (JSON.parse(readFileSync(path.join(portal.dataDir, 'demo.json'), 'utf8')) as { totpSecret: string }).totpSecret;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** RFC 6238 as the server checks it: SHA-1, 6 digits, 30 s. */
function totpAt(timestamp: number): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(totpSecret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

async function signInToMfa(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${portal.url}/login`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(MFA_USER.email);
  await page.getByLabel(/^Password/).fill(MFA_USER.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
  return { context, page };
}

describe('MFA sign-in against the reference server', () => {
  it('authenticator app: a wrong code shows the attempts left, the computed code signs in', async () => {
    const { context, page } = await signInToMfa();
    const methods = page.getByRole('group', { name: 'Verification method' });
    expect(await methods.getByRole('radio', { name: /Authenticator app/ }).isChecked()).toBe(true);
    expect(await methods.getByRole('radio', { name: 'Email code' }).isChecked()).toBe(false);
    // The first box has the focus: typing goes straight into the code.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Digit 1 of 6');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // A code that is none of the ones the server accepts now (it allows one step either side).
    const now = Date.now();
    const live = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((d) => totpAt(now + d)));
    const wrong = ['000000', '111111', '222222'].find((c) => !live.has(c))!;
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    await page.getByText('The verification code is incorrect. Attempts left: 4.').waitFor();
    const boxes = page.getByRole('group', { name: 'Code from your authenticator app' }).getByRole('textbox');
    expect(await boxes.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).join(''))).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Digit 1 of 6');

    await page.keyboard.type(totpAt(Date.now()));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
  });

  it('email code: Back clears the password; choosing email sends a code that signs in', async () => {
    const { context, page } = await signInToMfa();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(MFA_USER.email);
    expect(await page.getByLabel(/^Password/).inputValue()).toBe('');

    await page.getByLabel(/^Password/).fill(MFA_USER.password);
    await page.getByLabel(/^Password/).press('Enter');
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    const before = Date.now();
    await page.getByRole('radio', { name: 'Email code' }).check();
    await page.getByText(`We sent a 6-digit code to ${MFA_USER.masked}.`).waitFor();
    const resend = page.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(await resend.isDisabled()).toBe(true);

    const mails = (await (await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(MFA_USER.email)}`)).json()) as DevMail[];
    const mail = mails.find((m) => m.kind === 'emailCode' && m.createdAt >= before - 1000);
    const code = mail?.subject.match(/\b(\d{6})\b/)?.[1];
    expect(code, 'a verification code mail').toBeTruthy();

    await page.getByRole('group', { name: 'Code from the email' }).getByRole('textbox').first().click();
    await page.keyboard.type(code!);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
  });
});
