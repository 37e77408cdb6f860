/**
 * A plugin from outside the repository, end to end (issue 25, section 5). The fixture package
 * @acme/portal-plugin-stamps is a devDependency (tests/fixtures/portal-plugin-stamps, linked into
 * node_modules by npm) and one deployment config names it: no file of the portal names it. In
 * Debian's Chromium against the real server: its menu entry and screen, its server route, its table
 * in the account region's store, its texts (German where the package has them, English key by key
 * where it does not), and none of its files where the config turns it off.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const EUW_USER = { email: 'demo@example.com', password: 'Demo-pass-2024' };
const USE_USER = { email: 'us@example.com', password: 'Demo-pass-2024' };

let browser: Browser;
let portal: RunningPortal;
let configDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  configDir = mkdtempSync(path.join(tmpdir(), 'uid-e2e-outside-'));
  // The config line that turns the package on (goal 3), and off for region Use.
  const config = JSON.parse(readFileSync('config/default.json', 'utf8')) as Record<string, unknown> & { plugins: Record<string, unknown> };
  config.plugins['stamps'] = { enabled: true, config: { goal: 3 } };
  config.regions = { Use: { plugins: { stamps: { enabled: false } } } };
  const file = path.join(configDir, 'stamps.json');
  writeFileSync(file, JSON.stringify(config));
  portal = await startPortal({ config: file });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${portal.url}/`);
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.getByRole('heading', { name: 'My Profile' }).waitFor();
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Account menu' });
/** The package's files the page fetched: its chunks (plugin-stamps-…) and its texts (<lang>/stamps.json). */
const stampsFiles = (requests: string[]) => requests.filter((p) => p.includes('/plugin-stamps-') || p.endsWith('/stamps.json'));

describe('an outside plugin (npm package), enabled by a dependency and a config line', () => {
  it('shows its page, calls its server route, keeps its table and speaks German where it can', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, EUW_USER);

    await menu(page).getByRole('link', { name: 'Stamp card' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stamp card' }).waitFor();
    await page.getByText('0 of 3 stamps').waitFor();
    await page.getByRole('button', { name: "Collect today's stamp" }).click();
    await page.getByText('1 of 3 stamps').waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Stamp collected' }).count()).toBe(1);

    // The table is the package's own, in the store of the account's region.
    const accountId = await page.evaluate(async () => {
      const auth = { Authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'X-UID-Request': '1' };
      return ((await (await fetch('/api/user-info', { headers: auth })).json()) as { result: { accountId: string } }).result.accountId;
    });
    const store = new Database(path.join(portal.dataDir, 'euw.sqlite'), { readonly: true });
    try {
      expect(store.prepare('select account_id, stamps from stamps_cards').all()).toEqual([{ account_id: accountId, stamps: 1 }]);
    } finally {
      store.close();
    }

    // German: the package's German texts, and English for the keys its German file lacks.
    await page.goto(`${portal.url}/accountSetting/stamps?lang=de_DE`);
    await page.getByRole('heading', { level: 1, name: 'Stempelkarte' }).waitFor();
    await page.getByText('1 von 3 Stempeln').waitFor();
    await page.getByText('Stamp collected. Come back tomorrow for the next one.').waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Stempelkarte' }).count()).toBe(1);
    // French: no file in the package; English throughout, and no failed request for it.
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(new URL(res.url()).pathname);
    });
    await page.goto(`${portal.url}/accountSetting/stamps?lang=fr_FR`);
    await page.getByRole('heading', { level: 1, name: 'Stamp card' }).waitFor();
    await page.getByText('1 of 3 stamps').waitFor();
    expect(failed).toEqual([]);
    await context.close();
  });

  it('costs a region where the config turns it off nothing, and its API refuses that region', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (req) => requests.push(new URL(req.url()).pathname));
    await signIn(page, USE_USER);
    await page.waitForLoadState('networkidle');
    expect(await menu(page).getByRole('link', { name: 'Stamp card' }).count()).toBe(0);
    expect(stampsFiles(requests).filter((p) => !p.includes('/plugin-stamps-manifest-'))).toEqual([]);
    const refused = await page.evaluate(async () => {
      const auth = { Authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'X-UID-Request': '1' };
      const res = await fetch('/api/stamps/collect', { method: 'POST', headers: auth });
      return { status: res.status, body: (await res.json()) as unknown };
    });
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ errorCode: -19999, result: { plugin: 'stamps', offIn: 'Use', appType: null } }) });
    await context.close();
  });
});
