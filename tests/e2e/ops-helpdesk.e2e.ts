/**
 * The ops console's help desk in Chromium (issue 28, section 4): a person locks their account
 * with wrong passwords; an admin made on the command line finds it in the console's Help desk,
 * unlocks it with a reason, and the person receives the mail and signs in again. A viewer's
 * session is refused the action (403), and an end user's token is refused on every help-desk call.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { activateAndGoToSignIn, isActivationLink, type DevMail } from '../support/mailLinks';
import { addAdminLink as addAdminLinkOf, operatorTotp } from '../support/opsConsole';
import { startPortal, type RunningPortal } from '../support/portal';
import { PORTAL_HEADERS, signInThroughApi } from '../support/signIn';

const ADMIN = 'helpdesk-admin@ops.example';
const VIEWER = 'helpdesk-viewer@ops.example';
const OPERATOR_PASSWORD = 'Console-pass-2026!';
const USER = 'ivy.locked@example.com';
const USER_PASSWORD = 'Right-pass-2026';
const CALLS = ['/helpdesk/lookup', '/helpdesk/unlock', '/helpdesk/resend-activation', '/helpdesk/sign-out', '/helpdesk/remove-two-factor', '/helpdesk/revoke-trusted-devices'];

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  // Wrong passwords up to the lock without the captcha's slider in between.
  portal = await startPortal({ localhost: true, env: { CAPTCHA_AFTER_FAILURES: '50', CAPTCHA_AFTER_ACCOUNT_FAILURES: '50' } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const totp = (secret: string) => operatorTotp(secret);

/** `npm run ops:add-admin <email>` against the running portal's data folder: the link it prints. */
const addAdminLink = (email: string) => addAdminLinkOf(portal, email);

