import * as OTPAuth from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenExchangeResult } from '../../core/contract/api';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type DevMail } from '../support/mailLinks';
import { startPortal, type RunningPortal } from '../support/portal';
import { PORTAL_HEADERS, seedTokens, signInThroughApi } from '../support/signIn';

const PASSWORD = 'Demo-pass-2024';
/**
 * The security unlock lasts this long here (SECURITY_TOKEN_SECONDS), not five minutes: long
 * enough for each flow below on a busy machine, short enough to watch it run out.
 */
const UNLOCK_SECONDS = 20;

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ env: { SECURITY_TOKEN_SECONDS: String(UNLOCK_SECONDS) } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function signedIn(email: string, password = PASSWORD): Promise<{ context: BrowserContext; page: Page; tokens: TokenExchangeResult }> {
  const context = await browser.newContext();
  const tokens = await signInThroughApi(context, portal.url, email, password);
  const page = await context.newPage();
  await seedTokens(page, portal.url, tokens);
  await page.goto(`${portal.url}/accountSetting/security`);
  await page.getByRole('heading', { name: 'Security settings' }).waitFor();
  return { context, page, tokens };
}

async function unlock(page: Page, password = PASSWORD) {
  await page.getByLabel(/^Account password/).fill(password);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await page.getByRole('heading', { name: 'Unlock to change these settings' }).waitFor({ state: 'detached' });
  await page.getByText(/^Locks again in \d:\d\d$/).waitFor();
}

/** POST /login with a fresh session code; the error code, or 0 when the sign-in went through. */
async function loginErrorCode(email: string, password: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const toLogin = await context.request.get(`${portal.url}/api/authorize?client_id=portal&redirect_uri=${encodeURIComponent(`${portal.url}/token`)}&response_type=code&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`, { maxRedirects: 0 });
    const sessionCode = new URL(toLogin.headers()['location'] ?? '', portal.url).searchParams.get('session_code') ?? '';
    const login = await context.request.post(`${portal.url}/api/login`, { headers: { ...PORTAL_HEADERS, session_code: sessionCode }, data: { email, password } });
    return ((await login.json()) as { errorCode?: number }).errorCode ?? 0;
  } finally {
    await context.close();
  }
}

function totp(secret: string, timestamp: number): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

