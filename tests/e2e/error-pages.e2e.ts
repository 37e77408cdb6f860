/**
 * Every error a browser can land on is a page of the portal, in Chromium: each class of bad
 * request to the spec's hand-off (`GET /api/authorize`) and the help desk's refused `return_to`
 * end on the portal's sign-in problem page, in the asked language, without request text, with a
 * way on that works (back to the service where it is known, else a fresh sign-in; and support).
 */
import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const service = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('the service home page'));
let SERVICE = '';

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  SERVICE = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
  browser = await launchChromium();
  portal = await startPortal({ clients: [{ id: 'shop', name: 'Shop', redirectUris: [`${SERVICE}/callback`], serviceUrl: `${SERVICE}/home` }] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => service.close(resolve));
});

/** A well-formed hand-off request of the shop, with `change` applied (undefined: left out). */
function authorize(change: Record<string, string | undefined>): string {
  const q = new URLSearchParams({ client_id: 'shop', redirect_uri: `${SERVICE}/callback`, response_type: 'code', code_challenge: 'A'.repeat(43), code_challenge_method: 'S256', state: 'INJECTED-state' });
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined) q.delete(k);
    else q.set(k, v);
  }
  return `${portal.url}/api/authorize?${q}`;
}

/** Opens `url` as a typed address would and waits for the problem page; no JSON, no request text. */
async function landOnProblemPage(url: string, heading: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForURL(`${portal.url}/sign-in-problem?**`);
  await page.getByRole('heading', { name: heading }).waitFor();
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toContain('errorCode');
  expect(text).not.toContain('INJECTED');
  expect(text).not.toContain('evil');
  return page;
}

describe('a bad /api/authorize request in the browser', () => {
  const toService: Array<[string, Record<string, string | undefined>, RegExp]> = [
    ['a redirect URI the client did not register', { redirect_uri: 'https://evil.example/cb' }, /return address this portal does not allow/],
    ['a response type other than code', { response_type: 'token' }, /kind of sign-in this portal does not offer/],
    ['a scope the portal does not grant', { scope: 'openid admin' }, /access this portal does not grant/],
    ['no PKCE', { code_challenge: undefined, code_challenge_method: undefined }, /did not secure its sign-in request/],
    ['PKCE plain', { code_challenge_method: 'plain' }, /did not secure its sign-in request/],
  ];

  it.each(toService)('%s: the problem page says so and goes back to the service', async (_name, change, words) => {
    const page = await landOnProblemPage(authorize(change), 'Sign-in could not be completed');
    expect(await page.getByRole('alert').textContent()).toMatch(words);
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('https://support.unified-id.example');
    await page.getByRole('button', { name: 'Back to the service' }).click();
    await page.waitForURL(`${SERVICE}/home`);
    expect(await page.locator('body').textContent()).toBe('the service home page');
    await page.close();
  });

  it.each([
    ['an unknown client', { client_id: 'INJECTED-client' }, /not registered with this portal/],
    ['a parameter over its limit', { state: `INJECTED${'x'.repeat(600)}` }, /sign-in request this portal cannot accept/],
  ] as const)('%s: the problem page says so and starts a sign-in afresh', async (_name, change, words) => {
    const page = await landOnProblemPage(authorize(change), 'Sign-in could not be completed');
    expect(await page.getByRole('alert').textContent()).toMatch(words);
    expect(await page.getByRole('button', { name: 'Back to the service' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Start again' }).click();
    await page.waitForURL(/\/login\?session_code=/);
    await page.close();
  });

  it("in the request's language", async () => {
    const page = await landOnProblemPage(authorize({ scope: 'admin', lang: 'de_DE' }), 'Die Anmeldung konnte nicht abgeschlossen werden');
    expect(await page.getByRole('alert').textContent()).toContain('Zugriff');
    await page.getByRole('button', { name: 'Zurück zum Dienst' }).click();
    await page.waitForURL(`${SERVICE}/home`);
    await page.close();
  });
});

describe("the help desk's hand-off with a return_to it may not follow", () => {
  it('ends on the problem page (Arabic, right to left) with the way back to the help desk', async () => {
    const page = await landOnProblemPage(`${portal.url}/api/helpdesk/sso?brand_id=1&return_to=${encodeURIComponent('https://evil.example/INJECTED')}&lang=ar_SA`, 'تعذّر إكمال تسجيل الدخول');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByRole('alert').textContent()).toContain('حفاظًا على أمانك');
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      const box = await page.getByRole('button', { name: 'العودة إلى الخدمة' }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    // The demo's help desk is served from the portal's own origin: back there, which signs in afresh.
    await page.getByRole('button', { name: 'العودة إلى الخدمة' }).click();
    await page.waitForURL(/\/login\?session_code=/);
    await page.close();
  });
});
