import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoSummary } from '../../server/demo/seed';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { seedTokens, signInThroughApi } from '../support/signIn';

const PASSWORD = 'Demo-pass-2024';
const OWNER = 'owner@example.com';
const JOINER = 'demo@example.com'; // registered, in no company yet

/**
 * The default deployment with the invite plugin switched on (a no-op once config/default.json
 * enables it), so this test runs against what ships plus this plugin.
 */
function configWithInvite(dir: string): string {
  const config = JSON.parse(readFileSync('config/default.json', 'utf8')) as { plugins: Record<string, { enabled: boolean; config?: unknown }> };
  config.plugins.invite ??= { enabled: true };
  config.plugins.invite.enabled = true;
  if (existsSync('plugins/register')) config.plugins.register ??= { enabled: true };
  const file = path.join(dir, 'portal-config.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

let browser: Browser;
let portal: RunningPortal;
let configDir: string;
beforeAll(async () => {
  browser = await launchChromium();
  configDir = mkdtempSync(path.join(tmpdir(), 'uid-invite-config-'));
  portal = await startPortal({ config: configWithInvite(configDir) });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

function demo(): DemoSummary {
  return JSON.parse(readFileSync(path.join(portal.dataDir, 'demo.json'), 'utf8')) as DemoSummary;
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
}

async function api<T>(context: BrowserContext, token: string, method: 'GET' | 'POST', apiPath: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${portal.url}/api${apiPath}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as { result?: T; errorCode?: number; message?: string };
  if (body.result === undefined) throw new Error(`${method} ${apiPath} failed: ${JSON.stringify(body)}`);
  return body.result;
}

/** The companies an account is an active member of, asked of the server in a context of its own. */
async function companiesOf(email: string, password = PASSWORD): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const tokens = await signInThroughApi(context, portal.url, email, password);
    const me = await api<{ accountId: string }>(context, tokens.accessToken, 'GET', '/user-info');
    const mine = await api<{ orgs: Array<{ name: string }> }>(context, tokens.accessToken, 'GET', `/accounts/${me.accountId}/orgs`);
    return mine.orgs.map((o) => o.name);
  } finally {
    await context.close();
  }
}

describe('the invite page against the reference server', () => {
  it('an unknown code goes to sign-in (the URL replaced by /login), and sign-in says why', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/invite?inviteCode=not-a-real-code`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'This invitation has expired or is invalid.' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.has('inviteCode')).toBe(false);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // The dead link was replaced, not stacked under the login page: Back does not return to it.
    await page.goBack();
    expect(page.url()).not.toContain('/invite');
    // Said once: sign-in again is plain sign-in.
    await page.goto(`${portal.url}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByText('This invitation has expired or is invalid.', { exact: false }).count()).toBe(0);
    await context.close();
  });

  it('a link without a code goes to sign-in, which says so', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/invite`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('The invitation link has no invitation code.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('the invited registration with an unknown code (the /login guard) returns to plain sign-in, which says why', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/login?module=register&inviteCode=not-a-real-code`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'This invitation has expired or is invalid.' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect([url.searchParams.get('module'), url.searchParams.get('inviteCode')]).toEqual([null, null]);
    await context.close();
  });

  it.skipIf(!existsSync('plugins/register'))(
    'the demo invitation: registration with the invited address and region locked, registration complete, then sign-in',
    async () => {
      const inviteCode = demo().values.inviteCode!;
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${portal.url}/invite?inviteCode=${encodeURIComponent(inviteCode)}`);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('module') === 'register' && url.searchParams.get('inviteCode') === inviteCode);
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.waitFor();
      expect(await email.inputValue()).toBe('invitee@example.com');
      expect(await email.getAttribute('readonly')).not.toBeNull();
      // The organization's country/region, locked with the address.
      const country = page.getByRole('combobox', { name: /Country\/region/ });
      await expect.poll(() => country.inputValue()).toBe('Germany');
      expect(await country.isDisabled()).toBe(true);

      await page.getByLabel(/^Password/).fill('Invitee-pass-1');
      await page.getByLabel('First name').fill('Ines');
      await page.getByLabel('Last name').fill('Invitee');
      await page.getByRole('checkbox', { name: /Terms of Use/ }).check();
      await page.getByRole('button', { name: 'Create ID' }).click();

      await page.getByRole('heading', { name: 'Registration complete' }).waitFor();
      await page.getByRole('button', { name: 'Registration complete: sign in' }).click();
      await page.waitForURL(/\/login\?session_code=/);
      await fillSignIn(page, 'invitee@example.com', 'Invitee-pass-1');
      await page.waitForURL(`${portal.url}/accountSetting/**`);

      // The account was active at once and the registration accepted the invitation.
      expect(await companiesOf('invitee@example.com', 'Invitee-pass-1')).toEqual(['Contoso Demo Ltd']);
      await page.goto(`${portal.url}/invite?inviteCode=${encodeURIComponent(inviteCode)}`);
      await page.getByRole('heading', { name: 'This invitation has already been accepted' }).waitFor();
      await context.close();
    },
  );

  it('a signed-in person opening a revoked invitation is told so on a page with the portal header, and goes on to the account', async () => {
    // The owner invites an address, then cancels the invitation: its link is dead.
    const revoked = `revoked.${Date.now()}@example.com`;
    const ownerContext = await browser.newContext();
    const owner = await signInThroughApi(ownerContext, portal.url, OWNER, PASSWORD);
    const me = await api<{ accountId: string }>(ownerContext, owner.accessToken, 'GET', '/user-info');
    const { orgs } = await api<{ orgs: Array<{ id: string; name: string }> }>(ownerContext, owner.accessToken, 'GET', `/accounts/${me.accountId}/orgs`);
    const contoso = orgs.find((o) => o.name === 'Contoso Demo Ltd')!;
    await api(ownerContext, owner.accessToken, 'POST', `/orgs/${contoso.id}/members/invitations`, { emails: [revoked], role: 'member', region: 'Euw' });
    const mail = (await (await ownerContext.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(revoked)}`)).json()) as Array<{ kind: string; links: string[] }>;
    const link = mail.find((m) => m.kind === 'invitation')!.links.find((l) => l.includes('/invite?inviteCode='))!;
    const removed = await ownerContext.request.fetch(`${portal.url}/api/orgs/${contoso.id}/members`, { method: 'DELETE', headers: { Authorization: `Bearer ${owner.accessToken}` }, data: { email: revoked, region: 'Euw' } });
    expect(removed.status()).toBe(200);
    await ownerContext.close();

    const context = await browser.newContext();
    const tokens = await signInThroughApi(context, portal.url, JOINER, PASSWORD);
    const page = await context.newPage();
    await seedTokens(page, portal.url, tokens);
    await page.goto(link);
    // Before: sign-in forwarded the signed-in person to My Profile, without a word.
    await page.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/invite');
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('button', { name: /Language/ }).isVisible()).toBe(true);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.getByRole('button', { name: 'Go to my account' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    await context.close();
  });

  it('a registered invitee signs in from the link, comes back, joins and reaches the company page', async () => {
    // The owner invites a registered user who is in no company yet.
    const ownerContext = await browser.newContext();
    const owner = await signInThroughApi(ownerContext, portal.url, OWNER, PASSWORD);
    const me = await api<{ accountId: string }>(ownerContext, owner.accessToken, 'GET', '/user-info');
    const { orgs } = await api<{ orgs: Array<{ id: string; name: string }> }>(ownerContext, owner.accessToken, 'GET', `/accounts/${me.accountId}/orgs`);
    const contoso = orgs.find((o) => o.name === 'Contoso Demo Ltd')!;
    await api(ownerContext, owner.accessToken, 'POST', `/orgs/${contoso.id}/members/invitations`, { emails: [JOINER], role: 'member', region: 'Euw' });
    const mail = (await (await ownerContext.request.get(`${portal.url}/dev/mail.json?to=${encodeURIComponent(JOINER)}`)).json()) as Array<{ kind: string; links: string[] }>;
    const link = mail.find((m) => m.kind === 'invitation')!.links.find((l) => l.includes('/invite?inviteCode='))!;
    await ownerContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    // Not signed in: sign-in first, with the way back to the invitation.
    await page.waitForURL(/\/login\?session_code=/);
    await fillSignIn(page, JOINER, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/invite' && url.searchParams.has('inviteCode'));

    await page.getByRole('heading', { name: 'Join Contoso Demo Ltd' }).waitFor();
    expect(await page.getByText('Olivia Owner has invited you to join Contoso Demo Ltd.').isVisible()).toBe(true);
    expect(await page.getByText(JOINER).isVisible()).toBe(true);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await page.getByRole('button', { name: 'Join Contoso Demo Ltd' }).click();
    await page.getByRole('heading', { name: 'You have joined Contoso Demo Ltd' }).waitFor();
    expect(await companiesOf(JOINER)).toEqual(['Contoso Demo Ltd']);

    await page.getByRole('button', { name: 'Go to company page' }).click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);

    // The same link again: accepted, nothing to join twice.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This invitation has already been accepted' }).waitFor();
    await context.close();
  });
});
