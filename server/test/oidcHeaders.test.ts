/**
 * The OpenID provider's answers (a Koa app the server hands the raw request to) carry the server's
 * security headers like every other answer, and are built from PUBLIC_ORIGIN, never from the
 * request's Host or X-Forwarded-* headers (issue 26).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, clientConfig } from './oidcBrowser';
import { Client, startServer, type TestServer } from './harness';

const CALLBACK = 'https://rp.example/callback';
const SECRET = crypto.randomBytes(32).toString('base64url');
const clients = [{ id: 'rp', name: 'RP', redirectUris: [CALLBACK], secret: SECRET }];

/** A GET with headers fetch would not send as given (Host). */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
  });
}

function expectSecurityHeaders(headers: Headers | http.IncomingHttpHeaders, hsts: boolean) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined)) ?? null;
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  if (hsts) expect(get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
}

describe('the security headers of the provider answers', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ clients });
  });
  afterAll(async () => t.close());

  it('on discovery (both addresses), the keys, the token endpoint and authorization errors', async () => {
    const c = new Client(t.base);
    for (const path of ['/api/oidc/.well-known/openid-configuration', '/.well-known/openid-configuration', '/api/oidc/jwks']) {
      const res = await c.get(path, { portal: false });
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res.headers, false);
    }
    const token = await c.post('/api/oidc/token', undefined, { portal: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(token.status).toBe(400);
    expectSecurityHeaders(token.headers, false);
    // An unknown client (the portal's problem page) and a request error that goes back to the client.
    const unknown = await c.get('/api/oidc/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fx.example%2F', { portal: false });
    expect(unknown.status).toBe(303);
    expectSecurityHeaders(unknown.headers, false);
    const refused = await c.get(`/api/oidc/auth?client_id=rp&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(CALLBACK)}&prompt=bogus`, { portal: false });
    expect(refused.headers.get('location')).toMatch(/^https:\/\/rp\.example\/callback\?error=invalid_request/);
    expectSecurityHeaders(refused.headers, false);
  });

  it('on the form_post page: its one inline script allowed by its hash, no other script', async () => {
    const config = await clientConfig(t, 'rp', oidc.ClientSecretBasic(SECRET), SECRET);
    const { visit } = await authorize(t, config, new Client(t.base), CALLBACK, { response_mode: 'form_post' });
    if (visit.kind !== 'other') throw new Error(`expected the form_post page, got ${visit.kind}`);
    expect(visit.res.status).toBe(200);
    expect(visit.res.text).toContain(`action="${CALLBACK}"`);
    expectSecurityHeaders(visit.res.headers, false);
    const scripts = [...visit.res.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const hash = crypto.createHash('sha256').update(scripts[0]!).digest('base64');
    const scriptSrc = visit.res.headers.get('content-security-policy')!.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'sha256-${hash}'`);
  });

  it('a forged Host (or X-Forwarded-Host) does not change discovery', async () => {
    const honest = JSON.parse((await rawGet(t.base, '/api/oidc/.well-known/openid-configuration', {})).text) as Record<string, unknown>;
    expect(honest.authorization_endpoint).toBe(`${t.base}/api/oidc/auth`);
    for (const headers of [{ Host: 'evil.example' }, { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
      const forged = await rawGet(t.base, '/api/oidc/.well-known/openid-configuration', headers);
      expect(forged.status).toBe(200);
      expect(JSON.parse(forged.text)).toEqual(honest);
    }
  });
});

describe('an https PUBLIC_ORIGIN reached over plain http (TLS ends at a proxy, TRUST_PROXY unset)', () => {
  const origin = 'https://id.example.test';
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ clients, publicOrigin: origin, helpdesk: { returnOrigins: [origin] } });
  });
  afterAll(async () => t.close());

  it('discovery names https endpoints, with HSTS', async () => {
    const res = await rawGet(t.base, '/api/oidc/.well-known/openid-configuration', {});
    const discovery = JSON.parse(res.text) as Record<string, string>;
    expect(discovery.issuer).toBe(`${origin}/api/oidc`);
    for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'userinfo_endpoint', 'end_session_endpoint']) expect(discovery[name], name).toMatch(/^https:\/\/id\.example\.test\/api\/oidc\//);
    expectSecurityHeaders(res.headers, true);
  });

  it("the provider's cookies carry Secure", async () => {
    const res = await rawGet(t.base, `/api/oidc/auth?client_id=rp&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(CALLBACK)}`, {});
    expect(res.status).toBe(303);
    const cookies = res.headers['set-cookie'] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*secure/i);
  });
});
