import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { seedTokens, signInThroughApi } from '../support/signIn';

// A US account: the listing and the merge must go to the Use regional host.
const USER = { email: 'us@example.com', password: 'Demo-pass-2024' };
const LOCAL_PASSWORD = 'Partner-app-2025';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('merging local accounts while signed in', () => {
  it('lists the partner-app account made after sign-in and merges it with its password', async () => {
    const context = await browser.newContext();
    const tokens = await signInThroughApi(context, portal.url, USER.email, USER.password);
    // Signing up in the partner app after the sign-in: a local account with the same address.
    const made = await context.request.post(`${portal.url}/dev/legacy-accounts`, { data: { email: USER.email, provider: 'partnerApp', password: LOCAL_PASSWORD, firstName: 'Uma', lastName: 'States' } });
    expect(made.status()).toBe(201);

    const page = await context.newPage();
    const hosts: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.endsWith('/accounts/local-accounts') || path.endsWith('/accounts/info-and-password')) hosts.push(path);
    });
    await seedTokens(page, portal.url, tokens);
    await page.goto(`${portal.url}/accountSetting/mergeAccounts`);
    await page.getByRole('heading', { name: 'Merge accounts' }).waitFor();
    await page.getByRole('radio', { name: /Partner app account/ }).check();
    await expectNoAxeViolations(page);

    const password = page.getByLabel(/Password of the selected account/);
    await password.fill('Wrong-pass-2025');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await page.getByRole('button', { name: 'Merge accounts' }).click();
    await page.getByText('The password of this account is incorrect.').waitFor();

    await password.fill(LOCAL_PASSWORD);
    await page.getByRole('button', { name: 'Merge accounts' }).click();
    await page.getByText('All your accounts are merged into your Unified ID.').waitFor();
    expect(hosts.length).toBeGreaterThanOrEqual(3);
    expect(hosts.every((p) => p.startsWith('/api/region/use/'))).toBe(true);

    // For good: a reload finds nothing left, and the company conflict is gone.
    await page.reload();
    await page.getByText(`No other account uses ${USER.email}. There is nothing to merge.`).waitFor();
    const conflict = await page.evaluate(async (email) => {
      const res = await fetch('/api/region/use/accounts/conflictInfo', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
        body: JSON.stringify({ email }),
      });
      return ((await res.json()) as { result: { reasons: string[] } }).result.reasons;
    }, USER.email);
    expect(conflict).not.toContain('unmergedAccounts');
    await context.close();
  });
});
