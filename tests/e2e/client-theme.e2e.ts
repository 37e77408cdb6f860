/**
 * A theme per connected service, in Debian's Chromium against `npm start`: two services of one
 * server (CLIENTS_FILE), each with its own base theme, colours and logo, and both asking for the
 * captcha at sign-in. Each service's login page (reached as the service sends its users: the
 * authorize entry with its redirect URI and PKCE) wears that service's colours on the primary
 * button, on a toast and on the captcha dialog and frame (both drawn outside the page), names it
 * in the document title, shows its logo and its name in the header and its title logo above the
 * form at every width, puts a toast over the form's column; the portal's own login
 * page keeps the deployment theme.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };

interface ThemedClient {
  id: string;
  title: string;
  logo: string;
  titleLogo: string;
  theme: { name: string; overrides: { colors: Record<string, string>; radius: Record<string, string> } };
  /** The same colours as the browser reports them. */
  rgb: { primary: string; surface: string; warning: string };
  mode: 'light' | 'dark';
}

const GREEN: ThemedClient = {
  id: 'green-partner',
  title: 'Green Partner',
  logo: '/api/branding/partner-wide.svg',
  titleLogo: '/api/branding/partner-square.svg',
  theme: { name: 'default', overrides: { colors: { primary: '#0a7d4f', primaryHover: '#075e3b', focus: '#0a7d4f', surface: '#f4fbf7', warning: '#6b5900' }, radius: { md: '2px', lg: '4px' } } },
  rgb: { primary: 'rgb(10, 125, 79)', surface: 'rgb(244, 251, 247)', warning: 'rgb(107, 89, 0)' },
  mode: 'light',
};
const VIOLET: ThemedClient = {
  id: 'violet-works',
  title: 'Violet Works',
  logo: '/api/branding/partner-square.svg',
  titleLogo: '/api/branding/partner-wide.svg',
  theme: { name: 'midnight', overrides: { colors: { primary: '#ce93d8', primaryHover: '#e1bee7', focus: '#ce93d8', warning: '#ffcc80' }, radius: { md: '12px', lg: '20px' } } },
  rgb: { primary: 'rgb(206, 147, 216)', surface: 'rgb(31, 34, 39)', warning: 'rgb(255, 204, 128)' },
  mode: 'dark',
};
const redirectUri = (c: ThemedClient) => `http://127.0.0.1:9/${c.id}/cb`;

