/**
 * The demo connected service as the server serves it: the OpenID Connect page (oidc-client-ts and
 * jose from node_modules, settings as data attributes), the spec hand-off page, the demo's
 * registration with the OpenID provider (a public client: PKCE, exact redirect URIs), and the
 * revocation answer oidc-client-ts accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const get = (path: string) => fetch(`${t.base}${path}`, { redirect: 'manual' });

describe('the demo service pages', () => {
  it('serves the OpenID Connect page with its settings and scripts, under the strict page CSP', async () => {
    for (const path of ['/demo-service/', '/demo-service/signin-callback']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`data-authority="${t.base}/api/oidc" data-client-id="demo-service" data-redirect-uri="${t.base}/demo-service/signin-callback" data-home="${t.base}/demo-service/"`);
      expect(html).toContain('<script src="/demo-service/vendor/oidc-client-ts.min.js" defer></script><script type="module" src="/demo-service/service.mjs"></script>');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'self'; .*connect-src 'self'; form-action 'self'; frame-ancestors 'none'/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const script = await get('/demo-service/service.mjs');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("import('./vendor/jose/index.js')");
  });

  it('serves oidc-client-ts and jose as their packages ship them, and nothing else from node_modules', async () => {
    const bundle = await get('/demo-service/vendor/oidc-client-ts.min.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await bundle.text()).toMatch(/^"use strict";var oidc=/);
    const jose = await get('/demo-service/vendor/jose/jwt/verify.js');
    expect(jose.status).toBe(200);
    expect(await jose.text()).toContain('async function jwtVerify(jwt, key, options)');
    for (const path of ['/demo-service/vendor/package.json', '/demo-service/vendor/oidc-client-ts.js', '/demo-service/vendor/jose/']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('keeps the spec hand-off page and its callback', async () => {
    const page = await get('/demo-service/handoff/');
    expect(await page.text()).toContain('<script src="/demo-service/handoff.js" defer></script>');
    expect(await (await get('/demo-service/callback')).text()).toContain('/demo-service/handoff.js');
    expect(await (await get('/demo-service/handoff.js')).text()).toContain("client_id: 'demo-service'");
  });
});

describe('the demo service as an OpenID client', () => {
  const authorize = (params: Record<string, string>) =>
    get(`/api/oidc/auth?${new URLSearchParams({ client_id: 'demo-service', response_type: 'code', scope: 'openid profile email', state: 'st', ...params })}`);
  const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('is a public client: PKCE S256 required, its redirect URIs matched exactly', async () => {
    const redirect = `${t.base}/demo-service/signin-callback`;
    const withPkce = await authorize({ redirect_uri: redirect, code_challenge: CHALLENGE, code_challenge_method: 'S256' });
    expect(withPkce.status).toBe(303);
    expect(new URL(withPkce.headers.get('location')!, t.base).pathname).toMatch(/^\/api\/oidc\/interaction\//);

    const withoutPkce = await authorize({ redirect_uri: redirect });
    const refused = new URL(withoutPkce.headers.get('location')!);
    expect(`${refused.origin}${refused.pathname}`).toBe(redirect);
    expect(refused.searchParams.get('error')).toBe('invalid_request');

    const offByOne = await authorize({ redirect_uri: `${redirect}/`, code_challenge: CHALLENGE, code_challenge_method: 'S256' });
    // Never to the unregistered address: the portal's own problem page says what went wrong.
    expect(offByOne.status).toBe(303);
    expect(new URL(offByOne.headers.get('location')!).pathname).toBe('/sign-in-problem');
    expect(offByOne.headers.get('location')).not.toContain('signin-callback');
  });

  it('answers a browser app from the origin of its redirect URIs, and refuses other origins', async () => {
    const revoke = (origin: string) =>
      fetch(`${t.base}/api/oidc/token/revocation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: new URLSearchParams({ client_id: 'demo-service', token: 'not-a-token' }),
      });
    const own = await revoke(t.base);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(t.base);
    const other = await revoke('https://elsewhere.example');
    expect(other.status).toBe(400);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await other.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('answers a revocation with an empty 200 without a content type (oidc-client-ts refuses text/plain)', async () => {
    const res = await fetch(`${t.base}/api/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ client_id: 'demo-service', token: 'not-a-token', token_type_hint: 'refresh_token' }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-type')).toBeNull();
  });
});
