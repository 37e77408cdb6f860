/**
 * The ops console's switches in Chromium (issue 28, section 2), on two server instances sharing
 * one PostgreSQL database: an admin made on the command line signs in on instance A, turns the
 * company plugin off for region Use with a reason (previewing which menu entries go), and a Use
 * account on instance B loses the Company menu entry and gets 403 -19999 from the company API
 * within 5 seconds; the admin then restores the previous version, and B gives it back.
 *
 * There is no load balancer here: each instance serves the browser at its own address (its own
 * PUBLIC_ORIGIN), as the two halves of one deployment would behind one. The Use account uses only
 * B; the console on A needs none of the portal's clients.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { addAdminLink, operatorTotp } from '../support/opsConsole';
import { startPortal, type RunningPortal } from '../support/portal';
import { PORTAL_HEADERS, seedTokens, signInThroughApi } from '../support/signIn';

const run = promisify(execFile);
const ADMIN = 'switches-admin@ops.example';
const PASSWORD = 'Console-pass-2026!';
const USE_ACCOUNT = 'us@example.com';
const DEMO_PASSWORD = 'Demo-pass-2024';

let browser: Browser;
let a: RunningPortal;
let b: RunningPortal;
let pg: { dir: string } | null = null;
/** The settings both instances (and the command line) share: the database and the key of the secrets in it. */
let shared: Record<string, string>;

beforeAll(async () => {
  // A throw-away PostgreSQL cluster (Debian's packages, installed by the script when missing).
  const { stdout } = await run('bash', ['scripts/ensure-postgres.sh', '--env'], { timeout: 300_000 });
  const vars = Object.fromEntries([...stdout.matchAll(/^(UID_PG_\w+)=(?:'([^']*)'|(\S*))$/gm)].map((m) => [m[1], m[2] ?? m[3] ?? '']));
  pg = { dir: vars.UID_PG_DIR! };
  // One store and one key for both: the instances of one deployment.
  shared = { DATABASE_URL: vars.UID_PG_URL!, SECRETS_KEY: crypto.randomBytes(32).toString('base64') };
  // A confirmation covers 20 s here: the apply (well after the enrolment's) asks for it, the restore after it does not.
  const env = { ...shared, CONFIG_POLL_MS: '500', OPS_CONFIRM_SECONDS: '20' };
  browser = await launchChromium();
  a = await startPortal({ localhost: true, env });
  b = await startPortal({ localhost: true, env });
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await b?.stop();
  await a?.stop();
  if (pg) await run('bash', ['scripts/ensure-postgres.sh', '--stop', pg.dir]).catch(() => undefined);
});

const totp = operatorTotp;

/** `npm run ops:add-admin` against instance A's settings (the shared database): the link it prints. */
const addAdminLinkOnA = () => addAdminLink(a, ADMIN, shared);

/** Enrols the admin with an authenticator app; the console's page is left signed in. */
async function enrolAdmin(page: Page): Promise<string> {
  await page.goto(await addAdminLinkOnA());
  await page.getByRole('heading', { name: 'Set up your operator account' }).waitFor();
  await page.getByLabel(/^New password/).fill(PASSWORD);
  await page.getByLabel(/^Repeat the password/).fill(PASSWORD);
  await page.getByLabel('An authenticator app').check();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(/^6-digit code/).fill(totp(secret));
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
  return secret;
}

/** The Use account signed in on B, at its account page. */
async function useAccountOnB(context: BrowserContext): Promise<{ page: Page; token: string; id: string }> {
  const tokens = await signInThroughApi(context, b.url, USE_ACCOUNT, DEMO_PASSWORD);
  const page = await context.newPage();
  await seedTokens(page, b.url, tokens);
  const info = (await (await fetch(`${b.url}/api/user-info`, { headers: { ...PORTAL_HEADERS, Authorization: `Bearer ${tokens.accessToken}` } })).json()) as { result: { accountId: string } };
  return { page, token: tokens.accessToken, id: info.result.accountId };
}

/** B's answer to the Use account's company call: [status, errorCode]. */
async function companyOnB(token: string, id: string): Promise<[number, number]> {
  const res = await fetch(`${b.url}/api/region/use/accounts/${id}/orgs`, { headers: { ...PORTAL_HEADERS, Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { errorCode?: number };
  return [res.status, body.errorCode ?? 0];
}

/** Reloads B's account page until the menu has (or lacks) Company, within 5 s of `since`. */
async function menuOnB(page: Page, company: boolean, since: number): Promise<number> {
  for (;;) {
    await page.goto(`${b.url}/accountSetting/myProfile`);
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await menu.getByRole('link', { name: 'Profile' }).first().waitFor();
    const has = (await menu.getByRole('link', { name: 'Company' }).count()) > 0;
    if (has === company) return Date.now() - since;
    if (Date.now() - since > 5000) throw new Error(`B's menu still ${company ? 'lacks' : 'has'} Company after 5 s`);
    await page.waitForTimeout(250);
  }
}

/** Confirms a dangerous action in the console's dialog with the authenticator app. */
async function confirmWithCode(page: Page, secret: string, step: number) {
  const dialog = page.getByRole('dialog', { name: 'Confirm this change' });
  // The dialog's own box has no size (its panel has): wait for what it shows.
  await dialog.getByRole('heading', { name: 'Confirm this change' }).waitFor();
  await dialog.getByLabel(/^6-digit code/).fill(totp(secret, step));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('ops console: switches on two instances sharing PostgreSQL', () => {
  it('turns company off for Use with a reason; the other instance serves the new set within 5 s (menu and API); a restore brings it back', async () => {
    const userContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const user = await useAccountOnB(userContext);
    await menuOnB(user.page, true, Date.now());
    expect(await companyOnB(user.token, user.id)).toEqual([200, 0]);

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const secret = await enrolAdmin(page);
    const enrolled = Date.now();
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Switches' }).click();
    await page.getByText(/Serving version 1/).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('checkbox', { name: 'company in Use' }).uncheck();
    await page.getByText('company disappears in Use').waitFor();
    await page.getByText('Menu entry “Company” (company), for some accounts or screens').waitFor();
    await page.getByLabel(/^Reason/).fill('Company pages are not offered in North America yet');
    // The enrolment's confirmation has run out: the second factor is asked for.
    await page.waitForTimeout(Math.max(0, enrolled + 21_000 - Date.now()));
    await page.getByRole('button', { name: 'Apply' }).click();
    await confirmWithCode(page, secret, 1);
    await page.getByText('Version 2 is applied. Every server serves it within seconds.').waitFor();
    const applied = Date.now();

    // B: the menu without Company, and the company API refused for Use, within 5 s.
    expect(await menuOnB(user.page, false, applied)).toBeLessThan(5000);
    expect(await companyOnB(user.token, user.id)).toEqual([403, E.regionUnavailable]);

    // The history: version 2 by the admin with its reason; restore version 1.
    await page.getByText('Company pages are not offered in North America yet').waitFor();
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore version 1' });
    await dialog.getByRole('heading', { name: 'Restore version 1' }).waitFor();
    await dialog.getByLabel(/^Reason/).fill('Back to the file: company is offered in Use');
    // Within the apply's confirmation: not asked again.
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Version 3 restores version 1.').waitFor();
    const restored = Date.now();
    expect(await menuOnB(user.page, true, restored)).toBeLessThan(5000);
    expect(await companyOnB(user.token, user.id)).toEqual([200, 0]);

    // The audit log has both, with their reasons.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByText('switches.restore').first().waitFor();
    await page.getByText('switches.apply').first().waitFor();
    await context.close();
    await userContext.close();
  }, 180_000);
});
