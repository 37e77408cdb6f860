import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E, isKnownErrorCode } from '../../core/contract/errorCodes';
import { Client, createTestDatabase, DEMO_PASSWORD, signIn, startLogin, startServer, TEST_DATABASE_URL, type TestServer } from './harness';

let t: TestServer;
let configFile: string;
const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;

/** A raw GET with exactly these request headers (fetch would add and undo an encoding of its own). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}
beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(path.dirname(fs.mkdtempSync('/tmp/uid-dist-')), 'uid-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
  // What the build's precompress step writes beside a text asset.
  fs.writeFileSync(path.join(dist, 'assets', 'view-def.js'), BIG_JS);
  fs.writeFileSync(path.join(dist, 'assets', 'view-def.js.br'), brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(dist, 'assets', 'view-def.js.gz'), gzipSync(BIG_JS));
  fs.writeFileSync(path.join(dist, 'login-start.html'), '<html><head><meta name="csp-nonce" content="__CSP_NONCE__"><meta name="portal-app" content="__APP_ENTRY__"><script type="module" src="/assets/login-start-x.js"></script></head></html>');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  configFile = path.join(dist, 'portal.json');
  const api = { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } };
  fs.writeFileSync(configFile, JSON.stringify({ name: '</script><script>alert(1)</script>', api, plugins: {} }));
  t = await startServer({ distDir: dist, portalConfigFile: configFile });
});
afterAll(async () => t.close());

describe('SPA serving and headers', () => {
  it('serves index.html for SPA routes with a fresh nonce, strict CSP and the injected config', async () => {
    const c = new Client(t.base);
    const seen = new Set<string>();
    for (const p of ['/', '/login?session_code=x', '/token', '/invite', '/accountSetting/security', '/anything/else']) {
      const res = await c.get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.text)![1]!;
      expect(nonce).not.toBe('__CSP_NONCE__');
      expect(csp).toBe(`default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data: blob:; frame-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'self'; form-action 'self'`);
      seen.add(nonce);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.text).toContain('<script type="application/json" id="portal-config">{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","api":{"global":"/api","regions":{"Use":"/u","Aps":"/a","Euw":"/e"}},"plugins":{}}</script>');
    }
    expect(seen.size).toBe(6);
  });

  it('answers a bare /login with the start page (no app), and every other login address with the app', async () => {
    const c = new Client(t.base);
    // This deployment does not enable the authorize plugin: its code is never sent.
    expect((await c.get('/login')).text).not.toContain('login-start');
    const original = fs.readFileSync(configFile, 'utf8');
    const withAuthorize = JSON.parse(original) as { plugins: Record<string, unknown> };
    withAuthorize.plugins.authorize = { enabled: true };
    fs.writeFileSync(configFile, JSON.stringify(withAuthorize));
    fs.utimesSync(configFile, new Date(), new Date(Date.now() + 5000));
    try {
      await startPageChecks(c);
    } finally {
      fs.writeFileSync(configFile, original);
      fs.utimesSync(configFile, new Date(), new Date(Date.now() + 10_000));
    }
  });

  async function startPageChecks(c: Client): Promise<void> {
    for (const p of ['/login', '/login?lang=de_DE&return_to=%2FaccountSetting']) {
      const res = await c.get(p);
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.text)![1]!;
      expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.text).toContain('<script type="module" src="/assets/login-start-x.js">');
      // The app it falls back to, and the serve-time config it reads.
      expect(res.text).toContain('<meta name="portal-app" content="/assets/app-abc.js">');
      expect(res.text).toContain('<script type="application/json" id="portal-config">');
    }
    for (const p of ['/login?session_code=x', '/login?source=zendesk', '/login?module=register', '/']) {
      const res = await c.get(p);
      expect(res.text, p).toContain('src="/assets/app-abc.js"');
      expect(res.text, p).not.toContain('login-start');
    }
  }

  it("writes the branding call's answer for the address's session code into /login, as inert JSON that cannot close its element", async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const res = await c.get(`/login?session_code=${encodeURIComponent(sessionCode)}`);
    const written = /<script type="application\/json" id="login-page-info" data-session-code="([^"]*)">([^<]*)<\/script>/.exec(res.text);
    expect(written, 'the page info element').not.toBeNull();
    expect(written![1]).toBe(sessionCode);
    const api = await c.get(`/api/client/custom/banner-and-logo?sessionCode=${encodeURIComponent(sessionCode)}`);
    const { inlineImages, ...info } = JSON.parse(written![2]!) as { inlineImages: Record<string, string> };
    expect(info).toEqual((api.body as { result: unknown }).result);
    expect(typeof inlineImages).toBe('object');
    // Not for an address without a session code, nor for one too long to be one.
    expect((await c.get('/login?module=register')).text).not.toContain('login-page-info');
    expect((await c.get(`/login?session_code=${'x'.repeat(129)}`)).text).not.toContain('login-page-info');
    // A session code that tries to leave its attribute stays inside it.
    expect((await c.get('/login?session_code=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text).toContain('data-session-code="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('serves assets with a long cache and top-level files', async () => {
    const c = new Client(t.base);
    const js = await c.get('/assets/app-abc.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await c.get('/assets/missing.js')).status).toBe(404);
    expect((await c.get('/favicon.svg')).headers.get('content-type')).toMatch(/svg/);
  });

  it('sends the precompressed copy of an asset the browser accepts, brotli first, and says it varies', async () => {
    const url = `${t.base}/assets/view-def.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
    // An asset without copies is sent as it is.
    const small = await rawGet(`${t.base}/assets/app-abc.js`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1)');
  });

  it('compresses the page itself as the browser accepts (it is written per request)', async () => {
    const br = await rawGet(`${t.base}/profile`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const page = brotliDecompressSync(br.body).toString();
    expect(page).toContain('src="/assets/app-abc.js"');
    expect(page).not.toContain('__CSP_NONCE__');
    const gz = await rawGet(`${t.base}/profile`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.body).toString()).toContain('src="/assets/app-abc.js"');
    const plain = await rawGet(`${t.base}/profile`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('src="/assets/app-abc.js"');
  });

  it('marks API responses no-store and answers unknown API paths with JSON', async () => {
    const c = new Client(t.base);
    const res = await c.get('/api/redirect/allow-urls');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const unknown = await c.get('/api/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe(E.badRequest);
    expect((await c.post('/not-api')).status).toBe(404);
  });

  it('turns bad input into -10020/-10010 and never leaks a stack', async () => {
    const c = new Client(t.base);
    const missing = await c.post('/api/register/captcha', { email: 'x@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.errorCode).toBe(E.invalidParameter);
    const wrongType = await c.post('/api/login', { email: 5, password: [] }, { headers: { session_code: 'x' } });
    expect(wrongType.body.errorCode).toBe(E.invalidParameter);
    const badJson = await c.req('POST', '/api/login', { headers: { 'Content-Type': 'application/json' }, form: new URLSearchParams('{nope') as never });
    expect([E.badRequest, E.invalidParameter]).toContain(badJson.body.errorCode);
    const raw = await fetch(`${t.base}/api/refresh-token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"refreshToken":' });
    const rawBody = await raw.json();
    expect(raw.status).toBe(400);
    expect(rawBody.errorCode).toBe(E.badRequest);
    expect(JSON.stringify(rawBody)).not.toMatch(/at .*\.ts:\d+/);
    const weirdType = await fetch(`${t.base}/api/refresh-token`, { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: '<x/>' });
    expect((await weirdType.json()).errorCode).toBe(E.badRequest);
    const huge = await fetch(`${t.base}/api/refresh-token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refreshToken: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).errorCode).toBe(E.badRequest);
    const longHeader = await c.get('/api/user-info', { auth: `Bearer ${'x'.repeat(2000)}` });
    expect(longHeader.body.errorCode).toBe(E.invalidParameter);
  });

  it('serves every API route under the regional prefixes too', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const own = await c.get('/api/region/euw/user-info', { auth: true });
    expect(own.body.result).toMatchObject({ email: 'demo@example.com', region: 'Euw' });
    // Other regional hosts refuse the account (-19999); see hosts.test.ts.
    for (const r of ['use', 'aps']) expect((await c.get(`/api/region/${r}/user-info`, { auth: true })).body.errorCode).toBe(E.regionUnavailable);
    expect((await c.get('/api/region/xyz/user-info', { auth: true })).status).toBe(404);
  });

  it('provides the development mailbox as HTML and JSON', async () => {
    const c = new Client(t.base);
    await c.post('/api/auth/password-reset-request', { email: 'member@example.com' });
    const json = await c.get('/dev/mail.json?to=member@example.com');
    expect(json.body[0]).toMatchObject({ to: 'member@example.com', subject: 'Reset your Unified ID password' });
    expect(json.body[0].links[0]).toMatch(new RegExp(`^${t.base}/login\\?module=newPassword&lang=en_US&client=portal#token=`));
    const html = await c.get('/dev/mail');
    expect(html.text).toContain('Reset your Unified ID password');
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('refuses NUL characters anywhere in the input with -10020 (PostgreSQL cannot store them)', async () => {
    const c = new Client(t.base);
    const inBody = await c.post('/api/auth/password-reset-request', { email: 'a\u0000@example.com', language: 'en' });
    expect(inBody.status).toBe(400);
    expect(inBody.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'body/email' } });
    const nested = await c.post('/api/login', { email: 'demo@example.com', password: 'x\u0000' }, { headers: { session_code: 'x' } });
    expect(nested.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'body/password' } });
    const inQuery = await c.get('/api/authorize?client_id=%00&redirect_uri=x&response_type=code&code_challenge=abc&code_challenge_method=S256');
    expect(inQuery.status).toBe(400);
    expect(inQuery.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'querystring/client_id' } });
    // A core route's path (this server's config turns every plugin off, so a plugin's route would answer 403 first).
    const inPath = await c.get('/api/branding/logo%00.svg');
    expect(inPath.status).toBe(400);
    expect(inPath.body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'params/name' } });
    // The same calls without the NUL are served normally.
    expect((await c.get('/api/branding/logo.svg')).status).toBe(200);
  });

  it("answers 404 for a branding image named after an object's own properties, never 500", async () => {
    const c = new Client(t.base);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await c.get(`/api/branding/${name}`);
      expect([name, res.status, res.body.errorCode]).toEqual([name, 404, -10020]);
    }
  });

  it('serves the captcha test page (a same-origin frame parent) in development', async () => {
    const c = new Client(t.base);
    const page = await c.get('/demo-service/captcha-test.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self';.*frame-ancestors 'none'.*; frame-src 'self'$/);
    expect(page.text).toContain('<script src="/demo-service/captcha-test.js" defer></script>');
    const script = await c.get('/demo-service/captcha-test.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.text).toContain('event.source !== frame.contentWindow');
    // Other demo pages still embed nothing.
    expect((await c.get('/demo-service/')).headers.get('content-security-policy')).not.toContain('frame-src');
  });

  it('runs on the store the suite was started for', () => {
    expect(t.server.ctx.stores.dialect).toBe(TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('opens existing stores again: no second migration, data and demo summary kept', async () => {
    const database = TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : null;
    const dataDir = fs.mkdtempSync('/tmp/uid-reopen-');
    const options = { dataDir, ...(database ? { databaseUrl: database.url } : {}) };
    try {
      const first = await startServer(options);
      const demo = first.server.demo;
      expect(demo?.values.inviteCode).toBeTruthy();
      await first.server.ctx.region('Euw').updateTable('accounts').set({ nickname: 'kept' }).where('email', '=', 'demo@example.com').execute();
      await first.close();
      const second = await startServer(options);
      try {
        expect(second.server.demo).toEqual(demo);
        const c = new Client(second.base);
        await signIn(c, 'demo@example.com', DEMO_PASSWORD);
        expect((await c.get('/api/user-info', { auth: true })).body.result.nickname).toBe('kept');
        const directory = await second.server.ctx.stores.global.selectFrom('directory').select('email').execute();
        expect(directory.filter((r) => r.email === 'demo@example.com')).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses only codes of the catalogue', () => {
    for (const code of Object.values(E)) expect(isKnownErrorCode(code)).toBe(true);
    expect(isKnownErrorCode(-12345)).toBe(false);
  });
});

describe('production and limits', () => {
  it('has no development mailbox in production, sends HSTS on https and rate-limits', async () => {
    const t2 = await startServer({ production: true, testMode: false, seedDemo: false, publicOrigin: 'https://id.example.com', limits: { apiPerMinute: 5 } });
    try {
      const c = new Client(t2.base);
      expect((await c.get('/dev/mail.json')).status).toBe(503); // falls through to the (unbuilt) SPA
      expect((await c.get('/demo-service/captcha-test.html')).status).toBe(503); // development only
      expect((await c.get('/demo-service/captcha-test.js')).status).toBe(503);
      const res = await c.get('/api/redirect/allow-urls');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await c.get('/api/redirect/allow-urls')).body.errorCode ?? 0);
      expect(codes).toContain(E.rateLimited);
      const limited = await c.get('/api/redirect/allow-urls');
      expect(limited.status).toBe(429);
      expect(limited.body.result.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await t2.close();
    }
  });

  it('rate-limits sign-in attempts per client with -60001', async () => {
    const t3 = await startServer({ seedDemo: false, limits: { authPerMinute: 3 } });
    try {
      const c = new Client(t3.base);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await c.post('/api/login', { email: 'a@example.com', password: 'x', source: 'zendesk' })).body.errorCode);
      expect(codes[3]).toBe(E.rateLimited);
      t3.clock.advance(61_000);
      expect((await c.post('/api/login', { email: 'a@example.com', password: 'x', source: 'zendesk' })).body.errorCode).toBe(E.wrongCredentials);
    } finally {
      await t3.close();
    }
  });

  it('refuses testMode in production', async () => {
    const { buildServer } = await import('../app');
    await expect(buildServer({ production: true, testMode: true })).rejects.toThrow(/testMode/);
  });
});
