import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import type { ClientConfig } from '../options';
import { Client, startLogin, startServer, type TestServer } from './harness';

const partner: ClientConfig = {
  id: 'partner-green',
  name: 'Green partner',
  redirectUris: ['http://127.0.0.1:9/green/cb'],
  branding: {
    title: 'Green Partner',
    logoUrl: 'https://cdn.green.example/logo.svg',
    carousel: [{ fileUrl: 'https://img.green.example/slide.jpg' }],
    theme: { name: 'default', overrides: { colors: { primary: '#0a7d4f' }, radius: { md: '2px' } } },
  },
};

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ clients: [partner] });
});
afterAll(async () => t.close());

describe("a client's branding on the server", () => {
  it("serves the client's theme with its login page info, and none for a client without one", async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c, { clientId: 'partner-green', redirectUri: 'http://127.0.0.1:9/green/cb' });
    const info = await c.get(`/api/client/custom/banner-and-logo?sessionCode=${sessionCode}`);
    expect(info.body.result).toMatchObject({ clientId: 'partner-green', title: 'Green Partner', theme: partner.branding!.theme });
    expect((await c.get('/api/client/custom/banner-and-logo')).body.result.theme).toBeNull();
  });

  it("hints the service's logo on its login page, so the largest paint starts with the first scripts", async () => {
    const dist = path.join(t.dataDir, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/main-a.js"></script></head><body></body></html>');
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c, { clientId: partner.id, redirectUri: partner.redirectUris[0] });
    const page = await c.get(`/login?session_code=${sessionCode}`);
    expect(page.text).toContain('<link rel="preload" as="image" fetchpriority="high" href="https://cdn.green.example/logo.svg">');
    // No session code, or an unknown one: no hint (and no error).
    expect((await c.get('/login?session_code=nope')).text).not.toContain('as="image"');
    expect((await c.get('/accountSetting')).text).not.toContain('as="image"');
  });

  it("lets the SPA's CSP show the clients' image hosts, and no other", async () => {
    const res = await new Client(t.base).get('/login');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.green.example https://img.green.example;");
    expect(csp).toContain("default-src 'self'");
  });
});

describe('start-up refusal', () => {
  const start = (clients: ClientConfig[]) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-branding-'));
    return buildServer({ dataDir, testMode: true, seedDemo: false, port: 0, clients }).finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  };

  it('refuses a branding URL the CSP would block, naming client and field', async () => {
    await expect(start([{ ...partner, branding: { logoUrl: 'http://cdn.green.example/logo.svg' } }])).rejects.toThrow(
      /client 'partner-green' branding\.logoUrl 'http:\/\/cdn\.green\.example\/logo\.svg' must be an https URL/,
    );
  });

  it('refuses a client theme whose name is not a theme of themes/', async () => {
    await expect(start([{ ...partner, branding: { theme: { name: 'green' } } }])).rejects.toThrow("clients option: field '[0].branding.theme.name': (client 'partner-green') must be one of default, midnight");
  });
});
