/**
 * The captcha login step (plugins/captcha) in Debian's Chromium against `npm start`: three
 * failed sign-ins from one browser, or a connected service that always wants it, make the
 * server ask for the sliding verification (-23029); the dialog embeds the server's frame,
 * which is solved as in server-captcha.e2e.ts (the answer read from the server's store, the
 * slider dragged by Playwright's mouse), and the sign-in goes through with the frame's token.
 * Registration asks for it too: the second sign-up from one client address (CAPTCHA_AFTER_REGISTRATIONS=1).
 * An MFA sign-in solves it once: its code submissions are not asked again.
 */
import AxeBuilder from '@axe-core/playwright';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as OTPAuth from 'otpauth';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { submitRegistration } from '../support/registerForm';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
/** A connected service that always asks for the captcha (ClientConfig.requireCaptcha). */
const CAPTCHA_CLIENT = { id: 'captcha-step-e2e', name: 'Captcha step E2E', redirectUris: ['http://127.0.0.1:9/captcha-step-e2e/cb'], requireCaptcha: true };

let browser: Browser;
let portal: RunningPortal;
let configDir: string;
beforeAll(async () => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-e2e-captcha-'));
  const config = JSON.parse(fs.readFileSync('config/default.json', 'utf8')) as { plugins: Record<string, unknown> };
  config.plugins.captcha = { enabled: true };
  config.plugins.mfa = { enabled: true };
  config.plugins.register = { enabled: true, config: { termsUrl: '/demo-service/terms.html', privacyUrl: '/demo-service/privacy.html' } };
  const configFile = path.join(configDir, 'portal.json');
  fs.writeFileSync(configFile, JSON.stringify(config));
  const clientsFile = path.join(configDir, 'clients.json');
  fs.writeFileSync(clientsFile, JSON.stringify([CAPTCHA_CLIENT]));
  browser = await launchChromium();
  portal = await startPortal({ config: configFile, env: { CLIENTS_FILE: clientsFile, CAPTCHA_AFTER_REGISTRATIONS: '1' } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
}

/** The dialog is open: its title shows (the dialog element itself has no box of its own). */
const dialogShown = (page: Page) => page.getByRole('heading', { name: 'Security verification' }).waitFor();

/** Three wrong passwords from this browser, then the right one: the server asks for the captcha. */
async function captchaAfterFailures(page: Page): Promise<FrameLocator> {
  await page.goto(`${portal.url}/login`);
  await page.waitForURL(/session_code=/);
  for (const left of [4, 3, 2]) {
    await signIn(page, DEMO.email, 'Wrong-pass-1');
    await page.getByRole('alert').filter({ hasText: `Attempts left: ${left}` }).waitFor();
  }
  await signIn(page, DEMO.email, DEMO.password);
  await dialogShown(page);
  return page.frameLocator('iframe[title="Sliding puzzle"]');
}

/** The login page of the service that always asks for the captcha at sign-in. */
async function openClientLogin(page: Page): Promise<void> {
  const authorize = new URL(`${portal.url}/api/authorize`);
  const params = { client_id: CAPTCHA_CLIENT.id, redirect_uri: CAPTCHA_CLIENT.redirectUris[0]!, response_type: 'code', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: 's' };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  await page.goto(authorize.toString());
  await page.waitForURL(/\/login\?session_code=/);
}

/** The service's login page: the right password gets the captcha at once. */
async function captchaForClient(page: Page): Promise<FrameLocator> {
  await openClientLogin(page);
  await signIn(page, DEMO.email, DEMO.password);
  await dialogShown(page);
  return page.frameLocator('iframe[title="Sliding puzzle"]');
}

/** The service's redirect URI receiving an authorization code: the sign-in went through. */
const handedToClient = (page: Page) => page.waitForRequest((req) => req.url().startsWith(`${CAPTCHA_CLIENT.redirectUris[0]}?code=`), { timeout: 20_000 });

/** Waits until the frame shows a puzzle; resolves the single-use key of its background image. */
async function puzzle(frame: FrameLocator, other?: string): Promise<string> {
  let key = '';
  await expect
    .poll(
      async () => {
        const src = (await frame.locator('#bg').getAttribute('src')) ?? '';
        key = /\/captcha\/image\/([A-Za-z0-9_-]{43})$/.exec(src)?.[1] ?? '';
        const ready = (await frame.locator('#status').textContent()) === 'Slide to complete the puzzle';
        return ready && key !== '' && key !== other;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return key;
}

/** Where the piece fits: from the server's global store, by the image key's hash (only a test can). */
function answer(imageKey: string): number {
  const db = new Database(path.join(portal.dataDir, 'global.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const hash = crypto.createHash('sha256').update(imageKey).digest('hex');
    const row = db.prepare('SELECT target_x FROM captcha_challenges WHERE image_key_hash = ?').get(hash) as { target_x: number } | undefined;
    if (!row) throw new Error('no puzzle for that image');
    return row.target_x;
  } finally {
    db.close();
  }
}

/** Drags the slider handle by `dx` pixels like a person: pressed, moved in small steps, released. */
async function drag(page: Page, frame: FrameLocator, dx: number): Promise<void> {
  const box = (await frame.locator('#handle').boundingBox())!;
  const x0 = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  const steps = 30;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x0 + (dx * i) / steps, y + (i % 3) - 1);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
}

describe('the captcha step on the login page', () => {
  it('opens after three failed sign-ins, themes the frame, and a solved puzzle signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const frame = await captchaAfterFailures(page);
    const dialog = page.getByRole('dialog', { name: 'Security verification' });
    const panel = dialog.locator('[id^="headlessui-dialog-panel"]');
    expect(await panel.evaluate((el) => getComputedStyle(el).maxWidth)).toBe('400px');
    const iframe = dialog.locator('iframe');
    // The frame of this address's sign-in: the server's captchaUrl (its `for`), in the page language.
    expect(await iframe.getAttribute('src')).toMatch(new RegExp(`^${portal.url}/api/captcha/frame\\?for=[A-Za-z0-9_-]{43}&lang=en_US$`));
    // The frame said 'loaded': the loading status is gone and our theme reached it (origin, window and shape checked on both sides).
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('');
    await expect.poll(() => frame.locator('html').getAttribute('data-mode')).toBe('light');
    expect(await frame.locator('html').evaluate((el) => getComputedStyle(el).getPropertyValue('--primary').trim())).toBe('#0b57d0');
    // The page's own h1 is behind the modal (inert), so the page-level heading rule does not apply here.
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').disableRules(['page-has-heading-one']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    const key = await puzzle(frame);
    await drag(page, frame, answer(key));
    // The retried sign-in carries the token: the dialog closes and the portal hands off to the account pages.
    await page.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 20_000 });
    expect(await page.evaluate(() => Boolean(localStorage.getItem('accessToken')))).toBe(true);
    await context.close();
  });

  it('a wrong slide says so in the dialog; the next puzzle can be solved', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const frame = await captchaForClient(page);
    const dialog = page.getByRole('dialog', { name: 'Security verification' });
    const first = await puzzle(frame);
    const right = answer(first);
    await drag(page, frame, right > 120 ? right - 40 : right + 40);
    await dialog.getByRole('status').filter({ hasText: 'That did not fit. A new puzzle is ready: please try again.' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { name: 'Security verification' }).isVisible()).toBe(true);
    const second = await puzzle(frame, first);
    const handedOff = handedToClient(page);
    await drag(page, frame, answer(second));
    expect(new URL((await handedOff).url()).searchParams.get('state')).toBe('s');
    await context.close();
  });

  it('closing the dialog returns to the form without the password; signing in again asks again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await captchaForClient(page);
    await page.getByRole('dialog', { name: 'Security verification' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.email);
    expect(await page.getByLabel(/^Password/).inputValue()).toBe('');
    await page.getByLabel(/^Password/).fill(DEMO.password);
    await page.getByLabel(/^Password/).press('Enter');
    await dialogShown(page);
    await context.close();
  });

  it('the second registration from one client address asks for it; solved, the account is created with the token', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const stamp = Date.now();
    async function register(email: string): Promise<void> {
      await openClientLogin(page);
      await page.getByRole('button', { name: 'Create one' }).click();
      await page.getByRole('heading', { name: 'Create your Unified ID' }).waitFor();
      await submitRegistration(page, { email, password: 'Sturdy-pass-42', country: 'Germany', firstName: 'Cora', lastName: 'Checked' });
    }
    const registerCalls: Record<string, unknown>[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/register/captcha') registerCalls.push(req.postDataJSON() as Record<string, unknown>);
    });

    await register(`cora.${stamp}@partner-example.com`);
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(registerCalls.map((body) => body.captchaToken)).toEqual([undefined]);

    // Same client address, second sign-up: the server wants the puzzle first.
    const second = `cora.${stamp}.2@partner-example.com`;
    await register(second);
    await dialogShown(page);
    const frame = page.frameLocator('iframe[title="Sliding puzzle"]');
    expect(await page.getByLabel(/^Last name/).inputValue()).toBe('Checked'); // the form waits behind the dialog
    const key = await puzzle(frame);
    await drag(page, frame, answer(key));
    await page.getByRole('heading', { name: 'Check your email' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('sent-address').textContent()).toBe(second);
    expect(registerCalls).toHaveLength(3);
    expect(registerCalls[1]!.captchaToken).toBeUndefined();
    expect(registerCalls[2]).toMatchObject({ email: second, captchaToken: expect.stringMatching(/\S/) as unknown });
    const mail = await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(second)}`);
    expect(((await mail.json()) as unknown[]).length).toBe(1);
    await context.close();
  });
});

describe('captcha and two-factor sign-in', () => {
  const MFA_USER = { email: 'mfa@example.com', password: 'Demo-pass-2024' };
  /** RFC 6238 as the server checks it; the seed keeps the demo secret in <dataDir>/demo.json. */
  function totpAt(timestamp: number): string {
    const { totpSecret } = JSON.parse(fs.readFileSync(path.join(portal.dataDir, 'demo.json'), 'utf8')) as { totpSecret: string };
    return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(totpSecret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
  }

  it('with the captcha due, an MFA account solves the puzzle once: the code submissions of that sign-in are not asked again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const logins: Record<string, unknown>[] = [];
    let verifications = 0;
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname === '/api/login') logins.push(req.postDataJSON() as Record<string, unknown>);
      if (pathname === '/api/captcha/verify') verifications += 1;
    });
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(/session_code=/);
    // Failed sign-ins from this browser (on another account) until the captcha is due (earlier
    // tests of this file may have made it due already: then the first one asks for it).
    for (let i = 0; i < 3; i++) {
      await signIn(page, 'owner@example.com', 'Wrong-pass-1');
      const refused = page.getByRole('alert').filter({ hasText: `Attempts left: ${4 - i}` });
      const puzzleAsked = page.getByRole('heading', { name: 'Security verification' });
      await refused.or(puzzleAsked).waitFor();
      if (await puzzleAsked.isVisible()) {
        await page.getByRole('dialog', { name: 'Security verification' }).getByRole('button', { name: 'Close' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        break;
      }
    }
    await signIn(page, MFA_USER.email, MFA_USER.password);
    await dialogShown(page);
    const frame = page.frameLocator('iframe[title="Sliding puzzle"]');
    await drag(page, frame, answer(await puzzle(frame)));
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor({ timeout: 20_000 });

    // A wrong code: the step says how many attempts are left; no second puzzle.
    const now = Date.now();
    const live = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((d) => totpAt(now + d)));
    await page.keyboard.type(['000000', '111111', '222222'].find((c) => !live.has(c))!);
    await page.keyboard.press('Enter');
    await page.getByText('The verification code is incorrect. Attempts left: 4.').waitFor();
    expect(await page.getByRole('heading', { name: 'Security verification' }).count()).toBe(0);

    await page.keyboard.type(totpAt(Date.now()));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.url}/accountSetting/**`, { timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Security verification' }).count()).toBe(0);
    // One puzzle solved: the password step spent its token; the code submissions passed by their MFA process.
    expect(verifications).toBe(1);
    const mfaLogins = logins.filter((body) => body.email === MFA_USER.email);
    expect(mfaLogins.map((body) => [Boolean(body.captchaToken), Boolean(body.mfaProcessId)])).toEqual([
      [false, false],
      [true, false],
      [true, true],
      [true, true],
    ]);
    await context.close();
  });
});
