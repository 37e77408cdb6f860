import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../options';
import { Client, startLogin, startServer, type TestServer } from './harness';

const api = { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } };
let t: TestServer;
let dir: string;
let configFile: string;
let clientsFile: string;
const warnings: string[] = [];

/** Write a file and give it a later mtime than before, so the change is seen even within one clock tick. */
function rewrite(file: string, content: string): void {
  const before = fs.statSync(file).mtimeMs;
  fs.writeFileSync(file, content);
  const later = new Date(Math.max(before + 2000, Date.now()));
  fs.utimesSync(file, later, later);
}

const servedName = async () => {
  const html = (await new Client(t.base).get('/login')).text;
  return (JSON.parse(/id="portal-config">([^<]*)</.exec(html)![1]!) as { name: string }).name;
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-reload-'));
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  configFile = path.join(dir, 'portal.json');
  fs.writeFileSync(configFile, JSON.stringify({ name: 'first', api, plugins: {} }));
  clientsFile = path.join(dir, 'clients.json');
  fs.writeFileSync(clientsFile, '[]');
  // Not vi.spyOn: the config restores mocks after each test, and the server warns across tests.
  console.warn = (message: string) => void warnings.push(message);
  t = await startServer({ distDir: dist, portalConfigFile: configFile, clientsFile, appConfigFiles: {} });
});
const originalWarn = console.warn;
afterAll(async () => {
  console.warn = originalWarn;
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('config files changed while the server runs', () => {
  it('a bad edit is refused and logged; the last good config goes on being served', async () => {
    expect(await servedName()).toBe('first');
    rewrite(configFile, JSON.stringify({ name: 'broken', api, plugins: { 'sign-inn': { enabled: true } } }));
    expect(await servedName()).toBe('first');
    expect(await servedName()).toBe('first');
    const refused = warnings.filter((w) => w.includes('refused the edit'));
    expect(refused).toEqual([`config: refused the edit of ${configFile}: field 'plugins.sign-inn': is not a plugin (a folder under plugins/); did you mean 'sign-in'?; still serving the last good version`]);

    rewrite(configFile, '{ "name": "half-saved", ');
    expect(await servedName()).toBe('first');
    const res = await new Client(t.base).get('/login');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('a good edit is served without a restart', async () => {
    rewrite(configFile, JSON.stringify({ name: 'second', api, plugins: {} }));
    expect(await servedName()).toBe('second');
    expect(warnings.at(-1)).toBe(`config: ${configFile} changed; now serving the new version`);
  });

  it('CLIENTS_FILE: a new valid client works without a restart; a bad edit leaves the clients as they were', async () => {
    const c = new Client(t.base);
    const shop = { id: 'shop', name: 'Shop', redirectUris: ['http://127.0.0.1:9/shop/cb'] };
    await expect(startLogin(c, { clientId: 'shop', redirectUri: shop.redirectUris[0] })).rejects.toThrow(/authorize: 400/);
    rewrite(clientsFile, JSON.stringify([shop]));
    await vi.waitFor(() => startLogin(c, { clientId: 'shop', redirectUri: shop.redirectUris[0] }), { timeout: 5000, interval: 200 });

    rewrite(clientsFile, JSON.stringify([{ ...shop, redirectUris: ['not a url'] }]));
    await vi.waitFor(() => expect(warnings.some((w) => w.includes(`refused the edit of ${clientsFile}: field '[0].redirectUris[0]'`))).toBe(true), { timeout: 5000, interval: 100 });
    await startLogin(c, { clientId: 'shop', redirectUri: shop.redirectUris[0] });
  });

  it("CLIENTS_FILE: a new client's logo host joins the page's img-src; a logo the CSP would block is refused", async () => {
    const shop = { id: 'shop', name: 'Shop', redirectUris: ['http://127.0.0.1:9/shop/cb'] };
    const csp = async () => (await new Client(t.base).get('/login')).headers.get('content-security-policy') ?? '';
    rewrite(clientsFile, JSON.stringify([{ ...shop, branding: { logoUrl: 'https://cdn.shop.example/logo.svg' } }]));
    await vi.waitFor(async () => expect(await csp()).toContain("img-src 'self' data: blob: https://cdn.shop.example;"), { timeout: 5000, interval: 200 });

    rewrite(clientsFile, JSON.stringify([{ ...shop, branding: { logoUrl: 'http://cdn.evil.example/logo.svg' } }]));
    await vi.waitFor(() => expect(warnings.some((w) => w.includes("client 'shop' branding.logoUrl 'http://cdn.evil.example/logo.svg' must be an https URL"))).toBe(true), {
      timeout: 5000,
      interval: 100,
    });
    expect(await csp()).toContain('https://cdn.shop.example');
    expect(await csp()).not.toContain('cdn.evil.example');
  });

  it('CLIENTS_FILE: a client taken out of the file stops working', async () => {
    const c = new Client(t.base);
    const shop = { id: 'shop', name: 'Shop', redirectUris: ['http://127.0.0.1:9/shop/cb'] };
    await startLogin(c, { clientId: 'shop', redirectUri: shop.redirectUris[0] });
    rewrite(clientsFile, '[]');
    await vi.waitFor(() => expect(startLogin(c, { clientId: 'shop', redirectUri: shop.redirectUris[0] })).rejects.toThrow(/authorize: 400/), { timeout: 5000, interval: 200 });
    await startLogin(c, { clientId: 'demo-service', redirectUri: `${t.base}/demo-service/callback` });
  });
});

describe('server/main.ts with a bad config', () => {
  it('exits non-zero with one readable message naming file and path, before listening', () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ name: 'x', api: { ...api, defaultRegon: 'Use' }, plugins: {} }));
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '0', DATA_DIR: path.join(dir, 'data'), PORTAL_CONFIG: bad, NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(`The portal did not start: its configuration is invalid.\n  ${bad}: field 'api.defaultRegon': is not a known field; did you mean 'defaultRegion'?`);
    expect(run.stdout).not.toContain('Listening');
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
  });
});
