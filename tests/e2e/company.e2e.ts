import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { seedTokens, signInThroughApi } from '../support/signIn';

/*
 * The company plugin in real Chromium against the reference server and its demo data:
 * a user applies to the certified demo company and its owner accepts, changes the role and
 * removes them; the same user then creates a company with a business licence, invites a
 * colleague who registers through the invitation mail, changes the colleague's role and
 * removes them. The owner invites a registered user, who stays outside the company (free to
 * create or join another) until they accept from the mail while signed in. Desktop viewport:
 * the company pages need 768 px or more.
 */
const PASSWORD = 'Demo-pass-2024';
const OWNER = 'owner@example.com'; // owner of the certified "Contoso Demo Ltd" (org code CONTOSO01)
const USER = 'demo@example.com'; // Dana Demo, in no company
const REGISTERED = 'applicant@example.com'; // April Applicant, in no company (has applied to Contoso)
const COLLEAGUE = `colleague.${Date.now()}@example.com`;
const COMPANY = `E2E Widgets ${Date.now() % 100000}`;
const BATCH_NEW = `batch.${Date.now()}@example.com`;
const VIEWPORT = { width: 1280, height: 900 };
const LONG_ADDRESS = 'maximiliana.alexandrina.hohenzollern@partner-example.com';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A page signed in as `email` (real OAuth hand-off), opened on the company page. */
async function signedIn(email: string, password = PASSWORD): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const tokens = await signInThroughApi(context, portal.url, email, password);
  const page = await context.newPage();
  await seedTokens(page, portal.url, tokens);
  await page.goto(`${portal.url}/accountSetting/company`);
  return { context, page };
}

/** The row of the members (or applications) table holding `email`. */
const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email.slice(0, 24) });

