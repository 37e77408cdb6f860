/**
 * A connected service asking for a fresh sign-in (OpenID prompt=login, max_age=0) while the
 * browser is signed in to the portal, in Chromium: the portal's login page asks the signed-in
 * account's password again (and its second factor), the ID token's auth_time is newer and its
 * amr says how; "use another account" signs out first and the sign-in is that account's own.
 * A trusted device skips the second factor at a re-authentication (by default) but never where
 * the service asks for the MFA context (acr_values).
 * And a request with an unregistered redirect URI: the portal's styled problem page.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { authorizationRequest } from '../support/oidcRequest';
import { startPortal, type RunningPortal } from '../support/portal';

const PASSWORD = 'Demo-pass-2024';
const DEMO = 'demo@example.com';
const MFA = 'mfa@example.com';
const OWNER = 'owner@example.com';
const service = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the service'));
let CALLBACK = '';

let browser: Browser;
let portal: RunningPortal;
let config: oidc.Configuration;
let totpSecret: string;
const dir = mkdtempSync(path.join(tmpdir(), 'uid-oidc-reauth-e2e-'));

beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  CALLBACK = `http://127.0.0.1:${(service.address() as { port: number }).port}/callback`;
  const clientsFile = path.join(dir, 'clients.json');
  writeFileSync(clientsFile, JSON.stringify([{ id: 'shop-spa', name: 'Shop app', redirectUris: [CALLBACK] }]));
  browser = await launchChromium();
  portal = await startPortal({ env: { CLIENTS_FILE: clientsFile }, plugins: { mfa: { enabled: true }, 'trusted-device': { enabled: true } } });
  totpSecret = (JSON.parse(readFileSync(path.join(portal.dataDir, 'demo.json'), 'utf8')) as { totpSecret: string }).totpSecret;
  config = await oidc.discovery(new URL(`${portal.url}/api/oidc`), 'shop-spa', undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
  oidc.enableNonRepudiationChecks(config);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => service.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** The service sends the browser to the portal; `signIn` does the portal's part; the service redeems the code. */
async function viaService(page: Page, extra: Record<string, string>, signIn: () => Promise<void>) {
  const request = await authorizationRequest(config, CALLBACK, extra);
  await page.goto(request.url.toString());
  await signIn();
  await page.waitForURL(`${CALLBACK}**`);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce, idTokenExpected: true });
  return tokens.claims()!;
}

async function passwordSignIn(page: Page, email: string) {
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Password/).press('Enter');
}

/** The re-authentication form: the signed-in address, fixed; only the password is typed. */
async function reauthenticate(page: Page, email: string) {
  await page.getByRole('heading', { name: "Confirm it's you" }).waitFor();
  expect(await page.getByText('Shop app asks you to enter your password again to continue.').isVisible()).toBe(true);
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Password/).press('Enter');
}

let lastStep = 0;
/**
 * The next unused 30-second step's code: each step works once, and the server accepts one step
 * ahead of its clock, so a test that needs more codes than that waits for the clock to move on.
 */
async function totp(page: Page) {
  const step = () => Math.floor(Date.now() / 30_000);
  while (lastStep + 1 > step() + 1) await new Promise((r) => setTimeout(r, 500));
  lastStep = Math.max(lastStep + 1, step());
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
  await page.keyboard.type(OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(totpSecret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: lastStep * 30_000 }));
  await page.keyboard.press('Enter');
}

const aSecond = () => new Promise((r) => setTimeout(r, 1100));

