/**
 * The console's connected services in Chromium (issue 28, section 3): an admin made on the command
 * line creates a service whose theme first fails the contrast check (said as the colour is typed,
 * with the ratio, while the live preview of the real /login already wears it), takes the suggested
 * colour, and saves; the service's secret is shown once; the service's own login page (an authorize
 * with its client id) then wears the colour the preview showed. A viewer reads the services and
 * can change nothing (403 from the server too); an end user's token is refused on every services call.
 */
import * as OTPAuth from 'otpauth';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import type { DevMail } from '../support/mailLinks';
import { addAdminLink as addAdminLinkOf } from '../support/opsConsole';
import { startPortal, type RunningPortal } from '../support/portal';
import { PORTAL_HEADERS, signInThroughApi } from '../support/signIn';
import { virtualAuthenticator } from '../support/virtualAuthenticator';

const ADMIN = 'services-admin@ops.example';
const VIEWER = 'services-viewer@ops.example';
const PASSWORD = 'Console-pass-2026!';
const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
const SERVICE = { id: 'travel-desk', name: 'Travel desk', redirectUri: 'https://travel.example/callback' };

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ localhost: true });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** `npm run ops:add-admin <email>` against the running portal's data folder: the link it prints. */
const addAdminLink = (email: string) => addAdminLinkOf(portal, email);