async function mailLink(context: BrowserContext, to: string, kind: string, contains: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = (await (await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as Array<{ kind: string; links: string[] }>;
    const link = mails.find((m) => m.kind === kind)?.links.find((l) => l.includes(contains));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} mail for ${to}`);
}

/** The page scrolls sideways: the document is wider than the viewport. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

/** A row's action, as a button where the row has room, else as an item of the row's actions menu. */
async function rowAction(page: Page, email: string, action: string) {
  const button = page.getByRole('button', { name: `${action}: ${email}`, exact: true });
  const menu = page.getByRole('button', { name: `Actions: ${email}`, exact: true });
  await button.or(menu).first().waitFor();
  if (await button.isVisible()) return button.click();
  await menu.click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('the account area\'s tables fit every width from 768 px up', () => {
  // A pending invitation of a long address: its row has the longest cells and three actions.
  beforeAll(async () => {
    const owner = await signedIn(OWNER);
    await owner.page.getByRole('link', { name: 'Members' }).click();
    await owner.page.getByRole('button', { name: 'Invite members' }).click();
    const invite = owner.page.getByRole('dialog', { name: 'Invite members' });
    await invite.getByRole('textbox', { name: 'Email addresses' }).fill(LONG_ADDRESS);
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    await row(owner.page, LONG_ADDRESS).waitFor();
    await owner.context.close();
  }, 60_000);

  it.each([768, 1024, 1100, 1190, 1366])('at %i px the members and applications tables stay inside the page, every action reachable', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const tokens = await signInThroughApi(context, portal.url, OWNER, PASSWORD);
    const page = await context.newPage();
    await seedTokens(page, portal.url, tokens);
    await page.goto(`${portal.url}/accountSetting/company/members`);
    await row(page, 'member@example.com').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    // The last column's actions are on screen and work.
    await rowAction(page, 'member@example.com', 'Change role');
    await page.getByRole('dialog', { name: /Change the role of/ }).getByRole('button', { name: 'Cancel' }).click();
    await rowAction(page, LONG_ADDRESS, 'Remove');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('table').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await rowAction(page, 'applicant@example.com', 'Reject');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
});

describe('company management against the reference server', () => {
  it('a user applies to a certified company; the owner accepts as admin, makes them a member, then removes them', async () => {
    const user = await signedIn(USER);
    await user.page.getByRole('heading', { name: 'You are not in a company yet' }).waitFor();
    await user.page.getByRole('button', { name: 'Join a company' }).click();
    await user.page.getByRole('textbox', { name: /Organization code/ }).fill('CONTOSO01');
    await user.page.getByRole('button', { name: 'Search' }).click();
    await user.page.getByRole('button', { name: 'Apply to join: Contoso Demo Ltd' }).click();
    await user.page.getByText(/Application to Contoso Demo Ltd sent on/).waitFor();

    const owner = await signedIn(OWNER);
    await owner.page.getByRole('heading', { name: 'Contoso Demo Ltd' }).waitFor();
    expect(await owner.page.getByText('✓ Certified').isVisible()).toBe(true);
    expect(await owner.page.getByRole('button', { name: 'Edit company' }).count()).toBe(0); // certified: read-only
    await owner.page.getByRole('link', { name: 'Applications' }).click();
    await rowAction(owner.page, USER, 'Accept');
    const accept = owner.page.getByRole('dialog', { name: 'Accept Dana Demo' });
    await accept.getByRole('radio', { name: 'Administrator' }).check();
    await accept.getByRole('button', { name: 'Accept' }).click();
    await owner.page.getByText('Dana Demo has joined the company.').waitFor();

    await owner.page.getByRole('link', { name: 'Members' }).click();
    await row(owner.page, USER).getByText('Administrator').waitFor();
    await expectNoAxeViolations(owner.page, { include: 'main' });

    await rowAction(owner.page, USER, 'Change role');
    const roleDialog = owner.page.getByRole('dialog');
    await roleDialog.getByRole('radio', { name: 'Member' }).check();
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await owner.page.getByText(`The role of ${USER} is now Member.`).waitFor();
    await row(owner.page, USER).getByRole('cell', { name: 'Member', exact: true }).waitFor();

    await rowAction(owner.page, USER, 'Remove');
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await owner.page.getByText(`${USER} has been removed.`).waitFor();
    await row(owner.page, USER).waitFor({ state: 'detached' });
    await owner.context.close();

    await user.page.reload();
    await user.page.getByRole('heading', { name: 'You are not in a company yet' }).waitFor();
    await user.context.close();
  });

  it('the user creates a company with a licence, invites a colleague who registers from the mail, changes their role and removes them', async () => {
    const user = await signedIn(USER);
    const { page } = user;
    await page.getByRole('button', { name: 'Create a company' }).click();
    await page.getByRole('heading', { name: 'Create a company' }).waitFor();
    await page.getByRole('textbox', { name: /Company name/ }).fill(COMPANY);
    await page.getByRole('combobox', { name: /Company type/ }).fill('Install');
    await page.getByRole('option', { name: 'Installer' }).click();
    await page.getByRole('combobox', { name: /Country\/Region of registration/ }).fill('Germany');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByRole('textbox', { name: 'Postal code' }).fill('10115');
    await page.getByRole('textbox', { name: /Website/ }).fill('https://widgets.example');
    await page.locator('input[type="file"]').setInputFiles({ name: 'business-licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await page.getByText('Uploaded: business-licence.pdf').waitFor();
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByRole('heading', { name: COMPANY }).waitFor();
    expect(await page.getByText('Not certified').isVisible()).toBe(true);
    // The licence is served only with a member's token: the page downloads it with the token and saves it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'business-licence.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('business-licence.pdf');
    expect((await readFile(await download.path())).subarray(0, 8).toString()).toBe('%PDF-1.4');

    // Not certified, so the owner may edit it (PUT /orgs with the version read).
    await page.getByRole('button', { name: 'Edit company' }).click();
    const city = page.getByRole('textbox', { name: 'City' });
    await city.fill('Berlin');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Company information saved.').waitFor();
    await page.getByRole('heading', { name: COMPANY }).waitFor();
    expect(await page.getByText('Berlin', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Invite members' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite members' });
    await invite.getByRole('textbox', { name: 'Email addresses' }).fill(COLLEAGUE);
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    await row(page, COLLEAGUE).getByText('Invitation pending').waitFor();

    // The colleague registers through the link in the invitation mail; registering accepts it.
    const colleague = await browser.newContext({ viewport: VIEWPORT });
    const link = await mailLink(colleague, COLLEAGUE, 'invitation', '/invite?inviteCode=');
    const reg = await colleague.newPage();
    await reg.goto(link);
    await reg.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('module') === 'register');
    await reg.getByLabel(/^Password/).fill('Colleague-pass-1');
    // From an invitation the company's country is set and locked, as the email is (spec: register).
    const country = reg.getByRole('combobox', { name: /Country\/region/ });
    expect(await country.inputValue()).toBe('Germany');
    expect(await country.isDisabled()).toBe(true);
    await reg.getByLabel('First name').fill('Cora');
    await reg.getByLabel('Last name').fill('Colleague');
    await reg.getByRole('checkbox', { name: /Terms of Use/ }).check();
    await reg.getByRole('button', { name: 'Create ID' }).click();
    await reg.getByRole('heading', { name: 'Registration complete' }).waitFor();
    await colleague.close();

    await page.reload();
    await row(page, COLLEAGUE).getByText('Active').waitFor();
    expect(await row(page, COLLEAGUE).getByText('Cora Colleague').isVisible()).toBe(true);

    await rowAction(page, COLLEAGUE, 'Change role');
    const roleDialog = page.getByRole('dialog');
    await roleDialog.getByRole('radio', { name: 'Administrator' }).check();
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await row(page, COLLEAGUE).getByRole('cell', { name: 'Administrator', exact: true }).waitFor();

    await rowAction(page, COLLEAGUE, 'Remove');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText(`${COLLEAGUE} has been removed.`).waitFor();
    await row(page, COLLEAGUE).waitFor({ state: 'detached' });
    await user.context.close();
  });

  it('a batch invitation with a malformed address invites the valid addresses and reports the others address by address, in words for the inviter', async () => {
    const owner = await signedIn(OWNER);
    await owner.page.getByRole('link', { name: 'Members' }).click();
    await owner.page.getByRole('button', { name: 'Invite members' }).click();
    const invite = owner.page.getByRole('dialog', { name: 'Invite members' });
    // Addresses become chips; a malformed one is marked and left out, not a reason to refuse the batch.
    const box = invite.getByRole('textbox', { name: 'Email addresses' });
    await box.fill(`${BATCH_NEW}, member@example.com not-an-address`);
    await box.press('Enter');
    await box.fill('invitee@example.com');
    expect(await invite.getByRole('listitem').filter({ hasText: 'not-an-address' }).innerText()).toContain('not-an-address');
    await invite.getByText('Addresses marked as not valid will not be invited.').waitFor();
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    const report = owner.page.getByRole('alertdialog', { name: /Invitation results/ });
    await report.getByText('Invited: 1. Not invited: 3.').waitFor();
    expect(await report.getByText('Invited: 1. Not invited: 3.').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await report.getByRole('list', { name: 'Invited', exact: true }).getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(BATCH_NEW)]);
    expect((await report.getByRole('list', { name: 'Not invited', exact: true }).getByRole('listitem').allInnerTexts()).map((s) => s.replace(/^\W+/, ''))).toEqual([
      'member@example.com already belongs to this company.',
      'not-an-address is not a valid email address.',
      'invitee@example.com already has an invitation waiting to be accepted.',
    ]);
    await expectNoAxeViolations(owner.page, { include: '[role="alertdialog"]' });
    await report.getByRole('button', { name: 'Done' }).click();
    // The valid address was invited: mailed, and pending in the list.
    await row(owner.page, BATCH_NEW).getByText('Invitation pending').waitFor();
    expect(await mailLink(owner.context, BATCH_NEW, 'invitation', '/invite?inviteCode=')).toContain('/invite?inviteCode=');
    await owner.context.close();
  });

  it('a registered user the owner invites is not a member until they accept the mailed invitation while signed in', async () => {
    const owner = await signedIn(OWNER);
    await owner.page.getByRole('link', { name: 'Members' }).click();
    await owner.page.getByRole('button', { name: 'Invite members' }).click();
    const invite = owner.page.getByRole('dialog', { name: 'Invite members' });
    await invite.getByRole('textbox', { name: 'Email addresses' }).fill(REGISTERED);
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    // The owner sees an invitation, not the person's account.
    await row(owner.page, REGISTERED).getByText('Invitation pending').waitFor();
    expect(await row(owner.page, REGISTERED).getByText('April Applicant').count()).toBe(0);

    const invitee = await signedIn(REGISTERED);
    await invitee.page.getByRole('heading', { name: 'You are not in a company yet' }).waitFor();
    expect(await invitee.page.getByRole('button', { name: 'Create a company' }).isEnabled()).toBe(true);
    await invitee.page.goto(await mailLink(invitee.context, REGISTERED, 'invitation', '/invite?inviteCode='));
    await invitee.page.getByRole('button', { name: 'Join Contoso Demo Ltd' }).click();
    await invitee.page.getByRole('heading', { name: 'You have joined Contoso Demo Ltd' }).waitFor();
    await invitee.context.close();

    await owner.page.reload();
    await row(owner.page, REGISTERED).getByText('Active').waitFor();
    expect(await row(owner.page, REGISTERED).getByText('April Applicant').isVisible()).toBe(true);
    await owner.context.close();
  });
});
