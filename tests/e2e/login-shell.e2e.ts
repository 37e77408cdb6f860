/**
 * The login shell (issue 17, server/http/loginShell.ts): the server paints the login page's frame
 * before any script runs. Without JavaScript the frame, the service's logo and the card are there;
 * with it, the SPA's page replaces the frame with every box where the frame had it (header logo,
 * card), so the visitor sees no jump, and the shell is gone from the page once the form shows.
 * At 375 and 1366 px, for a connected service's hand-off (its logo and colours) and for a title logo.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { expectNoAxeViolations } from '../support/axe';
import { BOOT_SCRIPT_SOURCE } from '../../server/http/bootAfterPaint';

const GREEN = {
  id: 'green-partner',
  name: 'Green Partner',
  redirectUris: ['http://127.0.0.1:9/green/cb'],
  branding: { title: 'Green Partner', logoUrl: '/api/branding/partner-wide.svg', theme: { name: 'default', overrides: { colors: { background: '#eef7f1' } } } },
};
const TITLED = {
  id: 'titled-partner',
  name: 'Titled Partner',
  redirectUris: ['http://127.0.0.1:9/titled/cb'],
  branding: { title: 'Titled Partner', titleLogoUrl: '/api/branding/partner-wide.svg' },
};
type Client = typeof GREEN | typeof TITLED;

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal({ clients: [GREEN, TITLED] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A fresh hand-off address of the service (each login session is used once). */
async function handOff(client: Client): Promise<string> {
  const authorize = new URL(`${portal.url}/api/authorize`);
  const params = { client_id: client.id, redirect_uri: client.redirectUris[0]!, response_type: 'code', code_challenge: 'c'.repeat(43), code_challenge_method: 'S256', state: 's' };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  const res = await fetch(authorize, { redirect: 'manual' });
  return new URL(res.headers.get('location')!, portal.url).toString();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const round = (b: Box | null) => (b ? { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) } : null);

async function open(client: Client, width: number, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(await handOff(client));
  return page;
}

/**
 * The header's brand (its logo and the name beside it), the title logo and the card: their boxes in the
 * shell (no script) or the page. The brand's logo is decorative beside the name, so it is found by place.
 */
async function boxes(page: Page, scope: string, client: Client) {
  const root = page.locator(scope);
  const logo = 'titleLogoUrl' in client.branding ? root.locator('main img').first() : root.locator('header img').first();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const name = root.locator('header').getByText(client.branding.title, { exact: true });
  const card = scope === '#boot-shell' ? root.locator('.s-card') : page.locator('main > div').first();
  const cardBox = round(await card.boundingBox());
  return { logo: round(await logo.boundingBox()), name: round(await name.boundingBox()), card: cardBox && { x: cardBox.x, y: cardBox.y, width: cardBox.width } };
}

describe('the login shell', () => {
  for (const width of [375, 1366]) {
    for (const client of [GREEN, TITLED]) {
      it(`${client.name} at ${width} px: painted without script, replaced in place by the page`, async () => {
        const bare = await open(client, width, false);
        const shell = bare.locator('#boot-shell');
        await shell.waitFor();
        expect(await shell.getAttribute('aria-hidden')).toBe('true');
        expect(await bare.locator('#boot-shell noscript').count()).toBe(1);
        const painted = await boxes(bare, '#boot-shell', client);
        if (client === GREEN) expect(await shell.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(238, 247, 241)');
        await bare.context().close();

        const page = await open(client, width, true);
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect(await page.locator('#boot-shell').count()).toBe(0);
        const shown = await boxes(page, '#root', client);
        if (width >= 1024 && !('titleLogoUrl' in client.branding)) expect(shown).toEqual(painted);
        else if (width >= 1024) {
          // The shell holds the header logo's full box (200 px): sized to the logo as the page does, it moved the largest
          // paint from the shell to the page (lighthouse: 2.3 s instead of 0.7 s). So beside a narrower logo the name starts
          // further along in the shell than on the page; its line, the card and the card's logo do not move. (Noted on issue 28.)
          expect({ logo: shown.logo, card: shown.card, nameAt: shown.name && { y: shown.name.y, height: shown.name.height } }).toEqual({
            logo: painted.logo,
            card: painted.card,
            nameAt: painted.name && { y: painted.name.y, height: painted.name.height },
          });
        }
        else {
          // On a phone the page's language menu takes part of the header, which the shell has no button for: the name
          // (and a logo beside it) may be narrower on the page. Where they start, and the card, do not move. (Noted on issue 27.)
          expect({ card: shown.card, logo: shown.logo && { x: shown.logo.x, y: shown.logo.y, height: shown.logo.height }, nameAt: shown.name?.y }).toEqual({
            card: painted.card,
            logo: painted.logo && { x: painted.logo.x, y: painted.logo.y, height: painted.logo.height },
            nameAt: painted.name?.y,
          });
        }
        await page.context().close();
      });
    }
  }

  it('a bare /login still starts at /authorize; an account page gets no shell', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const html = await (await fetch(`${portal.url}/profile`)).text();
    expect(html).not.toContain('boot-shell');
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(/\/login\?session_code=/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.locator('#boot-shell').count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("starts the app's scripts and data only after the shell has painted, its one inline script allowed by the CSP's hash", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(await handOff(GREEN));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const seen = await page.evaluate(() => ({
      paint: performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? null,
      app: performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.startsWith('/assets/'))
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
      violations: (window as unknown as { cspViolations: string[] }).cspViolations,
    }));
    expect(seen.paint).not.toBeNull();
    // The entry, React, the manifests, the first views and the locale file all came, each after the paint.
    expect(seen.app.length).toBeGreaterThanOrEqual(8);
    expect(seen.app.filter((r) => r.start < seen.paint!)).toEqual([]);
    expect(seen.violations).toEqual([]);
    expect(response!.headers()['content-security-policy']).toContain(`script-src 'self' ${BOOT_SCRIPT_SOURCE};`);
    await context.close();
  });
});