let browser: Browser;
let portal: RunningPortal;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-e2e-theme-'));
  const clientsFile = path.join(dir, 'clients.json');
  const clients = [GREEN, VIOLET].map((c) => ({
    id: c.id,
    name: c.title,
    redirectUris: [redirectUri(c)],
    requireCaptcha: true,
    branding: { title: c.title, logoUrl: c.logo, titleLogoUrl: c.titleLogo, theme: c.theme },
  }));
  fs.writeFileSync(clientsFile, JSON.stringify(clients));
  browser = await launchChromium();
  portal = await startPortal({ env: { CLIENTS_FILE: clientsFile } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The service's login page, entered the way the service sends its users (authorize with PKCE). */
async function openClientLogin(page: Page, client: ThemedClient): Promise<void> {
  const authorize = new URL(`${portal.url}/api/authorize`);
  const params = { client_id: client.id, redirect_uri: redirectUri(client), response_type: 'code', code_challenge: 'c'.repeat(43), code_challenge_method: 'S256', state: 's' };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  await page.goto(authorize.toString());
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

const style = (page: Page, selector: string, property: string) =>
  page.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

/**
 * The brand at this width: the header's logo (loaded, its box set by attributes, inside the header
 * and the window), the service's name written out beside it, and the title logo above the form.
 */
async function brandShows(page: Page, title: string) {
  const logo = page.locator('header img').first();
  const titleLogo = page.getByRole('img', { name: title });
  for (const img of [logo, titleLogo]) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const header = await logo.evaluate((img: HTMLImageElement, name) => {
    const box = img.getBoundingClientRect();
    const header = img.closest('header')!;
    const bar = header.getBoundingClientRect();
    const nameEl = Array.from(header.querySelectorAll('span')).find((el) => el.textContent === name);
    const nameBox = nameEl?.getBoundingClientRect();
    return {
      attributes: [img.getAttribute('width'), img.getAttribute('height')],
      contained: getComputedStyle(img).objectFit === 'contain',
      inHeader: box.left >= bar.left && box.right <= bar.right && box.top >= bar.top && box.bottom <= bar.bottom,
      inWindow: box.left >= 0 && box.right <= window.innerWidth,
      height: box.height,
      // The name is text a person sees (not only an alt), beside the logo, inside the window.
      nameShown: Boolean(nameBox && nameBox.width > 0 && nameBox.left >= 0 && nameBox.right <= window.innerWidth),
    };
  }, title);
  const aboveForm = await titleLogo.evaluate((img) => Boolean(img.closest('#main')) && img.getBoundingClientRect().width > 0);
  return { ...header, aboveForm };
}

describe("a connected service's theme on its login page", () => {
  for (const client of [GREEN, VIOLET]) {
    it(`${client.title}: its colours on the button, a toast and the captcha; its title; its logo fits`, async () => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
      });
      await openClientLogin(page, client);

      expect(await page.title()).toBe(`Sign in · ${client.title}`);
      for (const width of [375, 1024, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await brandShows(page, client.title), `brand at ${width} px`).toEqual({ attributes: ['200', '32'], contained: true, inHeader: true, inWindow: true, height: 32, nameShown: true, aboveForm: true });
      }
      await page.setViewportSize({ width: 1366, height: 900 });

      await page.getByLabel('Email').fill(DEMO.email);
      await page.getByLabel(/^Password/).fill(DEMO.password);
      const submit = page.getByRole('button', { name: 'Sign in', exact: true });
      expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(client.rgb.primary);

      // The captcha dialog (a modal over the page) and its frame (told our colours by postMessage).
      await submit.click();
      const dialog = page.getByRole('dialog', { name: 'Security verification' });
      await dialog.getByRole('heading', { name: 'Security verification' }).waitFor();
      expect(await dialog.locator('[id^="headlessui-dialog-panel"]').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(client.rgb.surface);
      const frame = page.frameLocator('iframe[title="Sliding puzzle"]');
      await expect.poll(() => frame.locator('html').getAttribute('data-mode')).toBe(client.mode);
      expect(await frame.locator('html').evaluate((el) => getComputedStyle(el).getPropertyValue('--primary').trim())).toBe(client.theme.overrides.colors.primary);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // A toast (drawn by the app, outside the page): the register view's terms warning.
      await page.getByRole('link', { name: 'Create one' }).or(page.getByRole('button', { name: 'Create one' })).first().click();
      await page.getByRole('button', { name: 'Create ID' }).click();
      const toast = page.locator('[aria-live="polite"] > [role="status"]').filter({ hasText: 'Please read and accept the Terms of Use.' });
      await toast.waitFor();
      expect(await toast.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(client.rgb.surface);
      expect(await toast.evaluate((el) => getComputedStyle(el).borderInlineStartColor)).toBe(client.rgb.warning);
      expect(await toast.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe(client.theme.overrides.radius.md);
      expect(await style(page, 'button[type="submit"]', 'background-color')).toBe(client.rgb.primary);
      // Where the eye is: over the form's column, clear of the banner (design.md, toast).
      const place = await toast.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const card = document.querySelector('#main > div')!.getBoundingClientRect();
        const banner = document.querySelector('aside')!.getBoundingClientRect();
        return { centred: Math.abs(box.left + box.width / 2 - (card.left + card.width / 2)) <= 2, clearOfBanner: box.left >= banner.right || box.right <= banner.left };
      });
      expect(place).toEqual({ centred: true, clearOfBanner: true });

      expect(blocked).toEqual([]);
      await context.close();
    });
  }

  it("the portal's own login page keeps the deployment theme, and so does the account area after it", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    // A service's page first: its theme must not stay behind.
    await openClientLogin(page, GREEN);
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(/\/login\?session_code=/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.title()).toBe('Sign in · Unified ID');
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 87, 208)');
    expect(await page.locator('main > div').first().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel(/^Password/).fill(DEMO.password);
    await submit.click();
    await page.waitForURL(`${portal.url}/accountSetting/**`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(246, 248, 252)');
    await context.close();
  });
});