/** The newest mail to `to` that `pick` chooses, once it is in the development outbox. */
async function mailTo(to: string, pick: (m: DevMail) => boolean = () => true): Promise<DevMail> {
  for (let i = 0; i < 50; i++) {
    const mails = (await (await fetch(`${portal.url}/dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as DevMail[];
    const found = mails.filter(pick);
    if (found.length > 0) return found[found.length - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no such mail to ${to}`);
}

/** A console call from the page, as the console makes it (same origin, the operator's cookie, the portal's header). */
function consoleCall(page: Page, path: string, body: unknown): Promise<{ status: number; errorCode?: number; result?: unknown }> {
  return page.evaluate(
    async ({ path, body, headers }) => {
      const res = await fetch(`/api/ops${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
      const json = (await res.json().catch(() => ({}))) as { errorCode?: number; result?: unknown };
      return { status: res.status, errorCode: json.errorCode, result: json.result };
    },
    { path, body, headers: PORTAL_HEADERS },
  );
}

/** Enrols an invited operator from their link with an authenticator app, in the page. */
async function enrolWithApp(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('heading', { name: 'Set up your operator account' }).waitFor();
  await page.getByLabel(/^New password/).fill(OPERATOR_PASSWORD);
  await page.getByLabel(/^Repeat the password/).fill(OPERATOR_PASSWORD);
  await page.getByLabel('An authenticator app').check();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(/^6-digit code/).fill(totp(secret));
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
}

/** Each step is long on a loaded machine (three servers and Chromium on two cores in CI's e2e stage). */
const STEP_MS = 150_000;

describe('ops console: the help desk', () => {
  let admin: BrowserContext;
  let page: Page;
  let userToken = '';
  afterAll(async () => admin?.close());

  it('unlocks a locked account; the person gets the mail and signs in again', async () => {
    // A person registers, activates, then locks the account with wrong passwords.
    const person = await browser.newContext();
    const personPage = await person.newPage();
    const reg = await person.request.post(`${portal.url}/api/register/captcha`, { headers: PORTAL_HEADERS, data: { email: USER, password: USER_PASSWORD, regionCode: 'DE', firstName: 'Ivy', lastName: 'Locked', subscription: false } });
    expect(reg.ok()).toBe(true);
    await activateAndGoToSignIn(personPage, (await mailTo(USER)).links.find(isActivationLink)!);
    for (const left of [4, 3, 2]) {
      await personPage.getByLabel(/^Password/).fill('Wrong-pass-2026');
      await personPage.getByLabel(/^Password/).press('Enter');
      await personPage.getByRole('alert').filter({ hasText: `Attempts left: ${left}` }).waitFor();
    }
    await personPage.getByLabel(/^Password/).fill('Wrong-pass-2026');
    await personPage.getByLabel(/^Password/).press('Enter');
    await personPage.getByRole('alert').filter({ hasText: 'One more failed attempt locks your account' }).waitFor();
    await personPage.getByLabel(/^Password/).fill('Wrong-pass-2026');
    await personPage.getByLabel(/^Password/).press('Enter');
    await personPage.getByRole('heading', { name: 'Account locked' }).waitFor();

    // The admin made on the command line enrols and opens the Help desk.
    admin = await browser.newContext();
    page = await admin.newPage();
    await enrolWithApp(page, await addAdminLink(ADMIN));
    const sectionCode = page.waitForResponse((r) => r.url().includes('/assets/plugin-ops-helpdesk-HelpdeskView-'));
    await page.getByRole('link', { name: 'Help desk' }).click();
    await page.getByRole('heading', { name: 'Help desk', level: 1 }).waitFor();
    // The section's code went to a signed-in operator only.
    const chunk = await sectionCode;
    expect(chunk.status()).toBe(200);
    expect((await fetch(chunk.url())).status).toBe(404);

    // An unknown address: said plainly.
    await page.getByLabel(/^Email address/).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Find account' }).click();
    await page.getByText('No account has the address nobody@example.com, in any region.').first().waitFor();

    // The locked account: its state, then Unlock with a reason.
    await page.getByLabel(/^Email address/).fill(USER);
    await page.getByRole('button', { name: 'Find account' }).click();
    await page.getByRole('heading', { name: 'Account of Ivy Locked' }).waitFor();
    await page.getByText(/^Locked after wrong passwords until/).waitFor();
    await page.getByText('Account locked after failed attempts').first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Unlock ${USER}` });
    await dialog.getByRole('heading', { name: `Unlock ${USER}` }).waitFor();
    await dialog.getByLabel(/^Reason/).fill('Ticket 4711: the person called, identity checked');
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByText(`${USER} is unlocked.`).waitFor();
    await page.getByText('Not locked').waitFor();
    await page.getByText('Account unlocked · by the help desk').waitFor();

    // The person is told, and signs in again.
    const mail = await mailTo(USER, (m) => m.kind === 'helpdeskUnlocked');
    expect(mail.subject).toBe('Your Unified ID account was unlocked by our help desk');
    expect(mail.links.some((l) => l.endsWith('/accountSetting/security'))).toBe(true);
    userToken = (await signInThroughApi(person, portal.url, USER, USER_PASSWORD)).accessToken;
    await person.close();

    // The audit log has the look-ups and the unlock, with its reason.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'Ticket 4711: the person called, identity checked' }).waitFor();
  }, STEP_MS);

  it("refuses a viewer's session the actions (403), though it reads the account", async () => {
    expect(page, 'the first step signed the admin in').toBeTruthy();
    // A viewer, invited by the admin, reads but cannot act: the server refuses (403 -40005).
    const invited = await consoleCall(page, '/operators', { email: VIEWER, role: 'viewer', reason: 'Reads the help desk' });
    expect(invited.status).toBe(200);
    const viewer = await browser.newContext();
    const viewerPage = await viewer.newPage();
    await enrolWithApp(viewerPage, (await mailTo(VIEWER)).links.find((l) => l.includes('/ops/enrol#'))!);
    await viewerPage.getByRole('link', { name: 'Help desk' }).click();
    await viewerPage.getByLabel(/^Email address/).fill(USER);
    await viewerPage.getByRole('button', { name: 'Find account' }).click();
    await viewerPage.getByText('Your role reads only. Help-desk actions need the Support or Admin role.').waitFor();
    expect(await viewerPage.getByRole('button', { name: 'Sign out all sessions' }).count()).toBe(0);
    const refused = await consoleCall(viewerPage, '/helpdesk/sign-out', { email: USER, reason: 'Trying anyway' });
    expect(refused).toMatchObject({ status: 403, errorCode: -40005, result: { needs: 'helpdesk', role: 'viewer' } });
    await viewer.close();
  }, STEP_MS);

  it("refuses an end user's token on every help-desk call", async () => {
    expect(userToken, 'the first step signed the person in').not.toBe('');
    // The person's own token opens none of the help desk's calls.
    for (const path of CALLS) {
      const res = await fetch(`${portal.url}/api/ops${path}`, { method: 'POST', headers: { ...PORTAL_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${userToken}` }, body: JSON.stringify({ email: USER, reason: 'let me in' }) });
      expect([path, res.status, ((await res.json()) as { errorCode: number }).errorCode]).toEqual([path, 401, -3092]);
    }
  });
});
