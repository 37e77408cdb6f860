import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { chunksOfPlugin, readPreloadManifest } from '../support/builtChunks';
import { startPortal, type RunningPortal } from '../support/portal';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(portal: RunningPortal, path: string): Promise<{ page: Page; scripts: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(`${portal.url}${path}`, { waitUntil: 'networkidle' });
  return { page, scripts };
}

describe('the SPA shell with the default config', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('sends any unknown path to the authorize entry, which ends at the login page', async () => {
    const { page } = await open(portal, '/no/such/page');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.title()).toContain('Unified ID');
    await page.context().close();
  });

  it('takes the language from the lang query, applies it to the document and remembers it', async () => {
    const { page } = await open(portal, '/login?lang=de_DE');
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('de_DE');
    await page.context().close();
  });

  it("loads the enabled manifests as the default config's one group, no plugin views and no modal code on /login", async () => {
    const { page, scripts } = await open(portal, '/login');
    const built = readPreloadManifest();
    const group = built.groups?.find((g) => g.plugins.includes('account') && g.plugins.includes('sign-in') && g.plugins.includes('security'));
    expect(group, 'a manifest group for config/default.json').toBeDefined();
    expect(scripts).toContain(group!.files[0]);
    // No manifest of its plugins comes on its own.
    for (const id of group!.plugins) expect(scripts, id).not.toContain(built.plugins[id]!.manifest[0]);
    expect(scripts.some((s) => s.includes('/plugin-account-AccountPage-'))).toBe(false);
    expect(scripts.some((s) => s.includes('/ModalHost-'))).toBe(false);
    await page.context().close();
  });

  it("fetches the core code the login page's first views share as one chunk, which holds no plugin's code", async () => {
    const { page, scripts } = await open(portal, '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const shared = scripts.filter((s) => /\/assets\/login-shared-[\w-]+\.js$/.test(s));
    expect(shared).toHaveLength(1);
    const map = JSON.parse(readFileSync(path.join('dist', `${shared[0]!}.map`), 'utf8')) as { sources: string[] };
    expect(map.sources.filter((source) => source.includes('/core/')).length).toBeGreaterThan(5);
    // A plugin that is off must cost nothing: plugin code never travels in a chunk every config loads.
    expect(map.sources.filter((source) => source.includes('/plugins/'))).toEqual([]);
    // The small core modules that were a file each before (TextField, message, handOff …) are not fetched alone.
    expect(scripts.filter((s) => /\/assets\/(TextField|message|handOff|configRef|definePlugin|useErrorHandler)-/.test(s))).toEqual([]);
    await page.context().close();
  });

  it('has no detectable accessibility violations on /login', async () => {
    const { page } = await open(portal, '/login');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.context().close();
  });
});

describe('a config that disables a plugin', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal({ config: 'config/minimal.json' });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('never fetches any chunk of the disabled plugin', async () => {
    const { page, scripts } = await open(portal, '/login');
    expect(scripts.length).toBeGreaterThan(0);
    const accountFiles = chunksOfPlugin(readPreloadManifest(), 'account');
    expect(accountFiles.length).toBeGreaterThan(1);
    expect(scripts.filter((s) => s.includes('/plugin-account-') || accountFiles.includes(s))).toEqual([]);
    await page.goto(`${portal.url}/accountSetting/account`, { waitUntil: 'networkidle' });
    expect(scripts.filter((s) => s.includes('/plugin-account-') || accountFiles.includes(s))).toEqual([]);
    await page.context().close();
  });
});

describe('a serve-time config that turns off one plugin of the default group', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal({ plugins: { company: { enabled: false } } });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('never fetches the group that holds it: the other manifests come by themselves', async () => {
    const { page, scripts } = await open(portal, '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const built = readPreloadManifest();
    const companyFiles = chunksOfPlugin(built, 'company');
    expect(scripts.filter((s) => companyFiles.includes(s) || s.includes('/plugin-company-'))).toEqual([]);
    // The sign-in view still works, its manifest fetched alone or in a smaller group without company.
    const signIn = chunksOfPlugin(built, 'sign-in');
    expect(scripts.some((s) => signIn.includes(s))).toBe(true);
    await page.context().close();
  });
});

