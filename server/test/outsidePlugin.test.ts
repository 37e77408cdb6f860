/**
 * A plugin from outside the repository (issue 25, section 5): the fixture package
 * @acme/portal-plugin-stamps is a devDependency and nothing in server/ names it. Its server half is
 * found in its package, its table is made in every regional store, its routes answer where a config
 * turns it on and refuse where one turns it off, and it is absent where no config names it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginSources } from '../../core/build/pluginSources.mjs';
import { ERROR_CODES } from '../../core/contract/errorCodes';
import { REGION_CODES } from '../../core/contract/regions';
import { serverHalfFiles } from '../plugin-host/serverHalves';
import { REPO_ROOT } from '../options';
import { mailText } from '../mail/texts';
import { Client, DEMO_PASSWORD, mails, signIn, startServer, type TestServer } from './harness';

let dir: string;
let on: TestServer;
let off: TestServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-outside-plugin-'));
  const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'config', 'default.json'), 'utf8')) as { plugins: Record<string, unknown>; regions?: unknown };
  config.plugins['stamps'] = { enabled: true, config: { goal: 5 } };
  config.regions = { Use: { plugins: { stamps: { enabled: false } } } };
  fs.writeFileSync(path.join(dir, 'stamps.json'), JSON.stringify(config));
  [on, off] = await Promise.all([startServer({ portalConfigFile: path.join(dir, 'stamps.json') }), startServer()]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function as(t: TestServer, email: string): Promise<Client> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  return c;
}

describe('an outside plugin (npm package)', () => {
  it('is found in its package, by its package.json, not by a folder of plugins/', () => {
    const stamps = pluginSources(REPO_ROOT).find((s) => s.id === 'stamps');
    expect(stamps).toMatchObject({ origin: 'package', package: '@acme/portal-plugin-stamps' });
    expect(fs.existsSync(path.join(REPO_ROOT, 'plugins', 'stamps'))).toBe(false);
    expect(serverHalfFiles(REPO_ROOT).find((h) => h.id === 'stamps')?.file).toBe(path.join(stamps!.dir, 'server', 'index.ts'));
  });

  it('gets its own table in every regional store', async () => {
    for (const region of REGION_CODES) {
      const rows = await on.server.ctx.region(region).withTables<{ stamps_cards: { account_id: string } }>().selectFrom('stamps_cards').select('account_id').execute();
      expect(rows, region).toEqual([]);
    }
  });

  it('answers its routes where the config turns it on, one stamp a day, kept in its table', async () => {
    const c = await as(on, 'demo@example.com'); // Euw
    expect((await c.get('/api/stamps/card', { auth: true })).body.result).toEqual({ stamps: 0, collectedToday: false });
    const first = await c.post('/api/stamps/collect', {}, { auth: true });
    expect(first.status, first.text).toBe(200);
    expect(first.body.result).toEqual({ stamps: 1, collectedToday: true });
    // Two more the same day, at once: still one stamp.
    const again = await Promise.all([c.post('/api/stamps/collect', {}, { auth: true }), c.post('/api/stamps/collect', {}, { auth: true })]);
    expect(again.map((r) => r.body.result)).toEqual([
      { stamps: 1, collectedToday: true },
      { stamps: 1, collectedToday: true },
    ]);
    const accountId = (await c.get('/api/user-info', { auth: true })).body.result.accountId as string;
    // Its own mail, sent once, with the texts of its package.
    await expect.poll(async () => (await mails(c, 'demo@example.com')).filter((m) => m.subject === 'Your stamp card has its first stamp').length).toBe(1);
    const stored = await on.server.ctx.region('Euw').withTables<{ stamps_cards: { account_id: string; stamps: number } }>().selectFrom('stamps_cards').selectAll().execute();
    expect(stored).toMatchObject([{ account_id: accountId, stamps: 1 }]);
  });

  it("writes its mails with its package's texts: German where it has them, English where a language has none", () => {
    expect(mailText('stampsStarted', 'de_DE', { name: 'Anna' })).toEqual({ subject: 'Ihre Stempelkarte hat den ersten Stempel', text: 'Hallo Anna,\n\nIhre Stempelkarte hat den ersten Stempel. Sammeln Sie jeden Tag einen, um sie zu füllen.' });
    expect(mailText('stampsStarted', 'fr_FR', { name: 'Anne' }).subject).toBe('Your stamp card has its first stamp');
  });

  it('asks for a signed-in account', async () => {
    expect((await new Client(on.base).get('/api/stamps/card')).status).toBe(401);
  });

  it('refuses an account of a region where the config turns it off: 403, -19999', async () => {
    const c = await as(on, 'us@example.com'); // Use
    const res = await c.post('/api/stamps/collect', {}, { auth: true });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe(ERROR_CODES.regionUnavailable);
    expect(res.body.result).toMatchObject({ plugin: 'stamps', offIn: 'Use' });
  });

  it('runs none of its code where no served config names it: no routes, no tables (a dependency alone turns nothing on)', async () => {
    const c = await as(off, 'demo@example.com');
    expect((await c.get('/api/stamps/card', { auth: true })).status).toBe(404);
    const tables = await off.server.ctx.region('Euw').introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('stamps_cards');
  });
});