describe('security settings against the reference server', () => {
  it('unlocks with the password, counts down from the server lifetime and locks again, disabling the token', async () => {
    const { context, page } = await signedIn('demo@example.com');
    const disables: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/security\/[^/]+\/disable$/.test(new URL(req.url()).pathname)) disables.push(req.headers()['security-token'] ?? '');
    });
    expect(await page.getByRole('button', { name: 'Change password' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByLabel(/^Account password/).fill('Wrong-pass-9');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByText('Incorrect password.', { exact: false }).waitFor();

    await unlock(page);
    await expectNoAxeViolations(page);
    const token = await page.evaluate(() => localStorage.getItem('securityToken'));
    expect(token).toBeTruthy();
    expect(await page.getByText(/^Locks again in 0:[0-2]\d$/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Change password' }).isEnabled()).toBe(true);

    await page.getByRole('heading', { name: 'Unlock to change these settings' }).waitFor({ timeout: (UNLOCK_SECONDS + 4) * 1000 });
    await page.getByText('The unlock time is over.', { exact: false }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('securityToken'))).toBeNull();
    await expect.poll(() => disables).toEqual([token]);
    await context.close();
  });

  it('changes the password: other sessions end, the new password signs in and the old one does not', async () => {
    const other = await browser.newContext();
    const otherTokens = await signInThroughApi(other, portal.url, 'member@example.com', PASSWORD);
    const { context, page } = await signedIn('member@example.com');
    await unlock(page);
    await page.getByLabel(/^Current password/).fill(PASSWORD);
    await page.getByLabel(/^New password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill('x');
    await page.getByLabel(/^Current password/).focus(); // blur: the rules run
    await page.getByText('The new password must be different from the old one.').waitFor();
    await page.getByText('Password and Confirm Password inconsistent!').waitFor();
    await page.getByLabel(/^New password/).fill('Fresh-pass-2025');
    await page.getByLabel(/^Confirm new password/).fill('Fresh-pass-2025');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Other devices were signed out.').waitFor();

    const stale = await other.request.get(`${portal.url}/api/user-info`, { headers: { Authorization: `Bearer ${otherTokens.accessToken}` } });
    expect(stale.ok()).toBe(false);
    expect(await loginErrorCode('member@example.com', PASSWORD)).toBe(-20601);
    const fresh = await browser.newContext();
    await expect(signInThroughApi(fresh, portal.url, 'member@example.com', 'Fresh-pass-2025')).resolves.toMatchObject({ accessToken: expect.any(String) });
    // This device stays signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Security settings' }).waitFor();
    await Promise.all([context.close(), other.close(), fresh.close()]);
  });

  it('enrols an authenticator app, signs in with a code, adds email codes as primary and turns two-factor off', async () => {
    const { context, page } = await signedIn('demo@example.com');
    await page.getByText('Two-factor authentication is off.').waitFor();
    await unlock(page);
    await page.getByRole('button', { name: 'Turn on with an authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    expect(await dialog.getByRole('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expectNoAxeViolations(page, { include: '[role="dialog"]' });
    const secret = (await dialog.locator('code').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await dialog.getByRole('textbox').first().click();
    await page.keyboard.type(totp(secret, Date.now()));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Authenticator app is set up.').waitFor();
    await page.getByText('Two-factor authentication is on.').waitFor();

    // Sign out and back in: the sign-in now asks for a code (the next time step: each is usable once).
    // Still unlocked: the sign-out carries the security token, so the server ends the unlock too.
    const unlockToken = await page.evaluate(() => localStorage.getItem('securityToken'));
    expect(unlockToken).toBeTruthy();
    const logout = page.waitForRequest((req) => new URL(req.url()).pathname.endsWith('/logout'));
    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    expect((await logout).headers()['security-token']).toBe(unlockToken);
    await page.waitForURL(/\/login\?session_code=/);
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Password/).press('Enter');
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.keyboard.type(totp(secret, Date.now() + 30_000));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.url}/accountSetting/**`);

    await page.goto(`${portal.url}/accountSetting/security`);
    await page.getByText('Two-factor authentication is on.').waitFor();
    await unlock(page);
    await page.getByRole('button', { name: 'Add email codes' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Set up email codes' });
    const before = Date.now();
    await emailDialog.getByRole('button', { name: 'Send code' }).click();
    await emailDialog.getByRole('button', { name: /^Send a new code in \d+ s$/ }).waitFor();
    let code: string | undefined;
    await expect
      .poll(async () => {
        const mails = (await (await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent('demo@example.com')}`)).json()) as DevMail[];
        code = mails.find((m) => m.kind === 'emailCode' && m.createdAt >= before - 1000)?.subject.match(/\b(\d{6})\b/)?.[1];
        return code;
      })
      .toBeTruthy();
    await emailDialog.getByRole('textbox').first().click();
    await page.keyboard.type(code!);
    await emailDialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Email code is set up.').waitFor();

    await page.getByRole('button', { name: 'Make Email code the primary method' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make primary' }).click();
    await page.getByText('Email code is now the primary method.').waitFor();
    const methods = page.getByRole('list', { name: 'Verification methods' }).getByRole('listitem');
    expect(await methods.first().textContent()).toContain('Email code');
    expect(await methods.first().textContent()).toContain('Primary');

    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByText('Two-factor authentication is off.').first().waitFor();
    // The methods list re-renders after the status text: wait for the button rather than sample it.
    await page.getByRole('button', { name: 'Turn on with an authenticator app' }).waitFor();
    await context.close();
  });

  it('lists two sessions with this device marked, and logging out the other device ends it', async () => {
    const second = await browser.newContext();
    const secondTokens = await signInThroughApi(second, portal.url, 'owner@example.com', PASSWORD);
    const { context, page } = await signedIn('owner@example.com');
    const list = page.getByRole('list', { name: 'Sessions' });
    await list.getByRole('listitem').nth(1).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    const current = list.locator('li[aria-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toContain('This device');
    expect(await current.textContent()).toMatch(/Chrome \d+ on Linux/);
    expect(await current.textContent()).toContain('127.0.0.1');

    await unlock(page);
    await page.getByRole('button', { name: 'Log out other devices' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out other devices' }).click();
    await page.getByText('Other devices were signed out.').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    const dead = await second.request.get(`${portal.url}/api/user-info`, { headers: { Authorization: `Bearer ${secondTokens.accessToken}` } });
    expect(dead.ok()).toBe(false);
    const refresh = await second.request.post(`${portal.url}/api/refresh-token`, { data: { refreshToken: secondTokens.refreshToken } });
    expect(((await refresh.json()) as { errorCode?: number }).errorCode).toBeLessThan(0);
    await Promise.all([context.close(), second.close()]);
  });

  it('a two-factor dialog still open when the unlock ends asks to close it and retry; the page is locked again', async () => {
    const { context, page } = await signedIn('admin@example.com');
    await unlock(page);
    await page.getByRole('button', { name: 'Turn on with email codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up email codes' });
    await dialog
      .getByText('Your security session has timed out. Close this dialog, unlock the settings again and retry.')
      .waitFor({ timeout: (UNLOCK_SECONDS + 4) * 1000 });
    expect(await dialog.getByRole('button', { name: 'Send code' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('heading', { name: 'Unlock to change these settings' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('securityToken'))).toBeNull();
    await context.close();
  });
  it('wrong unlock passwords count towards the sign-in lock: a warning before the last, then the lock with its minutes', async () => {
    const { context, page } = await signedIn('applicant@example.com');
    const field = page.getByLabel(/^Account password/);
    for (let left = 4; left >= 2; left--) {
      await field.fill(`Wrong-pass-${left}`);
      await page.getByRole('button', { name: 'Unlock', exact: true }).click();
      await page.getByText(`Incorrect password. Attempts left: ${left}.`).waitFor();
    }
    await field.fill('Wrong-pass-1');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByText('Incorrect password. One more failed attempt locks your account for 30 min.').waitFor();
    await field.fill('Wrong-pass-0');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Your account is locked for 30 min' }).waitFor();
    expect(await field.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Unlock', exact: true }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, { include: 'form[aria-labelledby="security-lock-heading"]' });
    // One lock for the account: the right password does not sign in either.
    expect(await loginErrorCode('applicant@example.com', PASSWORD)).toBe(-20004);
    expect(await page.evaluate(() => localStorage.getItem('securityToken'))).toBeNull();
    await context.close();
  });
});

describe('issue 27: the overview, cards that agree, and the page at 375 px', () => {
  it('the overview sums up the page at a glance and each line leads to its card', async () => {
    const { context, page } = await signedIn('demo@example.com');
    const overview = page.getByRole('list', { name: 'At a glance' });
    await overview.getByRole('link', { name: 'Last sign-in' }).waitFor();
    // Each plugin's line names itself once its code and texts have loaded (lazily, each at its own pace).
    await expect.poll(() => overview.getByRole('link').allTextContents()).toEqual(['Two-factor authentication', 'Passkeys', 'Recovery codes', 'Trusted devices', 'Last sign-in']);
    await expect.poll(() => overview.getByRole('listitem').first().textContent()).toContain('Off');
    await expect.poll(() => overview.getByRole('listitem').last().textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M \S+/);
    await overview.getByRole('link', { name: 'Recovery codes' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Recovery codes');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('after two-factor is turned on, the recovery codes card and the overview follow without a reload', async () => {
    const { context, page } = await signedIn('us@example.com');
    await page.getByText('Turn on two-step verification to create recovery codes.').waitFor();
    await unlock(page);
    await page.getByRole('button', { name: 'Turn on with an authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    const secret = (await dialog.locator('code').textContent())!.replace(/\s/g, '');
    await dialog.getByRole('textbox').first().click();
    await page.keyboard.type(totp(secret, Date.now()));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Two-factor authentication is on.').waitFor();
    await page.getByRole('button', { name: 'Create recovery codes' }).waitFor();
    expect(await page.getByText('Turn on two-step verification to create recovery codes.').count()).toBe(0);
    await expect.poll(() => page.getByRole('list', { name: 'At a glance' }).getByRole('listitem').first().textContent()).toContain('On');
    await context.close();
  });

  it('at 375 px the authenticator row keeps Remove on its line, and the two "Turn on…" buttons are as wide as each other', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const tokens = await signInThroughApi(context, portal.url, 'demo@example.com', PASSWORD);
    const page = await context.newPage();
    await seedTokens(page, portal.url, tokens);
    await page.goto(`${portal.url}/accountSetting/security`);
    const app = page.getByRole('button', { name: 'Turn on with an authenticator app' });
    const email = page.getByRole('button', { name: 'Turn on with email codes' });
    await app.waitFor();
    const [a, e] = [(await app.boundingBox())!, (await email.boundingBox())!];
    expect(Math.abs(a.width - e.width)).toBeLessThanOrEqual(1);

    // Two methods, the authenticator app primary: its row has Remove alone, on the row's own line.
    await unlock(page);
    await app.click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    const secret = (await dialog.locator('code').textContent())!.replace(/\s/g, '');
    await dialog.getByRole('textbox').first().click();
    await page.keyboard.type(totp(secret, Date.now()));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Two-factor authentication is on.').waitFor();
    await page.getByRole('button', { name: 'Add email codes' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Set up email codes' });
    const before = Date.now();
    // One code mail a minute per account, and an earlier test of this file mailed this account one: the dialog
    // offers the send again once the wait it shows is over, as it would to a person.
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          const send = emailDialog.getByRole('button', { name: /^Send (code|a new code)$/ });
          if ((await send.count()) > 0 && (await send.isEnabled())) await send.click();
          const mails = (await (await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent('demo@example.com')}`)).json()) as DevMail[];
          code = mails.find((m) => m.kind === 'emailCode' && m.createdAt >= before - 1000)?.subject.match(/\b(\d{6})\b/)?.[1];
          return code;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBeTruthy();
    await emailDialog.getByRole('textbox').first().click();
    await page.keyboard.type(code!);
    await emailDialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Email code is set up.').waitFor();
    const row = page.getByRole('list', { name: 'Verification methods' }).getByRole('listitem').filter({ hasText: 'Authenticator app' });
    const name = (await row.getByText('Authenticator app', { exact: true }).boundingBox())!;
    const remove = (await row.getByRole('button', { name: 'Remove Authenticator app' }).boundingBox())!;
    expect(remove.y).toBeLessThan(name.y + name.height);

    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByRole('button', { name: 'Turn on with an authenticator app' }).waitFor();
    await context.close();
  }, 180_000);
});