describe('a fresh sign-in asked for while signed in to the portal', () => {
  it('prompt=login and max_age=0 ask the password again; auth_time moves on; amr ["pwd"]', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await viaService(page, {}, () => passwordSignIn(page, DEMO));
    expect(first).toMatchObject({ email: DEMO, amr: ['pwd'] });

    await aSecond();
    const login = await viaService(page, { prompt: 'login' }, async () => {
      await reauthenticate(page, DEMO);
    });
    expect(login.sub).toBe(first.sub);
    expect(login.auth_time).toBeGreaterThan(first.auth_time!);
    expect(login.amr).toEqual(['pwd']);

    await aSecond();
    const maxAge = await viaService(page, { max_age: '0' }, async () => {
      const axe = await (async () => {
        await page.getByRole('heading', { name: "Confirm it's you" }).waitFor();
        return new AxeBuilder({ page }).analyze();
      })();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await reauthenticate(page, DEMO);
    });
    expect(maxAge.auth_time).toBeGreaterThan(login.auth_time!);

    // Any other visit of the login page still forwards a signed-in browser (the spec's default).
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
  });

  it('an MFA account passes its second factor again: amr pwd, otp, mfa', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await viaService(page, {}, async () => {
      await passwordSignIn(page, MFA);
      await totp(page);
    });
    expect(first.amr).toEqual(['pwd', 'otp', 'mfa']);
    await aSecond();
    const again = await viaService(page, { prompt: 'login' }, async () => {
      await reauthenticate(page, MFA);
      await totp(page);
    });
    expect(again).toMatchObject({ sub: first.sub, amr: ['pwd', 'otp', 'mfa'] });
    expect(again.auth_time).toBeGreaterThan(first.auth_time!);
    await context.close();
  });

  it('"use another account" signs out first; the other account signs in as itself', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await viaService(page, {}, () => passwordSignIn(page, DEMO));
    const other = await viaService(page, { prompt: 'login' }, async () => {
      await page.getByRole('heading', { name: "Confirm it's you" }).waitFor();
      await page.getByRole('button', { name: 'Sign out and use another account' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.getByLabel('Email').getAttribute('readonly')).toBeNull();
      await page.getByLabel('Email').fill(OWNER);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel(/^Password/).press('Enter');
    });
    expect(other.email).toBe(OWNER);
    expect(other.sub).not.toBe(first.sub);
    await context.close();
  });
});

describe('a trusted device ("Don\'t ask again on this device")', () => {
  it('skips the second factor at a re-authentication (amr pwd) but not for acr_values naming the MFA context', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await viaService(page, {}, async () => {
      await passwordSignIn(page, MFA);
      await page.getByRole('checkbox', { name: "Don't ask again on this device for 30 days" }).check();
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
      await totp(page);
    });
    expect(first).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: 'urn:unified-id:acr:mfa' });

    // The password alone: the service is back with a token that says so.
    const reauth = await viaService(page, { prompt: 'login' }, () => reauthenticate(page, MFA));
    expect(reauth).toMatchObject({ sub: first.sub, amr: ['pwd'], acr: 'urn:unified-id:acr:pwd' });

    // Signed in without a second factor now: asking for the MFA context asks it again, with no "Don't ask again".
    const stepUp = await viaService(page, { acr_values: 'urn:unified-id:acr:mfa' }, async () => {
      await reauthenticate(page, MFA);
      await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
      expect(await page.getByRole('checkbox', { name: /Don't ask again/ }).count()).toBe(0);
      await totp(page);
    });
    expect(stepUp).toMatchObject({ sub: first.sub, amr: ['pwd', 'otp', 'mfa'], acr: 'urn:unified-id:acr:mfa' });
    await context.close();
  });
});

describe('a request that cannot go back to the service', () => {
  it('an unregistered redirect URI: the portal-styled page in the asked language, no request text, Start again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${CALLBACK}-evil`, scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: 'INJECTED-state', ui_locales: 'de' });
    await page.goto(url.toString());
    await page.waitForURL(`${portal.url}/sign-in-problem?**`);
    await page.getByRole('heading', { name: 'Die Anmeldung konnte nicht abgeschlossen werden' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Rücksprungadresse');
    expect(await page.content()).not.toContain('INJECTED');
    expect(await page.content()).not.toContain('-evil');
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      const box = await page.getByRole('button', { name: 'Erneut beginnen' }).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    await page.getByRole('button', { name: 'Erneut beginnen' }).click();
    await page.waitForURL(/\/login\?session_code=/);
    await context.close();
  });
});
