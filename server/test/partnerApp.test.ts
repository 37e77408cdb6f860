import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { DevAppSignInResult } from '../../core/contract/partnerApp';
import { appConfigFor } from '../http/appConfig';
import { parseAppConfigs } from '../options';
import { Client, DEMO_PASSWORD, signIn, startServer, type TestServer } from './harness';

let t: TestServer;
let dist: string;
const files = { partner_app_android: '', partner_app_ios: '', web: '' };

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-app-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body></body></html>');
  for (const name of ['partner_app_android', 'partner_app_ios', 'web'] as const) {
    files[name] = path.join(dist, `${name}.json`);
    const api = { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } };
    // Security is on in the apps: a joined web view lists the account's sessions with the app's token.
    const app = { variant: 'app', plugins: { 'partner-app': { enabled: true, config: { appType: name } }, security: { enabled: true } } };
    fs.writeFileSync(files[name], JSON.stringify({ name, api, ...(name === 'web' ? { plugins: {} } : app) }));
  }
  t = await startServer({ distDir: dist, portalConfigFile: files.web, appConfigFiles: { partner_app_android: files.partner_app_android, partner_app_ios: files.partner_app_ios } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function appSignIn(c: Client, appType: string, email = 'demo@example.com'): Promise<DevAppSignInResult> {
  const res = await c.post('/dev/app-sign-in', { email, password: DEMO_PASSWORD, appType });
  expect(res.status, res.text).toBe(200);
  return res.body as DevAppSignInResult;
}

const ssoCookieOf = (c: Client) => [...c.cookies.keys()].find((k) => k !== 'uid_app');

describe('POST /app/session', () => {
  it("binds the web view to the app's sign-in session with an HttpOnly cookie", async () => {
    const app = new Client(t.base);
    const tokens = await appSignIn(app, 'partner_app_android');
    expect(app.cookies.size).toBe(0); // the app's own sign-in sets no cookie: its HTTP client is not the web view

    const view = new Client(t.base);
    expect((await view.post('/api/logged')).body.result.loggedIn).toBe(false);
    const res = await view.post('/api/app/session', { appType: 'partner_app_android', sessionId: tokens.sessionId }, { auth: `Bearer ${tokens.accessToken}` });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toMatchObject({ region: 'Euw', accountId: expect.any(String) });
    expect(res.body.result.expiresIn).toBeGreaterThan(3000);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/api/);
    expect(setCookie).not.toContain(tokens.accessToken);
    expect((await view.post('/api/logged')).body.result).toMatchObject({ loggedIn: true, email: 'demo@example.com' });

    // One device in the session list: the web view joined the app's session, it did not add one.
    const id = res.body.result.accountId as string;
    view.accessToken = tokens.accessToken;
    const sessions = (await view.get(`/api/account/${id}/sessions`, { auth: true })).body.result.sessions as Array<{ sessionId: string; current: boolean }>;
    expect(sessions.filter((s) => s.sessionId === tokens.sessionId)).toHaveLength(1);

    // Revoking the session (the app signs out) ends the web view's cookie too.
    await app.post('/api/logout', undefined, { auth: `Bearer ${tokens.accessToken}` });
    expect((await view.post('/api/logged')).body.result.loggedIn).toBe(false);
  });

  it('the regional host of the account answers too', async () => {
    const app = new Client(t.base);
    const tokens = await appSignIn(app, 'partner_app_ios');
    const res = await new Client(t.base).post('/api/region/euw/app/session', { appType: 'partner_app_ios', sessionId: tokens.sessionId }, { auth: `Bearer ${tokens.accessToken}` });
    expect(res.body.result.region).toBe('Euw');
  });

  it("refuses another app's token, a web token, a foreign session id and a bad token", async () => {
    const app = new Client(t.base);
    const android = await appSignIn(app, 'partner_app_android');
    const view = new Client(t.base);
    const otherApp = await view.post('/api/app/session', { appType: 'partner_app_ios', sessionId: android.sessionId }, { auth: `Bearer ${android.accessToken}` });
    expect([otherApp.status, otherApp.body.errorCode]).toEqual([403, E.invalidClient]);

    const web = new Client(t.base);
    await signIn(web, 'demo@example.com', DEMO_PASSWORD);
    const webToken = await view.post('/api/app/session', { appType: 'partner_app_android', sessionId: android.sessionId }, { auth: `Bearer ${web.accessToken}` });
    // The web config turns the partner-app plugin off for the web, so the switch refuses before the client check would.
    expect([webToken.status, webToken.body.errorCode, webToken.body.result]).toEqual([403, E.regionUnavailable, { plugin: 'partner-app', offIn: 'Euw', appType: null }]);

    const second = await appSignIn(app, 'partner_app_android');
    const foreign = await view.post('/api/app/session', { appType: 'partner_app_android', sessionId: second.sessionId }, { auth: `Bearer ${android.accessToken}` });
    expect([foreign.status, foreign.body.errorCode]).toEqual([403, E.invalidToken]);

    const bad = await view.post('/api/app/session', { appType: 'partner_app_android', sessionId: android.sessionId }, { auth: 'Bearer Euw.not-a-token' });
    expect(bad.status).toBe(401);
    const unknownApp = await view.post('/api/app/session', { appType: 'partner_app_windows', sessionId: android.sessionId }, { auth: `Bearer ${android.accessToken}` });
    expect(unknownApp.body.errorCode).toBe(E.invalidParameter);
    expect(ssoCookieOf(view)).toBeUndefined();
    expect((await view.post('/api/logged')).body.result.loggedIn).toBe(false);
  });

  it('an expired access token is refused until the app refreshes it', async () => {
    const app = new Client(t.base);
    const tokens = await appSignIn(app, 'partner_app_android');
    t.clock.advance(16 * 60_000);
    const view = new Client(t.base);
    const expired = await view.post('/api/app/session', { appType: 'partner_app_android', sessionId: tokens.sessionId }, { auth: `Bearer ${tokens.accessToken}` });
    expect([expired.status, expired.body.errorCode]).toEqual([401, E.tokenExpired]);
    const fresh = (await app.post('/api/refresh-token', { refreshToken: tokens.refreshToken })).body.result;
    const res = await view.post('/api/app/session', { appType: 'partner_app_android', sessionId: tokens.sessionId }, { auth: `Bearer ${fresh.accessToken}` });
    expect(res.status, res.text).toBe(200);
  });
});

describe('POST /dev/app-sign-in', () => {
  it('runs the real password check', async () => {
    const c = new Client(t.base);
    const wrong = await c.post('/dev/app-sign-in', { email: 'demo@example.com', password: 'Wrong-pass-1', appType: 'partner_app_android' });
    expect(wrong.body.errorCode).toBe(E.wrongCredentials);
    const tokens = await appSignIn(c, 'partner_app_android');
    c.accessToken = tokens.accessToken;
    expect((await c.get('/api/user-info', { auth: true })).body.result.email).toBe('demo@example.com');
  });
});

describe('the app simulator page', () => {
  it('is served in development with a strict CSP and its own script', async () => {
    const c = new Client(t.base);
    const page = await c.get('/dev/app-simulator');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-src 'self'");
    expect(page.text).toContain('<script src="/dev/app-simulator.js" defer></script>');
    expect(page.text).not.toMatch(/<script>(?!<)/);
    const script = await c.get('/dev/app-simulator.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.text).toContain('UnifiedIdAndroid');
  });

  it('does not exist in production', async () => {
    const prod = await startServer({ production: true, testMode: false, seedDemo: false, publicOrigin: 'https://id.example.com' });
    try {
      const c = new Client(prod.base);
      expect((await c.get('/dev/app-simulator')).text).not.toContain('Partner app simulator');
      expect((await c.post('/dev/app-sign-in', { email: 'demo@example.com', password: DEMO_PASSWORD, appType: 'partner_app_android' })).status).not.toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('the config a page gets', () => {
  const configOf = (text: string) => /id="portal-config">([^<]*)</.exec(text)?.[1];
  const nameOf = (html: string) => (JSON.parse(configOf(html) ?? 'null') as { name: string } | null)?.name;

  it("is the app's own for its appType, an app config for any other appType, the web one otherwise", async () => {
    const c = new Client(t.base);
    expect(nameOf((await c.get('/accountSetting?appType=partner_app_android')).text)).toBe('partner_app_android');
    expect(nameOf((await c.get('/accountSetting?appType=partner_app_ios')).text)).toBe('partner_app_ios');
    expect(nameOf((await c.get('/accountSetting?appType=partner_app_windows')).text)).toBe('partner_app_android');
    expect(nameOf((await c.get('/accountSetting')).text)).toBe('web');
    // A reload without the query: the launch cookie.
    c.cookies.set('uid_app', encodeURIComponent('appType=partner_app_ios&locale=de_DE'));
    expect(nameOf((await c.get('/accountSetting/security')).text)).toBe('partner_app_ios');
  });

  it('pages are served with no-referrer: an address with tokens never leaks through a Referer', async () => {
    const c = new Client(t.base);
    expect((await c.get('/accountSetting?appType=partner_app_android&accessToken=x')).headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('appConfigFor and PORTAL_APP_CONFIGS', () => {
    const map = { partner_app_android: '/a.json', partner_app_ios: '/i.json' };
    expect(appConfigFor(map, new URLSearchParams('appType=partner_app_ios'), undefined)).toBe('/i.json');
    expect(appConfigFor(map, new URLSearchParams('appType=x'), undefined)).toBe('/a.json');
    expect(appConfigFor({}, new URLSearchParams('appType=partner_app_ios'), undefined)).toBeUndefined();
    expect(appConfigFor(map, new URLSearchParams(''), 'uid_app=appType%3Dpartner_app_android')).toBe('/a.json');
    expect(appConfigFor(map, new URLSearchParams(''), 'uid_app=appType%3Dbogus')).toBeUndefined();
    expect(appConfigFor(map, new URLSearchParams(''), undefined)).toBeUndefined();
    expect(parseAppConfigs('partner_app_android=config/app-android.json, partner_app_ios=/x/ios.json')).toEqual({ partner_app_android: path.resolve('config/app-android.json'), partner_app_ios: '/x/ios.json' });
    expect(() => parseAppConfigs('partner_app_web=x.json')).toThrow(/PORTAL_APP_CONFIGS/);
  });
});
