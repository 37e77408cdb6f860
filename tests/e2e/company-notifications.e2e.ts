import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { seedTokens, signInThroughApi } from '../support/signIn';

/*
 * What the company screens promise ("You will be told when it is answered"), in real Chromium
 * against the reference server: the managers hear of an application, the applicant of the answer,
 * the inviter of an accepted invitation, each in their own profile language (the admin chose German
 * in the account area), never the person who acted. Read from the development outbox (/dev/mail.json).
 * Demo data: Contoso Demo Ltd (owner Olivia, admin Adam; April Applicant has applied).
 */
const PASSWORD = 'Demo-pass-2024';
const OWNER = 'owner@example.com';
const ADMIN = 'admin@example.com';
const APPLICANT = 'demo@example.com'; // Dana Demo, in no company
const WAITING = 'applicant@example.com'; // April Applicant, applied in the demo data
const NEWCOMER = `newcomer.${Date.now()}@example.com`;
const VIEWPORT = { width: 1366, height: 900 };

interface OutboxMail {
  kind: string;
  language: string;
  subject: string;
  text: string;
  links: string[];
}

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

async function signedIn(email: string, path = '/accountSetting/company'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const tokens = await signInThroughApi(context, portal.url, email, PASSWORD);
  const page = await context.newPage();
  await seedTokens(page, portal.url, tokens);
  await page.goto(`${portal.url}${path}`);
  return { context, page };
}

/** The outbox's mails of `kind` to `to`, newest first (waiting a little for the worker). */
async function mails(to: string, kind: string, atLeast = 1): Promise<OutboxMail[]> {
  const context = await browser.newContext();
  try {
    for (let i = 0; ; i++) {
      const all = (await (await context.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as OutboxMail[];
      const found = all.filter((m) => m.kind === kind);
      if (found.length >= atLeast || i === 30) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await context.close();
  }
}

describe('company notifications against the reference server', () => {
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    // The admin picks German in the account area: it becomes the profile's language, the one mails use.
    admin = await signedIn(ADMIN);
    await admin.page.getByRole('heading', { name: 'Contoso Demo Ltd' }).waitFor();
    await admin.page.getByRole('button', { name: /English/ }).click();
    const saved = admin.page.waitForResponse((r) => r.url().endsWith('/account/updateInfo') && r.ok());
    await admin.page.getByRole('menu').getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await saved;
    await admin.page.getByRole('link', { name: 'Beitrittsanfragen' }).waitFor();
  }, 60_000);
  afterAll(async () => admin?.context.close());

  it('an application tells every manager in their language; the answer tells the applicant in theirs, not the deciding admin', async () => {
    const user = await signedIn(APPLICANT);
    await user.page.getByRole('button', { name: 'Join a company' }).click();
    await user.page.getByRole('textbox', { name: /Organization code/ }).fill('CONTOSO01');
    await user.page.getByRole('button', { name: 'Search' }).click();
    await user.page.getByRole('button', { name: 'Apply to join: Contoso Demo Ltd' }).click();
    await user.page.getByText(/Application to Contoso Demo Ltd sent on/).waitFor();

    const [toAdmin] = await mails(ADMIN, 'applicationReceived');
    expect(toAdmin).toMatchObject({ language: 'de_DE', subject: 'Dana Demo möchte Contoso Demo Ltd beitreten' });
    expect(toAdmin!.text).toContain('Hallo Adam,');
    expect(toAdmin!.links).toEqual([`${portal.url}/accountSetting/company/applications`]);
    const [toOwner] = await mails(OWNER, 'applicationReceived');
    expect(toOwner).toMatchObject({ language: 'en_US', subject: 'Dana Demo asks to join Contoso Demo Ltd' });
    expect(await mails(APPLICANT, 'applicationReceived', 0)).toEqual([]);

    // The German admin accepts from the mail's page.
    await admin.page.goto(toAdmin!.links[0]!);
    await admin.page.getByRole('button', { name: `Annehmen: ${APPLICANT}` }).click();
    await admin.page.getByRole('dialog', { name: 'Dana Demo annehmen' }).getByRole('button', { name: 'Annehmen' }).click();
    await admin.page.getByText('Dana Demo ist dem Unternehmen beigetreten.').waitFor();

    const [accepted] = await mails(APPLICANT, 'applicationAccepted');
    expect(accepted).toMatchObject({ language: 'en_US', subject: 'Your application to join Contoso Demo Ltd was accepted' });
    expect(await mails(ADMIN, 'applicationAccepted', 0)).toEqual([]);

    // The applicant's Security activity says so.
    await user.page.goto(`${portal.url}/accountSetting/security`);
    await user.page.getByText('Your application to Contoso Demo Ltd was accepted').waitFor();
    await user.context.close();
  }, 90_000);

  it('a rejection tells the applicant, not the owner who rejected', async () => {
    const owner = await signedIn(OWNER, '/accountSetting/company/applications');
    await owner.page.getByRole('button', { name: `Reject: ${WAITING}` }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
    await owner.page.getByText('The application of April Applicant has been rejected.').waitFor();
    await owner.context.close();

    const [rejected] = await mails(WAITING, 'applicationRejected');
    expect(rejected).toMatchObject({ language: 'en_US', subject: 'Your application to join Contoso Demo Ltd was not accepted' });
    expect(rejected!.links).toEqual([`${portal.url}/accountSetting/company/join`]);
    expect(await mails(OWNER, 'applicationRejected', 0)).toEqual([]);
  }, 60_000);

  it('an invitation accepted by registering tells its inviter in German, and not the newcomer', async () => {
    // The German admin invites; the newcomer registers through the invitation mail's link.
    const token = await admin.page.evaluate(() => localStorage.getItem('accessToken'));
    const me = (await (await admin.context.request.get(`${portal.url}/api/user-info`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { result: { accountId: string } };
    const mine = (await (await admin.context.request.get(`${portal.url}/api/accounts/${me.result.accountId}/orgs`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { result: { orgs: Array<{ id: string }> } };
    const invited = await admin.context.request.post(`${portal.url}/api/orgs/${mine.result.orgs[0]!.id}/members/invitations`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { emails: [NEWCOMER], role: 'member', region: 'Euw', language: 'en_US' },
    });
    expect(((await invited.json()) as { result: { invited: string[] } }).result.invited).toEqual([NEWCOMER]);

    const [invitation] = await mails(NEWCOMER, 'invitation');
    const context = await browser.newContext({ viewport: VIEWPORT });
    const reg = await context.newPage();
    await reg.goto(invitation!.links.find((l) => l.includes('/invite?inviteCode='))!);
    await reg.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('module') === 'register');
    await reg.getByLabel(/^Password/).fill('Newcomer-pass-1');
    await reg.getByLabel('First name').fill('Nora');
    await reg.getByLabel('Last name').fill('Newcomer');
    await reg.getByRole('checkbox', { name: /Terms of Use/ }).check();
    await reg.getByRole('button', { name: 'Create ID' }).click();
    await reg.getByRole('heading', { name: 'Registration complete' }).waitFor();
    await context.close();

    const [joined] = await mails(ADMIN, 'invitationAccepted');
    expect(joined).toMatchObject({ language: 'de_DE', subject: 'Nora Newcomer ist Contoso Demo Ltd beigetreten' });
    expect(joined!.text).toContain(NEWCOMER);
    expect(joined!.links).toEqual([`${portal.url}/accountSetting/company/members`]);
    expect(await mails(NEWCOMER, 'invitationAccepted', 0)).toEqual([]);
    expect(await mails(OWNER, 'invitationAccepted', 0)).toEqual([]); // the inviter only
  }, 90_000);
});
