/**
 * The ops console in Chromium (issue 28, section 1): the first admin is made on the command line
 * (`npm run ops:add-admin`) and enrols from the printed link with a passkey (Chrome's virtual
 * authenticator), signs out and in again with password and passkey, invites a viewer (confirming
 * with the passkey), and the viewer, enrolled with an authenticator app, sees the console but
 * cannot change anything.
 */
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import type { DevMail } from '../support/mailLinks';
import { addAdminLink as addAdminLinkOf } from '../support/opsConsole';
import { startPortal, type RunningPortal } from '../support/portal';
import { virtualAuthenticator } from '../support/virtualAuthenticator';

const ADMIN = 'first-admin@ops.example';
const VIEWER = 'viewer@ops.example';
const PASSWORD = 'Console-pass-2026!';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  // A confirmation covers 1 s here, so the first dangerous action asks for the second factor again.
  portal = await startPortal({ localhost: true, env: { OPS_CONFIRM_SECONDS: '1' } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** `npm run ops:add-admin <email>` against the running portal's data folder: the link it prints. */
const addAdminLink = (email: string) => addAdminLinkOf(portal, email);

async function mailTo(to: string): Promise<DevMail> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${portal.url}/dev/mail.json?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as DevMail[];
    if (mails.length > 0) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

async function signIn(page: Page, email: string) {
  await page.goto(`${portal.url}/ops`);
  await page.getByRole('heading', { name: 'Sign in to the ops console' }).waitFor();
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: "Confirm it's you" }).waitFor();
}

describe('ops console: operators and their sign-in', () => {
  it('an admin made on the command line enrols and signs in with a passkey, and invites a viewer who can change nothing', async () => {
    // A stranger at /ops gets the sign-in, and none of the signed-in console's code.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    const fetched: string[] = [];
    strangerPage.on('request', (r) => fetched.push(r.url()));
    await strangerPage.goto(`${portal.url}/ops`);
    await strangerPage.getByRole('heading', { name: 'Sign in to the ops console' }).waitFor();
    await strangerPage.waitForLoadState('networkidle');
    expect(fetched.some((u) => u.includes('/assets/plugin-ops-console-ConsoleApp-'))).toBe(true);
    expect(fetched.filter((u) => /plugin-ops-console-(SignedInConsole|OperatorsView|AuditView)-/.test(u))).toEqual([]);
    await stranger.close();

    const link = await addAdminLink(ADMIN);
    const context = await browser.newContext();
    const page = await context.newPage();
    await virtualAuthenticator(context, page);
    const consoleCode = page.waitForResponse((r) => r.url().includes('/assets/plugin-ops-console-SignedInConsole-'));

    // The printed link: the token leaves the address bar at once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set up your operator account' }).waitFor();
    expect(page.url()).toBe(`${portal.url}/ops/enrol`);
    await page.getByText(`You are invited as Admin with the address ${ADMIN}.`).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel(/^New password/).fill(PASSWORD);
    await page.getByLabel(/^Repeat the password/).fill('Console-pass-2026?');
    await page.getByRole('button', { name: 'Create passkey and finish' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    await page.getByLabel(/^Repeat the password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create passkey and finish' }).click();
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    expect(page.url()).toBe(`${portal.url}/ops/operators`);
    await page.getByRole('cell', { name: ADMIN, exact: true }).waitFor();
    // The signed-in console's code came with the operator's session, marked private; without one it is not there.
    const chunk = await consoleCode;
    expect([chunk.status(), chunk.headers()['cache-control']]).toEqual([200, 'private, max-age=31536000, immutable']);
    expect((await fetch(chunk.url())).status).toBe(404);
    expect((await fetch(`${chunk.url()}.map`)).status).toBe(404);

    // Signed out, then in again: password, then the passkey.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, ADMIN);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Use passkey' }).click();
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();

    // Inviting is dangerous: once the sign-in's confirmation (1 s here) has passed, the passkey is asked again.
    await page.waitForTimeout(1500);
    await page.getByLabel(/^Email address/).fill(VIEWER);
    await page.getByLabel(/^Reason/).fill('Reads the dashboards');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm this change' });
    // The dialog's own box has no height (its panel is fixed): wait for what it shows.
    await dialog.getByRole('heading', { name: 'Confirm this change' }).waitFor();
    await dialog.getByRole('button', { name: 'Use passkey' }).click();
    await page.getByText(`Invitation sent to ${VIEWER}.`).waitFor();
    await page.getByRole('cell', { name: VIEWER, exact: true }).waitFor();

    // The audit log has both the command line's invitation and this one.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Reads the dashboards' }).waitFor();
    await page.getByRole('cell', { name: 'npm run ops:add-admin' }).waitFor();
    await context.close();

    // The viewer enrols from the mail with an authenticator app.
    const mail = await mailTo(VIEWER);
    const invite = mail.links.find((l) => l.includes('/ops/enrol#'))!;
    const viewer = await browser.newContext();
    const vpage = await viewer.newPage();
    await vpage.goto(invite);
    await vpage.getByText(`You are invited as Viewer with the address ${VIEWER}.`).waitFor();
    await vpage.getByLabel(/^New password/).fill(PASSWORD);
    await vpage.getByLabel(/^Repeat the password/).fill(PASSWORD);
    await vpage.getByLabel('An authenticator app').check();
    const secret = (await vpage.getByTestId('totp-secret').textContent())!.trim();
    const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
    await vpage.getByLabel(/^6-digit code/).fill(code);
    await vpage.getByRole('button', { name: 'Finish' }).click();
    await vpage.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    // A viewer reads, and is offered nothing to change.
    await vpage.getByRole('cell', { name: ADMIN, exact: true }).waitFor();
    expect(await vpage.getByRole('heading', { name: 'Invite an operator' }).count()).toBe(0);
    expect(await vpage.getByRole('button', { name: /^Change/ }).count()).toBe(0);
    await viewer.close();
  });
});
