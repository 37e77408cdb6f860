/**
 * Cross-site request forgery in real Chromium: a page served from another origin of the same
 * site (another port of 127.0.0.1, so SameSite=Lax does not keep the SSO cookie off its posts)
 * submits forms and no-cors fetches to the portal's /api/logout and /api/login. The victim
 * stays signed in and is never signed into the attacker's account.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';
import { seedTokens, signInThroughApi } from '../support/signIn';

const VICTIM = { email: 'demo@example.com', password: 'Demo-pass-2024' };
const ATTACKER = { email: 'member@example.com', password: 'Demo-pass-2024' };

let browser: Browser;
let portal: RunningPortal;
let evil: http.Server;
let evilUrl: string;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An auto-submitting form of the attacker's page. */
function formPage(action: string, fields: Record<string, string>, enctype = 'application/x-www-form-urlencoded'): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><title>Win a prize</title><form method="POST" action="${escapeHtml(action)}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`;
}

/** A page that fires no-cors fetches (no custom header possible) and reports when they are done. */
function fetchPage(calls: Array<{ url: string; body: string }>): string {
  const script = `Promise.allSettled(${JSON.stringify(calls)}.map(function (c) {
    return fetch(c.url, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: c.body });
  })).then(function () { document.title = 'done'; });`;
  return `<!doctype html><title>loading</title><script>${script}</script>`;
}

beforeAll(async () => {
  browser = await launchChromium();
  portal = await startPortal();
  const api = `${portal.url}/api`;
  const pages: Record<string, string> = {
    '/logout-form': formPage(`${api}/logout`, { email: VICTIM.email }),
    '/logout-multipart': formPage(`${api}/logout`, {}, 'multipart/form-data'),
    '/login-form': formPage(`${api}/login`, { email: ATTACKER.email, password: ATTACKER.password, source: 'zendesk' }),
    '/login-text': formPage(`${api}/login`, { [`{"email":"${ATTACKER.email}","password":"${ATTACKER.password}","source":"zendesk","x":"`]: '"}' }, 'text/plain'),
    '/no-cors': fetchPage([
      { url: `${api}/logout`, body: '' },
      { url: `${api}/login`, body: JSON.stringify({ ...ATTACKER, source: 'zendesk' }) },
    ]),
  };
  evil = http.createServer((req, res) => {
    const page = pages[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => evil?.close(resolve));
  await portal?.stop();
});

async function whoIsSignedIn(context: BrowserContext): Promise<string | null> {
  const res = await context.request.post(`${portal.url}/api/logged`);
  const body = (await res.json()) as { result: { loggedIn: boolean; email?: string } };
  return body.result.loggedIn ? body.result.email! : null;
}

/** Opens the attacker's page and waits for its form to land on the portal; the portal's answer. */
async function submitForm(page: Page, path: string, target: string): Promise<{ status: number; errorCode?: number }> {
  const landed = page.waitForResponse((res) => res.url().startsWith(`${portal.url}${target}`));
  await page.goto(`${evilUrl}${path}`);
  const res = await landed;
  const body = (await res.json()) as { errorCode?: number };
  return { status: res.status(), errorCode: body.errorCode };
}

describe('cross-site request forgery against the SSO cookie', () => {
  it('a form or no-cors post of another origin to /api/logout leaves the victim signed in', async () => {
    const context = await browser.newContext();
    const tokens = await signInThroughApi(context, portal.url, VICTIM.email, VICTIM.password);
    const page = await context.newPage();
    expect(await whoIsSignedIn(context)).toBe(VICTIM.email);

    expect(await submitForm(page, '/logout-form', '/api/logout')).toEqual({ status: 403, errorCode: E.badRequest });
    expect(await submitForm(page, '/logout-multipart', '/api/logout')).toEqual({ status: 403, errorCode: E.badRequest });
    await page.goto(`${evilUrl}/no-cors`);
    await page.waitForFunction(() => document.title === 'done');
    expect(await whoIsSignedIn(context)).toBe(VICTIM.email);

    // The portal itself still works for the victim: the account page shows them.
    await seedTokens(page, portal.url, tokens);
    await page.goto(`${portal.url}/accountSetting/account`);
    await page.getByRole('heading', { name: 'Your Unified ID account' }).waitFor();
    expect(await page.getByText(VICTIM.email).first().isVisible()).toBe(true);
    await context.close();
  });

  it("a form post of another origin to /api/login does not sign the visitor into the attacker's account", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect(await submitForm(page, '/login-form', '/api/login')).toEqual({ status: 403, errorCode: E.badRequest });
    expect(await submitForm(page, '/login-text', '/api/login')).toEqual({ status: 403, errorCode: E.badRequest });
    await page.goto(`${evilUrl}/no-cors`);
    await page.waitForFunction(() => document.title === 'done');
    expect(await whoIsSignedIn(context)).toBeNull();
    expect((await context.cookies(portal.url)).map((c) => c.name)).not.toContain('uid_sso');
    // Opening the portal asks for a sign-in instead of entering the attacker's account.
    await page.goto(`${portal.url}/`);
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it("a signed-in victim stays themselves after the attacker's login form", async () => {
    const context = await browser.newContext();
    await signInThroughApi(context, portal.url, VICTIM.email, VICTIM.password);
    const page = await context.newPage();
    expect(await submitForm(page, '/login-form', '/api/login')).toEqual({ status: 403, errorCode: E.badRequest });
    expect(await whoIsSignedIn(context)).toBe(VICTIM.email);
    await context.close();
  });
});