async function mailTo(to: string): Promise<DevMail> {
  for (let i = 0; i < 50; i++) {
    const mails = (await (await fetch(`${portal.url}/dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as DevMail[];
    if (mails.length > 0) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

/** rgb(r, g, b) of a #rrggbb, as getComputedStyle writes colours. */
function rgbOf(hex: string): string {
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `rgb(${n(1)}, ${n(3)}, ${n(5)})`;
}

/** The primary button's colour on a login page (the real one, or a preview frame's). */
async function submitColour(where: Page | Frame): Promise<string> {
  const submit = where.locator('#main button[type="submit"]').first();
  await submit.waitFor();
  return submit.evaluate((el) => getComputedStyle(el).backgroundColor);
}

async function previewFrame(page: Page, width: number): Promise<Frame> {
  const handle = await page.locator(`iframe[data-preview-width="${width}"]`).elementHandle();
  const frame = await handle!.contentFrame();
  return frame!;
}

describe('ops console: connected services', () => {
  it('creates a service whose theme first fails the contrast check, then passes; its login page wears the preview colours; a viewer changes nothing; an end user is refused', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await virtualAuthenticator(context, page);
    await page.goto(await addAdminLink(ADMIN));
    await page.getByLabel(/^New password/).fill(PASSWORD);
    await page.getByLabel(/^Repeat the password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create passkey and finish' }).click();
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();

    // The Services section; its code came with the operator's session.
    const sectionCode = page.waitForResponse((r) => r.url().includes('/assets/plugin-ops-services-ServicesView-'));
    await page.getByRole('link', { name: 'Services' }).click();
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    expect((await sectionCode).headers()['cache-control']).toBe('private, max-age=31536000, immutable');
    await page.getByRole('button', { name: 'New service' }).click();
    await page.getByRole('heading', { name: 'New service', level: 1 }).waitFor();
    await page.getByLabel(/^Client ID/).fill(SERVICE.id);
    await page.getByLabel(/^Name/).fill(SERVICE.name);
    await page.getByLabel(/^Redirect URIs/).fill(SERVICE.redirectUri);
    await page.getByLabel(/^Title$/).fill('Travel Desk');

    // A base theme and a light primary: refused as it is typed, with the measured ratio; the preview already shows it.
    await page.getByRole('combobox', { name: /Base theme/ }).click();
    await page.getByRole('option', { name: 'default', exact: true }).click();
    await page.getByText('All text colours reach WCAG AA contrast.').waitFor();
    await page.getByRole('textbox', { name: 'Primary', exact: true }).fill('#7fb3ff');
    const report = page.getByTestId('contrast-report').last();
    await report.getByText(/Button text on primary: 2\.\d\d:1 \(#ffffff on #7fb3ff\)/).waitFor();
    await report.getByText(/Links on the card: 2\.\d\d:1/).waitFor();
    for (const width of [375, 1366]) {
      const frame = await previewFrame(page, width);
      await expect.poll(() => submitColour(frame)).toBe(rgbOf('#7fb3ff'));
    }
    // The form refuses it too, before any call.
    await page.getByLabel(/^Reason/).fill('Connect the travel desk');
    await page.getByRole('button', { name: 'Create service' }).click();
    await page.getByText('These colours do not reach WCAG AA contrast (4.5:1):').first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The suggestion, in one click: every pair passes, and the preview follows (in Arabic too).
    await report.getByRole('button', { name: /^Use #[0-9a-f]{6} for Primary$/ }).first().click();
    await page.getByText('All text colours reach WCAG AA contrast.').waitFor();
    const chosen = await page.getByRole('textbox', { name: 'Primary', exact: true }).inputValue();
    expect(chosen).toMatch(/^#[0-9a-f]{6}$/);
    for (const width of [375, 1366]) await expect.poll(async () => submitColour(await previewFrame(page, width))).toBe(rgbOf(chosen));
    await page.getByRole('button', { name: 'Show in Arabic (right to left)' }).click();
    const arabic = await previewFrame(page, 375);
    await expect.poll(() => arabic.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => submitColour(arabic)).toBe(rgbOf(chosen));
    await expectNoAxeViolations(page);

    // Saved: the secret, once.
    await page.getByRole('button', { name: 'Create service' }).click();
    const dialog = page.getByRole('dialog', { name: `Secret of ${SERVICE.id}` });
    await dialog.getByRole('button', { name: 'I have stored it' }).waitFor();
    const secret = await dialog.getByLabel('Client secret').inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('heading', { name: `Service ${SERVICE.name}`, level: 1 }).waitFor();

    // The service's own login page, as the service sends its users: the colour the preview showed, no restart.
    const visitor = await browser.newContext();
    const login = await visitor.newPage();
    const authorize = new URL(`${portal.url}/api/authorize`);
    for (const [k, v] of Object.entries({ client_id: SERVICE.id, redirect_uri: SERVICE.redirectUri, response_type: 'code', code_challenge: 'c'.repeat(43), code_challenge_method: 'S256', state: 's' })) authorize.searchParams.set(k, v);
    await login.goto(authorize.toString());
    await login.waitForURL(/\/login\?session_code=/);
    await login.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await submitColour(login)).toBe(rgbOf(chosen));
    await visitor.close();

    // A viewer, invited and enrolled with an authenticator app, reads and changes nothing.
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByLabel(/^Email address/).fill(VIEWER);
    await page.getByLabel(/^Reason/).fill('Reads the services');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${VIEWER}.`).waitFor();
    await context.close();
    const invite = (await mailTo(VIEWER)).links.find((l) => l.includes('/ops/enrol#'))!;
    const viewer = await browser.newContext();
    const vpage = await viewer.newPage();
    await vpage.goto(invite);
    await vpage.getByLabel(/^New password/).fill(PASSWORD);
    await vpage.getByLabel(/^Repeat the password/).fill(PASSWORD);
    await vpage.getByLabel('An authenticator app').check();
    const totp = (await vpage.getByTestId('totp-secret').textContent())!.trim();
    await vpage.getByLabel(/^6-digit code/).fill(OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(totp), algorithm: 'SHA1', digits: 6, period: 30 }));
    await vpage.getByRole('button', { name: 'Finish' }).click();
    await vpage.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    await vpage.getByRole('link', { name: 'Services' }).click();
    await vpage.getByRole('cell', { name: SERVICE.name, exact: true }).waitFor();
    expect(await vpage.getByRole('button', { name: 'New service' }).count()).toBe(0);
    await vpage.getByRole('button', { name: `View ${SERVICE.name}` }).click();
    await vpage.getByText('Your role can read this service but not change it.').waitFor();
    expect(await vpage.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    // The server refuses the viewer's change whatever the page shows.
    const refused = await vpage.evaluate(
      async ({ id, headers }) => {
        const res = await fetch(`/api/ops/services/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ service: { id, name: 'Taken over', redirectUris: ['https://evil.example/cb'] }, reason: 'Let me in' }) });
        return res.status;
      },
      { id: SERVICE.id, headers: PORTAL_HEADERS },
    );
    expect(refused).toBe(403);
    await viewer.close();

    // An end user's own token opens none of the services calls.
    const user = await browser.newContext();
    const tokens = await signInThroughApi(user, portal.url, DEMO.email, DEMO.password);
    for (const [method, path] of [['GET', '/services'], ['GET', '/services/themes'], ['POST', '/services'], ['PUT', `/services/${SERVICE.id}`], ['POST', `/services/${SERVICE.id}/secret`], ['POST', '/services/images']] as const) {
      const res = await user.request.fetch(`${portal.url}/api/ops${path}`, { method, headers: { ...PORTAL_HEADERS, Authorization: `Bearer ${tokens.accessToken}` }, ...(method === 'GET' ? {} : { data: {} }) });
      expect(res.status(), `${method} ${path}`).toBe(401);
    }
    await user.close();
  });
});
