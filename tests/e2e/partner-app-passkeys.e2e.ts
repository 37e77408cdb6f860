import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppType, DevAppSignInResult } from '../../core/contract/partnerApp';
import { launchChromium } from '../support/browser';
import { chunksOfPackage, readPreloadManifest } from '../support/builtChunks';
import { startPortal, type RunningPortal } from '../support/portal';
import { credentials, virtualAuthenticator } from '../support/virtualAuthenticator';
import { seedTokens, signInThroughApi } from '../support/signIn';

/**
 * Passkeys inside the partner apps, in real Chromium against the reference server: the app's web
 * view (its launch query with the tokens of /dev/app-sign-in, a simulated bridge) on the app configs,
 * with Chrome DevTools' virtual authenticator where the app turned WebAuthn on, and without
 * `PublicKeyCredential` where it did not. Served as localhost: WebAuthn takes no IP as relying party.
 */
const PASSWORD = 'Demo-pass-2024';
const PHONE = { width: 375, height: 740 };

let browser: Browser;
let portal: RunningPortal;
/** The files of @simplewebauthn/browser, which must load only when a ceremony starts. */
let ceremonyFiles: string[];
/** The sign-in page's passkey parts: an app has no sign-in page, so they never load there. */
let loginPartFiles: string[];

beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ localhost: true });
  // startPortal rebuilds dist/ when stale: read what was built only after it.
  ceremonyFiles = chunksOfPackage('@simplewebauthn/browser');
  const passkeys = readPreloadManifest().plugins['passkeys']!;
  loginPartFiles = [passkeys.modules['PasskeySignIn.tsx']![0]!, passkeys.modules['PasskeySecondFactor.tsx']![0]!];
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

interface AppView {
  context: BrowserContext;
  page: Page;
  /** Every script the page fetched (path only). */
  scripts: string[];
  cdp?: CDPSession;
  authenticatorId?: string;
}

/**
 * The app's web view on its Security page: the app signs in natively (here /dev/app-sign-in) and opens
 * the page with its tokens; `webAuthn: false` is a web view the app did not allow WebAuthn in.
 */
async function openAppSecurity(email: string, appType: AppType, webAuthn: boolean): Promise<AppView> {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(() => {
    const noop = () => undefined;
    Object.assign(window, { UnifiedIdAndroid: { postMessage: noop }, webkit: { messageHandlers: { unifiedId: { postMessage: noop } } } });
  });
  if (!webAuthn) {
    await context.addInitScript(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });
  }
  const scripts: string[] = [];
  context.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  const res = await context.request.post(`${portal.url}/dev/app-sign-in`, { data: { email, password: PASSWORD, appType } });
  expect(res.status(), await res.text()).toBe(200);
  const tokens = (await res.json()) as DevAppSignInResult;
  const page = await context.newPage();
  const authenticator = webAuthn ? await virtualAuthenticator(context, page) : undefined;
  const url = new URL('/accountSetting/security', portal.url);
  const launch = { appType, locale: 'en_US', appVersion: '3.2.0', accessToken: tokens.accessToken, tokenType: tokens.tokenType, refreshToken: tokens.refreshToken, sessionId: tokens.sessionId };
  Object.entries(launch).forEach(([k, v]) => url.searchParams.set(k, v));
  await page.goto(url.toString());
  await page.getByRole('heading', { name: 'Security settings' }).waitFor();
  await expect(page.title()).resolves.toContain('Partner App');
  return { context, page, scripts, ...authenticator };
}

async function unlock(page: Page) {
  await page.getByLabel(/^Account password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await page.getByText(/^Locks again in \d:\d\d$/).waitFor();
}

const loaded = (scripts: string[], files: string[]) => scripts.filter((s) => files.includes(s));

describe('passkeys inside the partner apps', () => {
  it('adds a passkey in the Android app’s web view; on the web that passkey signs in and lands at the connected service', async () => {
    expect(ceremonyFiles.length).toBeGreaterThan(0);
    const app = await openAppSecurity('demo@example.com', 'partner_app_android', true);
    const { page, scripts } = app;
    await page.getByRole('region', { name: 'Passkeys' }).getByText('You have no passkeys yet.').waitFor();
    await unlock(page);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByLabel(/^Passkey name/).fill('Phone app');
    // The card and its form are there, the WebAuthn library is not: it loads when the ceremony starts.
    expect(loaded(scripts, ceremonyFiles)).toEqual([]);
    await page.getByRole('button', { name: 'Create passkey' }).click();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Phone app').waitFor();
    expect(loaded(scripts, ceremonyFiles).length).toBeGreaterThan(0);
    expect(loaded(scripts, loginPartFiles)).toEqual([]);
    const [credential] = await credentials(app.cdp!, app.authenticatorId!);
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // The same passkey in a browser (synced, as a phone's passkeys are): the connected service's
    // sign-in with the button (no autofill), then the hand-off back to the service.
    const web = await browser.newContext();
    const webPage = await web.newPage();
    await webPage.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
    });
    const webAuthenticator = await virtualAuthenticator(web, webPage);
    await webAuthenticator.cdp.send('WebAuthn.addCredential', { authenticatorId: webAuthenticator.authenticatorId, credential: credential! });
    await webPage.goto(`${portal.url}/demo-service/`);
    await webPage.getByRole('button', { name: 'Sign in with Unified ID' }).click();
    await webPage.waitForURL(/\/login\?session_code=/);
    await webPage.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await webPage.waitForURL(`${portal.url}/demo-service/**`);
    await webPage.getByText('demo@example.com').first().waitFor();
    await web.close();

    // Back in the app: the card shows the passkey as used.
    await page.reload();
    await list.getByText(/last used/).waitFor();
    await app.context.close();
  });

  it('an iOS web view without WebAuthn says where to add a passkey, and still lists, renames and removes the account’s passkeys', async () => {
    // A passkey added in a browser first, where the card sends the person.
    const web = await browser.newContext();
    const webPage = await web.newPage();
    await virtualAuthenticator(web, webPage);
    await seedTokens(webPage, portal.url, await signInThroughApi(web, portal.url, 'member@example.com', PASSWORD));
    await webPage.goto(`${portal.url}/accountSetting/security`);
    await unlock(webPage);
    await webPage.getByRole('button', { name: 'Add a passkey' }).click();
    await webPage.getByLabel(/^Passkey name/).fill('Laptop');
    await webPage.getByRole('button', { name: 'Create passkey' }).click();
    await webPage.getByRole('list', { name: 'Your passkeys' }).getByText('Laptop').waitFor();
    await web.close();

    const { context, page, scripts } = await openAppSecurity('member@example.com', 'partner_app_ios', false);
    const card = page.getByRole('region', { name: 'Passkeys' });
    const list = card.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Laptop').waitFor();
    await card.getByText('Passkeys can’t be added in this app. To add one, open the Security page of your Unified ID account in a web browser:').waitFor();
    await card.getByText(`${portal.url}/accountSetting/security`, { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Add a passkey' }).count()).toBe(0);

    await unlock(page);
    await page.getByRole('button', { name: 'Rename passkey Laptop' }).click();
    await page.getByLabel(/^New name/).fill('Work laptop');
    await list.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Work laptop').waitFor();
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await page.getByRole('button', { name: 'Remove passkey', exact: true }).click();
    await card.getByText('You have no passkeys yet.').waitFor();
    // Nothing of WebAuthn was loaded in a web view that has none.
    expect(loaded(scripts, ceremonyFiles)).toEqual([]);
    expect(loaded(scripts, loginPartFiles)).toEqual([]);
    await context.close();
  });
});
