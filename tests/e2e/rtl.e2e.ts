/**
 * Arabic, the right-to-left language, in Debian's Chromium against the real server: picked in
 * the login page's language menu, the whole page turns right to left and its layout mirrors
 * (measured, not assumed); the email field stays left to right; a number in a message is in
 * Arabic-Indic digits; signing in keeps Arabic on the account pages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };

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

interface Boxes {
  width: number;
  main: { left: number; right: number };
  banner: { left: number; right: number } | null;
  menu: { left: number; right: number };
}

/** Where the form column, the banner and the language button sit, in CSS pixels of the viewport. */
async function boxes(page: Page): Promise<Boxes> {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { left: Math.round(r.left), right: Math.round(r.right) };
    };
    return {
      width: document.documentElement.clientWidth,
      main: box(document.querySelector('#main > div'))!,
      banner: box(document.querySelector('aside')),
      menu: box(document.querySelector('header button[aria-haspopup]'))!,
    };
  });
}

const direction = (page: Page) => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

describe('Arabic, right to left', () => {
  for (const viewport of [{ width: 1366, height: 900 }, { width: 375, height: 812 }]) {
    it(`picking Arabic on /login mirrors the page at ${viewport.width} px, and signing in keeps it`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${portal.url}/login`);
      await page.waitForURL(/\/login\?session_code=/);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await direction(page)).toEqual({ dir: 'ltr', lang: 'en-US' });
      const ltr = await boxes(page);

      await page.getByRole('button', { name: /English/ }).click();
      await page.getByRole('menuitemradio', { name: 'العربية' }).click();
      await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
      expect(await direction(page)).toEqual({ dir: 'rtl', lang: 'ar-SA' });
      expect(new URL(page.url()).searchParams.get('lang')).toBe('ar_SA');
      const rtl = await boxes(page);

      // Mirrored: each box now sits where its mirror image was (a pixel of rounding either way).
      const mirrored = (b: { left: number; right: number }) => ({ left: ltr.width - b.right, right: ltr.width - b.left });
      const near = (a: { left: number; right: number }, b: { left: number; right: number }) => {
        expect(Math.abs(a.left - b.left)).toBeLessThanOrEqual(1);
        expect(Math.abs(a.right - b.right)).toBeLessThanOrEqual(1);
      };
      expect(rtl.width).toBe(ltr.width);
      near(rtl.main, mirrored(ltr.main));
      // The language button moved from the end of the header on the right to the left.
      expect(ltr.menu.left).toBeGreaterThan(ltr.width / 2);
      expect(rtl.menu.right).toBeLessThan(rtl.width / 2);
      if (viewport.width >= 1024) {
        expect(ltr.banner && rtl.banner).toBeTruthy();
        near(rtl.banner!, mirrored(ltr.banner!));
        expect(rtl.banner!.left).toBeGreaterThan(rtl.main.right); // the banner is on the right now
      } else {
        expect(rtl.banner).toBeNull();
      }

      // Addresses stay left to right; the labels and the button speak Arabic.
      const email = page.getByLabel('البريد الإلكتروني');
      expect(await email.getAttribute('dir')).toBe('ltr');
      await email.fill(DEMO.email);
      // A number in an Arabic message is written in Arabic-Indic digits: the attempts the server says are left.
      await page.getByLabel(/^كلمة المرور/).fill('Wrong-pass-2024');
      await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      const alert = await page.getByRole('alert').filter({ hasText: 'المحاولات المتبقية' }).textContent();
      expect(alert).toMatch(/المحاولات المتبقية: [٠-٩]+\./);
      expect(alert).not.toMatch(/[0-9]/);
      await page.getByLabel(/^كلمة المرور/).fill(DEMO.password);
      await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      await page.waitForURL(`${portal.url}/accountSetting/**`);
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 }).toMatch(/[\u0600-\u06FF]/);
      expect(await direction(page)).toEqual({ dir: 'rtl', lang: 'ar-SA' });
      await context.close();
    });
  }

  it('keeps a region code whole and in its parentheses in the Arabic register form at 375 px (isolated, never broken over two lines)', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/login?lang=ar_SA`);
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    await page.getByText('أنشئ معرّفًا').click();
    await page.getByRole('combobox').first().click();
    await page.getByRole('listbox').waitFor();
    // Every code shown in the open list (each option's storage hint): one line box, inside an isolate, between its parentheses.
    const codes = await page.evaluate(() => {
      const out: Array<{ lines: number; isolated: boolean; parenthesised: boolean }> = [];
      const walker = document.createTreeWalker(document.querySelector('[role="listbox"]')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const text = node.data;
        const match = /\u2068(us|eu|ap)-[^\u2069]*\u2069/.exec(text);
        if (!match) continue;
        const range = document.createRange();
        range.setStart(node, match.index + 1);
        range.setEnd(node, match.index + match[0].length - 1);
        const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        out.push({ lines: tops.size, isolated: true, parenthesised: text[match.index - 1] === '(' && text[match.index + match[0].length] === ')' });
      }
      return out;
    });
    expect(codes.length).toBeGreaterThan(3);
    expect(codes.every((c) => c.lines === 1 && c.isolated && c.parenthesised)).toBe(true);
    await context.close();
  });
});
