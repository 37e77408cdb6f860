import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { seedTokens, signInThroughApi } from '../support/signIn';

/**
 * The profile plugin in real Chromium against the reference server: edit and keep the profile,
 * upload an avatar, and files refused before upload. The config is served at run time with
 * the plugin switched on, so this does not depend on what the default config bakes in.
 */
const PASSWORD = 'Demo-pass-2024';

let browser: Browser;
let portal: RunningPortal;

beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ plugins: { profile: { enabled: true } } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function signedInPage(email: string): Promise<{ context: BrowserContext; page: Page; uploads: () => number }> {
  const context = await browser.newContext();
  let uploads = 0;
  context.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('/accounts/avatar/upload')) uploads += 1;
  });
  const tokens = await signInThroughApi(context, portal.url, email, PASSWORD);
  const page = await context.newPage();
  await seedTokens(page, portal.url, tokens);
  return { context, page, uploads: () => uploads };
}

async function openProfile(page: Page): Promise<void> {
  await page.goto(`${portal.url}/accountSetting`);
  await page.waitForURL(`${portal.url}/accountSetting/myProfile`);
  await page.getByRole('button', { name: 'Edit profile' }).waitFor();
}

async function choose(page: Page, label: string, search: string, option: RegExp): Promise<void> {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

/** The description row of a field in view mode. */
const valueOf = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

// --- a real PNG, made here: signature, IHDR, one IDAT of deflated RGB rows, IEND ---
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

describe('the profile plugin against the reference server', () => {
  it('is the default child of /accountSetting, with its menu entry, and passes axe', async () => {
    const { context, page } = await signedInPage('demo@example.com');
    await openProfile(page);
    expect(await page.getByRole('heading', { name: 'My Profile', level: 1 }).isVisible()).toBe(true);
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    expect(await menu.getByRole('link', { name: 'My Profile' }).getAttribute('aria-current')).toBe('page');
    expect(await valueOf(page, 'First name').textContent()).toBe('Dana');
    expect(await valueOf(page, 'Country/region').textContent()).toBe('Germany');
    expect(await page.getByText('Do not upload company data or other brand files.').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('edits names, a new position, time zone, country and phone; a reload shows them kept', async () => {
    const { context, page } = await signedInPage('demo@example.com');
    await openProfile(page);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel(/^First name/).fill('Dora');
    await page.getByLabel(/^Last name/).fill('Demo-Edit');
    await page.getByLabel(/^Nickname/).fill('dora');
    await choose(page, 'Job title', 'new', /^Add a new position/);
    await page.getByLabel(/^New position/).fill('Channel architect');
    await choose(page, 'Time zone', 'Tokyo', /Asia\/Tokyo/);
    await choose(page, 'Country/region', 'Japan', /^Japan/);
    await page.getByLabel(/^Phone/).fill('81312345');
    // The rules run on blur, in the browser: a bad phone never reaches the server.
    await page.getByLabel(/^Phone/).fill('12');
    await page.getByLabel(/^Phone/).blur();
    await page.getByText('Enter 4 to 12 digits only (no spaces, + or dashes).').waitFor();
    await page.getByLabel(/^Phone/).fill('81312345');
    // Straight to Save: the error that goes as the field is left keeps its room until the click lands.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been updated.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit profile');

    await page.reload();
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    expect(await valueOf(page, 'First name').textContent()).toBe('Dora');
    expect(await valueOf(page, 'Last name').textContent()).toBe('Demo-Edit');
    expect(await valueOf(page, 'Nickname').textContent()).toBe('dora');
    expect(await valueOf(page, 'Job title').textContent()).toBe('Channel architect');
    expect(await valueOf(page, 'Country/region').textContent()).toBe('Japan');
    expect(await valueOf(page, 'Time zone').textContent()).toBe('(UTC+09:00) Asia/Tokyo');
    expect(await valueOf(page, 'Phone \\(optional\\)').textContent()).toBe('81312345');

    // A listed position is saved by its name and shown translated.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await choose(page, 'Job title', 'IT', /^IT manager/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been updated.').waitFor();
    await page.goto(`${portal.url}/accountSetting/myProfile?lang=de_DE`);
    await page.getByRole('heading', { name: 'Mein Profil', level: 1 }).waitFor();
    expect(await valueOf(page, 'Position').textContent()).toBe('IT-Manager/in');
    await context.close();
  });

  it('saves on the first click after a field is fixed: the error leaving on blur does not move Save away (issue 16)', async () => {
    const { context, page } = await signedInPage('demo@example.com');
    await openProfile(page);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const nickname = page.getByLabel(/^Nickname/);
    await nickname.fill('dora>');
    await nickname.blur();
    await page.getByText('These characters are not allowed:').waitFor();
    await nickname.fill('Dora');
    // One press: the blur clears the error while the button is held, and the click must still be Save's.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been updated.').waitFor();
    expect(await valueOf(page, 'Nickname').textContent()).toBe('Dora');
    await context.close();
  });

  it('uploads a PNG (MD5 from the browser) and shows it, also after a reload', async () => {
    const { context, page, uploads } = await signedInPage('us@example.com');
    await openProfile(page);
    await page.getByLabel('Choose an avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(32, 32, [11, 87, 208]) });
    await page.getByText('Your avatar has been updated.').waitFor();
    const avatar = page.getByRole('img', { name: 'Avatar of Uma States' });
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/\/api\/files\/use\/[A-Za-z0-9_-]{32}$/);
    await page.waitForFunction(() => (document.querySelector('img[alt="Avatar of Uma States"]') as HTMLImageElement | null)?.naturalWidth === 32);
    expect(uploads()).toBe(1);

    await page.reload();
    await page.getByRole('img', { name: 'Avatar of Uma States' }).waitFor();
    await context.close();
  });

  it('refuses a file over 1 MB and a file that is not PNG or JPG before sending anything', async () => {
    const { context, page, uploads } = await signedInPage('demo@example.com');
    await openProfile(page);
    const picker = page.getByLabel('Choose an avatar image');
    const big = Buffer.concat([png(4, 4, [0, 0, 0]), Buffer.alloc(1024 * 1024)]);
    await picker.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await page.getByRole('alert').filter({ hasText: 'The avatar is too large (max 1 MB).' }).waitFor();
    await picker.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByRole('alert').filter({ hasText: 'Choose a PNG or JPG image.' }).waitFor();
    expect(uploads()).toBe(0);
    expect(await page.getByRole('img', { name: /No avatar yet/ }).isVisible()).toBe(true);
    await context.close();
  });
});
