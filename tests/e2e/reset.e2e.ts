import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type DevMail } from '../support/mailLinks';
import { startPortal, type RunningPortal } from '../support/portal';
import { openSignInPage } from '../support/signIn';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
const RESET_USER = { email: 'member@example.com', password: 'Demo-pass-2024' };
const EXPIRY_USER = 'owner@example.com';
const NEW_PASSWORD = 'Fresh-pass-2025';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  // The default deployment plus this plugin (and MFA), as the lead's config block enables them.
  portal = await startPortal({ plugins: { reset: { enabled: true, config: { supportUrl: 'https://support.unified-id.example' } }, mfa: { enabled: true } } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const loginPage = () => openSignInPage(browser, portal.url);

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
  it('from a connected service: the mailed link opens its branded page in the mail language; weak refused, strong set, sign in', async () => {
    // The demo service sends the visitor to its login page; they pick German there.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/demo-service/`);
    await page.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await page.waitForURL(/\/login\?session_code=/);
    await page.getByRole('img', { name: 'Demo Service' }).waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('de_DE');
    await page.getByLabel('E-Mail').fill(RESET_USER.email);
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('button', { name: 'E-Mail zum Zurücksetzen senden' }).click();
    await page.getByTestId('sent-address').waitFor();

    const mail = (await mailbox(context, RESET_USER.email)).find((m) => m.kind === 'reset');
    expect(mail?.subject).toBe('Passwort Ihrer Unified ID zurücksetzen');
    const link = mail!.links.find((l) => l.includes('/login?module=newPassword'))!;
    expect(link).toMatch(/[?&]lang=de_DE(&|$)/);
    expect(link).toMatch(/[?&]client=demo-service(&|#)/);
    await context.close();

    // Opened elsewhere (a fresh browser: nothing stored): the service's branding, German, no token in the address.
    const mailContext = await browser.newContext();
    const tab = await mailContext.newPage();
    const requests: string[] = [];
    tab.on('request', (r) => requests.push(`${r.url()} ${r.headers()['referer'] ?? ''}`));
    await tab.goto(link);
    await tab.getByRole('heading', { name: 'Neues Passwort festlegen' }).waitFor();
    expect(tab.url()).not.toContain('token');
    expect(await tab.evaluate(() => location.hash)).toBe('');
    await tab.getByRole('img', { name: 'Demo Service' }).waitFor();
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    const token = decodeURIComponent(new URL(link).hash.replace('#token=', ''));
    expect(requests.filter((r) => r.includes(token) || r.includes(encodeURIComponent(token)))).toEqual([]);
    const axe = await new AxeBuilder({ page: tab }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // A weak password is refused inline; nothing is sent.
    const password = tab.getByRole('textbox', { name: 'Neues Passwort' });
    await password.fill('schwach');
    await password.press('Tab');
    await tab.getByText('Verwenden Sie 8 bis 32 Zeichen ohne Leerzeichen', { exact: false }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // The show-password toggle and the strength meter of the register form.
    await tab.getByRole('button', { name: 'Passwort anzeigen' }).first().click();
    expect(await password.getAttribute('type')).toBe('text');
    await password.fill(NEW_PASSWORD);
    await tab.getByTestId('strength-meter').waitFor();
    await tab.getByRole('textbox', { name: 'Passwort bestätigen' }).fill(NEW_PASSWORD);
    await tab.getByRole('button', { name: 'Passwort speichern' }).click();
    await tab.getByRole('heading', { name: 'Passwort geändert' }).waitFor();

    // Sign in: back to the demo service, whose sign-in lands on its login page with the address filled in.
    await tab.getByRole('button', { name: 'Anmelden' }).click();
    await tab.waitForURL(`${portal.url}/demo-service/`);
    await tab.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await tab.waitForURL(/\/login\?session_code=/);
    expect(await tab.getByLabel('E-Mail').inputValue()).toBe(RESET_USER.email);
    const signInPassword = tab.getByRole('textbox', { name: 'Passwort', exact: true });
    await signInPassword.fill(RESET_USER.password);
    await signInPassword.press('Enter');
    await tab.getByRole('alert').filter({ hasText: /./ }).first().waitFor(); // the old password no longer works
    await signInPassword.fill(NEW_PASSWORD);
    await signInPassword.press('Enter');
    await tab.waitForURL(`${portal.url}/demo-service/**`);
    await tab.getByText(RESET_USER.email).first().waitFor();

    // The link again: used; it offers a new link for the same account.
    await tab.goto(link);
    await tab.getByRole('heading', { name: 'Dieser Link wurde bereits verwendet' }).waitFor();
    await tab.getByRole('img', { name: 'Demo Service' }).waitFor();
    await mailContext.close();
  });

  it('a used link shows its view; a new link from it waits out the 60 s between reset mails', async () => {
    const context = await browser.newContext();
    const res = await context.request.post(`${portal.url}/api/auth/password-reset-request`, { data: { email: EXPIRY_USER, language: 'en_US' } });
    expect(res.ok()).toBe(true);
    const link = (await mailbox(context, EXPIRY_USER)).find((m) => m.kind === 'reset')!.links[0]!;
    const token = decodeURIComponent(new URL(link).hash.replace('#token=', ''));
    const used = await context.request.post(`${portal.url}/api/password-reset`, { data: { token, password: NEW_PASSWORD } });
    expect(used.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link was already used' }).waitFor();
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText(/You can request another one in \d+ s/).waitFor();
    expect(await page.getByRole('button', { name: 'Send a new link' }).isDisabled()).toBe(true);
    // A link cut short (no token): the page says to open the mail again.
    await page.goto(`${portal.url}/login?module=newPassword&lang=en_US&client=portal`);
    await page.getByRole('heading', { name: 'Open the link from your email' }).waitFor();
    await page.getByRole('button', { name: 'Request a new link' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
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
