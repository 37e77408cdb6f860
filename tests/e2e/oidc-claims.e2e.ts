/**
 * Issue 26: a service asking, with the `claims` parameter, for a claim outside the scope it asked
 * for (and outside those it is registered for) gets its code once, in Chromium: no loop between
 * the provider's authorization and interaction. Also by `form_post`, whose page submits itself
 * with an inline script the provider's CSP allows by its hash alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authorizationRequest } from '../support/oidcRequest';
import { launchChromium } from '../support/browser';
import { startPortal, type RunningPortal } from '../support/portal';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-2024' };
// The service's callback: what it was sent (query or form post), and how often.
const arrivals: { method: string; params: URLSearchParams }[] = [];
const service = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    // Only the callback (a browser also asks this origin for its favicon).
    if (req.url?.startsWith('/callback')) arrivals.push({ method: req.method ?? '', params: new URLSearchParams(req.method === 'POST' ? body : new URL(req.url ?? '/', 'http://x').search) });
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('back at the service');
  });
});
let CALLBACK = '';

let browser: Browser;
let portal: RunningPortal;
const dir = mkdtempSync(path.join(tmpdir(), 'uid-oidc-claims-e2e-'));
beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  CALLBACK = `http://127.0.0.1:${(service.address() as { port: number }).port}/callback`;
  const clientsFile = path.join(dir, 'clients.json');
  writeFileSync(clientsFile, JSON.stringify([{ id: 'narrow', name: 'Narrow', redirectUris: [CALLBACK], scopes: ['openid'] }]));
  browser = await launchChromium();
  portal = await startPortal({ env: { CLIENTS_FILE: clientsFile } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => service.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it.each([['query'], ['form_post']])('a claim outside the scope (response_mode=%s): the code, once, and no email', async (responseMode) => {
  arrivals.length = 0;
  const config = await oidc.discovery(new URL(`${portal.url}/api/oidc`), 'narrow', undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
  const { url, verifier, state, nonce } = await authorizationRequest(config, CALLBACK, {
    scope: 'openid',
    claims: JSON.stringify({ userinfo: { email: null } }),
    ...(responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  let authorizations = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/oidc/auth')) authorizations++;
  });
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto(url.toString());
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  await page.getByLabel(/^Password/).press('Enter');
  await page.waitForURL(`${CALLBACK}**`);
  await expect.poll(() => arrivals.length).toBe(1);
  // The request and its one resumption after the sign-in: never a round more.
  expect(authorizations).toBeLessThanOrEqual(2);
  expect(blocked).toEqual([]);
  const [arrival] = arrivals;
  expect(arrival!.method).toBe(responseMode === 'form_post' ? 'POST' : 'GET');
  const callback = new URL(CALLBACK);
  callback.search = arrival!.params.toString();
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
  expect(userinfo.email).toBeUndefined();
  await context.close();
});
