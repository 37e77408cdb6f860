/**
 * The slider captcha frame (plugins/captcha/server/frame.js) in Debian's Chromium against `npm start`,
 * embedded by the development page /demo-service/captcha-test.html on the portal origin (as the
 * login page will embed it). Playwright's mouse drags the slider, or its keyboard moves it; the
 * answer (where the piece fits the gap, drawn only in the puzzle's pixels) is read from the
 * server's own store, as only a test can.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaRequiredResult } from '../../core/contract/auth';
import { LANGUAGE_CODES } from '../../core/i18n/languages';
import { traceFault, type TraceSample } from '../../plugins/captcha/server/trace';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { PORTAL_HEADERS } from '../support/signIn';

/** The frame's height in the login dialog (plugins/captcha/CaptchaDialog.tsx: CAPTCHA_FRAME_HEIGHT). */
const FRAME_HEIGHT = 262;
const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
/** A connected service that always asks for the captcha (ClientConfig.requireCaptcha). */
const CAPTCHA_CLIENT = { id: 'captcha-e2e', name: 'Captcha E2E', redirectUris: ['http://127.0.0.1:9/captcha-e2e/cb'], requireCaptcha: true };

let browser: Browser;
let portal: RunningPortal;
let clientsDir: string;
beforeAll(async () => {
  clientsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-e2e-clients-'));
  const clientsFile = path.join(clientsDir, 'clients.json');
  fs.writeFileSync(clientsFile, JSON.stringify([CAPTCHA_CLIENT]));
  browser = await launchChromium();
  portal = await startPortal({ env: { CLIENTS_FILE: clientsFile } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (clientsDir) fs.rmSync(clientsDir, { recursive: true, force: true });
});

interface Received {
  type: string;
  errorCode: string | null;
  token: string | null;
}

async function received(page: Page): Promise<Received[]> {
  return page.locator('#messages li').evaluateAll((items) =>
    items.map((li) => ({ type: li.getAttribute('data-type') ?? '', errorCode: li.getAttribute('data-error-code'), token: li.getAttribute('data-token') })),
  );
}

/** The test page with the frame; `captchaUrl` (a -23029 result's) makes it the frame of that sign-in. */
async function openTestPage(context: BrowserContext, captchaUrl?: string, lang?: string): Promise<{ page: Page; frame: FrameLocator }> {
  const page = await context.newPage();
  const subject = captchaUrl ? new URL(captchaUrl).searchParams.get('for') : null;
  const query = new URLSearchParams({ ...(subject ? { for: subject } : {}), ...(lang ? { lang } : {}) }).toString();
  await page.goto(`${portal.url}/demo-service/captcha-test.html${query ? `?${query}` : ''}`);
  const frame = page.frameLocator('#slot iframe');
  await page.locator('#messages li[data-type="loaded"]').waitFor();
  return { page, frame };
}

/** Waits until the frame shows a puzzle; resolves the single-use key of its background image (from the image URL). */
async function puzzle(frame: FrameLocator, other?: string, hint = 'Slide to complete the puzzle'): Promise<string> {
  let key = '';
  await expect
    .poll(
      async () => {
        const src = (await frame.locator('#bg').getAttribute('src')) ?? '';
        key = /\/captcha\/image\/([A-Za-z0-9_-]{43})$/.exec(src)?.[1] ?? '';
        const ready = (await frame.locator('#status').textContent()) === hint;
        return ready && key !== '' && key !== other;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return key;
}

/** Where the piece fits: read from the portal's global store (SQLite under its DATA_DIR), by the image key's hash. */
function answer(imageKey: string): number {
  const db = new Database(path.join(portal.dataDir, 'global.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const hash = crypto.createHash('sha256').update(imageKey).digest('hex');
    const row = db.prepare('SELECT target_x FROM captcha_challenges WHERE image_key_hash = ?').get(hash) as { target_x: number } | undefined;
    if (!row) throw new Error('no puzzle for that image');
    return row.target_x;
  } finally {
    db.close();
  }
}

/** Drags the slider handle by `dx` pixels like a person: pressed, moved in small steps over ~0.5 s, released. */
async function drag(page: Page, frame: FrameLocator, dx: number): Promise<void> {
  const box = (await frame.locator('#handle').boundingBox())!;
  const x0 = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  const steps = 30;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x0 + (dx * i) / steps, y + (i % 3) - 1);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
}

interface Answer {
  x: number;
  trail: TraceSample[];
}

/** Collects the answers the frame posts (its drag traces), in order. */
function answersOf(page: Page): Answer[] {
  const answers: Answer[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/captcha/verify') answers.push(req.postDataJSON() as Answer);
  });
  return answers;
}

/** A sign-in at the captcha client: authorize → session code → POST /login (with this context's cookies). */
async function signInAtCaptchaClient(request: BrowserContext['request'], captchaToken?: string) {
  const authorize = new URL(`${portal.url}/api/authorize`);
  const params = { client_id: CAPTCHA_CLIENT.id, redirect_uri: CAPTCHA_CLIENT.redirectUris[0]!, response_type: 'code', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: 's' };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  const toLogin = await request.get(authorize.toString(), { maxRedirects: 0 });
  const sessionCode = new URL(toLogin.headers()['location']!, portal.url).searchParams.get('session_code');
  expect(sessionCode).toBeTruthy();
  const res = await request.post(`${portal.url}/api/login`, { headers: { ...PORTAL_HEADERS, session_code: sessionCode! }, data: { ...DEMO, ...(captchaToken ? { captchaToken } : {}) } });
  return { status: res.status(), body: (await res.json()) as { errorCode?: number; result?: any } };
}

describe('captcha frame', () => {
  it('loads, takes the theme, is solved by a drag, and its token opens one sign-in only', async () => {
    const context = await browser.newContext();
    // The client requires a captcha: without a token the sign-in is refused with -23029, naming
    // the frame of this address's sign-in (by a keyed hash, not the address) …
    const refused = await signInAtCaptchaClient(context.request);
    expect(refused.body.errorCode).toBe(-23029);
    const demand = refused.body.result as CaptchaRequiredResult;
    expect(demand.serviceRegion).toBe('Euw');
    expect(demand.captchaUrl).toMatch(new RegExp(`^${portal.url}/api/captcha/frame\\?for=[A-Za-z0-9_-]{43}$`));
    const { page, frame } = await openTestPage(context, demand.captchaUrl);
    // The parent's theme reached the frame (it checks origin, source and shape too).
    await expect.poll(() => frame.locator('html').getAttribute('data-mode')).toBe('dark');
    expect(await frame.locator('html').evaluate((el) => getComputedStyle(el).getPropertyValue('--primary').trim())).toBe('#c0392b');

    const answers = answersOf(page);
    const id = await puzzle(frame);
    // A click on the handle without a move is no answer: nothing is sent, the puzzle stays.
    await frame.locator('#handle').click();
    await page.waitForTimeout(300);
    expect(answers).toEqual([]);
    expect(await frame.locator('#status').textContent()).toBe('Slide to complete the puzzle');
    await drag(page, frame, answer(id));
    await page.locator('#messages li[data-type="result"]').waitFor({ timeout: 10_000 });
    expect(await frame.locator('#status').textContent()).toBe('Verified');
    // The frame sent the drag as it happened: pressed at 0, the moves (with the hand's wobble), released at the drop.
    expect(answers).toHaveLength(1);
    const { x, trail } = answers[0]!;
    expect(trail.length).toBeGreaterThanOrEqual(30);
    expect(trail[0]).toEqual([0, 0, 0]);
    expect(trail[trail.length - 1]![1]).toBe(x);
    expect(trail.some(([, , y]) => y !== 0)).toBe(true);
    expect(traceFault(trail, x)).toBeNull();
    const messages = await received(page);
    expect(messages.map((m) => m.type)).toEqual(['loaded', 'result']);
    const result = messages[1]!;
    expect(result.errorCode).toBe('0');
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await page.locator('#ignored').textContent()).toBe('0');

    // … with the token of that frame it goes through, once.
    const accepted = await signInAtCaptchaClient(context.request, result.token!);
    expect(accepted.status).toBe(200);
    expect(accepted.body.result.serviceUrl).toBe(`${portal.url}/api/authorize`);
    const other = await browser.newContext();
    const replayed = await signInAtCaptchaClient(other.request, result.token!);
    expect(replayed.body.errorCode).toBe(-23029);
    await other.close();
    await context.close();
  });

  it('answers a wrong drag with a failure message and a new puzzle, which can then be solved', async () => {
    const context = await browser.newContext();
    const { page, frame } = await openTestPage(context);
    const first = await puzzle(frame);
    const right = answer(first);
    await drag(page, frame, right > 120 ? right - 40 : right + 40);
    await page.locator('#messages li[data-type="failed"]').waitFor({ timeout: 10_000 });
    expect(await frame.locator('#status').textContent()).toBe('Not quite. Try again.');
    const second = await puzzle(frame, first);
    expect(second).not.toBe(first);
    expect(await frame.locator('#handle').getAttribute('aria-valuenow')).toBe('0');

    await drag(page, frame, answer(second));
    await page.locator('#messages li[data-type="result"]').waitFor({ timeout: 10_000 });
    const messages = await received(page);
    expect(messages.map((m) => [m.type, m.errorCode])).toEqual([
      ['loaded', null],
      ['failed', '-10020'],
      ['result', '0'],
    ]);
    await context.close();
  });

  it('is solved with the keyboard alone: focus shown, arrows move the piece, Enter checks it', async () => {
    const context = await browser.newContext();
    const { page, frame } = await openTestPage(context);
    const answers = answersOf(page);
    const key = await puzzle(frame);
    const target = answer(key);
    const handle = frame.locator('#handle');
    // A screen reader hears a labelled slider with its instructions and position.
    expect(await handle.getAttribute('role')).toBe('slider');
    expect(await handle.getAttribute('aria-label')).toBe('Slide right to fit the piece');
    expect(await frame.locator(`#${await handle.getAttribute('aria-describedby')}`).textContent()).toMatch(/Arrow keys move the piece/);
    expect(await handle.getAttribute('aria-disabled')).toBe('false');
    // Tab from the page into the frame lands on the slider, with a visible focus ring.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Tab');
    await expect.poll(() => frame.locator(':focus').getAttribute('id')).toBe('handle');
    const ring = await handle.evaluate((el) => {
      const style = getComputedStyle(el);
      return { visible: el.matches(':focus-visible'), outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring).toEqual({ visible: true, outline: 'solid', width: 3 });
    // Shift+Arrow moves 10 px, Arrow 2 px: get within a pixel, at a person's pace.
    for (let i = 0; i < Math.floor(target / 10); i++) await page.keyboard.press('Shift+ArrowRight', { delay: 20 });
    for (let i = 0; i < Math.round((target % 10) / 2); i++) await page.keyboard.press('ArrowRight', { delay: 20 });
    const now = Number(await handle.getAttribute('aria-valuenow'));
    expect(Math.abs(now - target)).toBeLessThanOrEqual(1);
    expect(await handle.getAttribute('aria-valuetext')).toBe(`Piece at ${now} of ${300 - 72} pixels`);
    await page.waitForTimeout(250);
    await page.keyboard.press('Enter');
    await page.locator('#messages li[data-type="result"]').waitFor({ timeout: 10_000 });
    expect(await frame.locator('#status').textContent()).toBe('Verified');
    expect((await received(page)).map((m) => [m.type, m.errorCode])).toEqual([
      ['loaded', null],
      ['result', '0'],
    ]);
    // The key presses are the trace: one sample each, then Enter's; it passes the same rules as a drag.
    expect(answers).toHaveLength(1);
    expect(answers[0]!.trail.length).toBe(Math.floor(target / 10) + Math.round((target % 10) / 2) + 2);
    expect(traceFault(answers[0]!.trail, answers[0]!.x)).toBeNull();
    await context.close();
  });

  it('in Arabic is mirrored: the piece starts on the right, a drag to the left solves it, and so do the arrow keys', async () => {
    const context = await browser.newContext();
    const { page, frame } = await openTestPage(context, undefined, 'ar_SA');
    const answers = answersOf(page);
    const hint = 'اسحب لإكمال اللغز';
    const first = await puzzle(frame, undefined, hint);
    expect(await frame.locator('html').getAttribute('dir')).toBe('rtl');
    const handle = frame.locator('#handle');
    const stage = (await frame.locator('.stage').boundingBox())!;
    const start = (await handle.boundingBox())!;
    // At 0 the handle sits at the right end of the track.
    expect(Math.abs(start.x + start.width - (stage.x + stage.width))).toBeLessThanOrEqual(1);
    const target = answer(first);
    await drag(page, frame, -target);
    await page.locator('#messages li[data-type="result"]').waitFor({ timeout: 10_000 });
    expect(await frame.locator('#status').textContent()).toBe('تم التحقق');
    // The answer is the same distance from the start edge that an ltr drag would send.
    expect(Math.abs(answers[0]!.x - target)).toBeLessThanOrEqual(1);
    expect(traceFault(answers[0]!.trail, answers[0]!.x)).toBeNull();
    const moved = (await handle.boundingBox())!;
    expect(moved.x).toBeLessThan(start.x - target + 2);

    // The keyboard follows the direction: ArrowLeft moves towards the gap, ArrowRight back.
    await frame.locator('#reload').click();
    const second = await puzzle(frame, first, hint);
    await handle.focus();
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await handle.getAttribute('aria-valuenow')).toBe('10');
    // A screen reader hears the position in Arabic, with Arabic-Indic digits (228: the "many" form).
    expect(await handle.getAttribute('aria-valuetext')).toBe('القطعة عند ١٠ من ٢٢٨ بكسلًا');
    await page.keyboard.press('ArrowRight');
    expect(await handle.getAttribute('aria-valuenow')).toBe('8');
    expect(await handle.getAttribute('aria-valuetext')).toBe('القطعة عند ٨ من ٢٢٨ بكسلًا');
    expect(second).not.toBe(first);
    await context.close();
  });

  it('fits every status text of every language into the height the login dialog gives the frame', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: FRAME_HEIGHT } });
    const page = await context.newPage();
    // Only the page's layout is measured: without its script it asks for no puzzles (the rate limit stays untouched).
    await page.route('**/captcha/frame.js', (route) => route.abort());
    const overflowing: string[] = [];
    for (const lang of LANGUAGE_CODES) {
      await page.goto(`${portal.url}/api/captcha/frame?lang=${lang}`);
      const keys = await page.evaluate((height) => {
        const texts = JSON.parse(document.getElementById('texts')!.textContent!) as Record<string, string>;
        const status = document.getElementById('status')!;
        const row = document.querySelector('.row')!;
        return ['hint', 'loading', 'success', 'failed', 'error', 'limited'].filter((key) => {
          status.textContent = texts[key]!;
          return row.getBoundingClientRect().bottom > height;
        });
      }, FRAME_HEIGHT);
      overflowing.push(...keys.map((key) => `${lang} ${key}`));
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });

  it('serves each puzzle image once, as a PNG that is not cached', async () => {
    const context = await browser.newContext();
    const { frame } = await openTestPage(context);
    await puzzle(frame);
    const src = (await frame.locator('#bg').getAttribute('src'))!;
    const piece = (await frame.locator('#piece').getAttribute('src'))!;
    // The frame has loaded both; asked again, neither is served.
    expect((await context.request.get(src)).status()).toBe(404);
    expect((await context.request.get(piece)).status()).toBe(404);
    const natural = await frame.locator('#bg').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(natural).toEqual([300, 160]);
    await context.close();
  });

  it('ignores messages from other windows or of the wrong shape, on both sides', async () => {
    const context = await browser.newContext();
    const { page, frame } = await openTestPage(context);
    await expect.poll(() => frame.locator('html').getAttribute('data-mode')).toBe('dark');
    // Right origin and shape, wrong window: the parent itself, not the frame.
    await page.evaluate(() => window.postMessage({ source: 'uid-captcha', type: 'result', errorCode: '0', token: 'forged-token-forged-token' }, window.location.origin));
    // Right window and origin, wrong shape: a result without a token, an unknown type.
    const inner = page.frames().find((f) => f.url().includes('/api/captcha/frame'))!;
    await inner.evaluate(() => {
      window.parent.postMessage({ source: 'uid-captcha', type: 'result', errorCode: '0' }, window.location.origin);
      window.parent.postMessage({ source: 'uid-captcha', type: 'redirect', url: 'https://example.com' }, window.location.origin);
    });
    await expect.poll(() => page.locator('#ignored').textContent()).toBe('3');
    expect((await received(page)).map((m) => m.type)).toEqual(['loaded']);
    // The frame takes a theme only from its parent: one it posts to itself is ignored.
    await inner.evaluate(() => window.postMessage({ source: 'uid-portal', type: 'theme', theme: { primary: '#00ff00' } }, window.location.origin));
    await page.waitForTimeout(200);
    expect(await frame.locator('html').evaluate((el) => getComputedStyle(el).getPropertyValue('--primary').trim())).toBe('#c0392b');
    await context.close();
  });

  it('says to wait, and offers no slider, once this client has asked for too many puzzles', async () => {
    const context = await browser.newContext();
    const { frame } = await openTestPage(context);
    await puzzle(frame);
    // Each new puzzle counts; the limit answers -60001, and the frame waits for the user to ask again.
    await expect
      .poll(
        async () => {
          const status = await frame.locator('#status').textContent();
          if (status === 'Slide to complete the puzzle') await frame.getByRole('button', { name: 'New puzzle' }).click();
          return status;
        },
        { timeout: 60_000, interval: 150 },
      )
      .toBe('Too many tries. Please wait a few minutes.');
    expect(await frame.locator('#handle').getAttribute('aria-disabled')).toBe('true');
    await context.close();
  });

  it('cannot be embedded by another origin', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (msg) => {
      if (/frame-ancestors/.test(msg.text())) blocked.push(msg.text());
    });
    // Same server, other origin (localhost is not the portal origin 127.0.0.1).
    const port = new URL(portal.url).port;
    await page.goto(`http://localhost:${port}/demo-service/captcha-test.html`);
    await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(await received(page)).toEqual([]);
    expect(page.frames().some((f) => f.url().includes('/api/captcha/frame') && f.url().startsWith(portal.url))).toBe(false);
    await context.close();
  });
});
