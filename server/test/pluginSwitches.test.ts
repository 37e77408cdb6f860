/**
 * The server obeys the deployment config's plugin switches (issue 25, section 2): a plugin off
 * for a region refuses that region's accounts (403 -19999), one off in every served config has
 * no routes (404), an app token is judged by its app's config, and a live edit applies at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { DevAppSignInResult } from '../../core/contract/partnerApp';
import { Client, DEMO_PASSWORD, LEGACY_PASSWORD, login, signIn, startLogin, startServer, type TestServer } from './harness';

let t: TestServer;
let dir: string;
const files = { web: '', ios: '' };
const api = { global: '/api', regions: { Use: '/api/region/use', Aps: '/api/region/aps', Euw: '/api/region/euw' } };
const on = { enabled: true };
const webConfig = (usePlugins: Record<string, { enabled: boolean }>) => ({
  name: 'switches',
  api,
  plugins: { account: on, company: on, invite: on, security: on, passkeys: on, 'sign-in': on, migration: { enabled: false } },
  regions: { Use: { plugins: usePlugins } },
});

/** Rewrite a config with a later mtime, so the server sees the change even within one clock tick. */
function rewrite(file: string, value: unknown): void {
  const before = fs.statSync(file).mtimeMs;
  fs.writeFileSync(file, JSON.stringify(value));
  const later = new Date(Math.max(before + 2000, Date.now()));
  fs.utimesSync(file, later, later);
}

async function as(email: string): Promise<{ c: Client; id: string }> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  return { c, id: (await c.get('/api/user-info', { auth: true })).body.result.accountId as string };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-switches-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  files.web = path.join(dir, 'web.json');
  files.ios = path.join(dir, 'ios.json');
  fs.writeFileSync(files.web, JSON.stringify(webConfig({ company: { enabled: false } })));
  const ios = { name: 'ios', variant: 'app', api, plugins: { 'partner-app': { enabled: true, config: { appType: 'partner_app_ios' } }, account: on, security: on } };
  fs.writeFileSync(files.ios, JSON.stringify(ios));
  t = await startServer({ distDir: dir, portalConfigFile: files.web, appConfigFiles: { partner_app_ios: files.ios } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('plugin switches on the server', () => {
  it('refuses the company API to an account of a region where company is off, on any host, before reading the body', async () => {
    const us = await as('us@example.com');
    for (const host of ['/api', '/api/region/use']) {
      const res = await us.c.get(`${host}/accounts/${us.id}/orgs`, { auth: true });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ errorCode: E.regionUnavailable, message: 'The company service is turned off for the web in region Use.', result: { plugin: 'company', offIn: 'Use', appType: null } });
    }
    // An invalid body would be a 400: the switch answers first and says nothing of the route's inputs.
    const create = await us.c.post('/api/orgs', { name: 42 }, { auth: true });
    expect(create.status).toBe(403);
    expect(create.body.errorCode).toBe(E.regionUnavailable);
  });

  it('serves the company API to an account of a region where it is on', async () => {
    const owner = await as('owner@example.com');
    const res = await owner.c.get(`/api/region/euw/accounts/${owner.id}/orgs`, { auth: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.orgs[0]).toMatchObject({ name: 'Contoso Demo Ltd' });
  });

  it('leaves an expired or invalid token to the route, which answers it as always', async () => {
    const res = await new Client(t.base).get('/api/accounts/nobody/orgs', { auth: 'Bearer not-a-token' });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe(E.invalidToken);
  });

  it('has no routes for a plugin that no served config turns on', async () => {
    const owner = await as('owner@example.com');
    const res = await owner.c.get('/api/accounts/local-accounts', { auth: true });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorCode: E.badRequest, message: 'Unknown API path.' });
  });

  it('takes migration out of the sign-in where it is off: an old local account is no way in (-20601, not -6)', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const res = await login(c, sessionCode, { email: 'legacy-one@example.com', password: LEGACY_PASSWORD });
    expect(res.body.errorCode).toBe(E.wrongCredentials);
    // A vendor ID with an old account of its address signs in, without being asked to merge.
    const merge = new Client(t.base);
    const { sessionCode: second } = await startLogin(merge);
    expect((await login(merge, second, { email: 'merge@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('has no help-desk sign-in where the helpdesk plugin is off everywhere: neither its route nor a login from it', async () => {
    const c = new Client(t.base);
    expect((await c.get('/api/helpdesk/sso?brand_id=1')).status).toBe(404);
    const res = await c.post('/api/login', { email: 'demo@example.com', password: DEMO_PASSWORD, source: 'zendesk' });
    expect([res.status, res.body.errorCode]).toEqual([404, E.badRequest]);
  });

  it("judges a partner app's token by that app's config", async () => {
    const app = new Client(t.base);
    const signedIn = await app.post('/dev/app-sign-in', { email: 'owner@example.com', password: DEMO_PASSWORD, appType: 'partner_app_ios' });
    expect(signedIn.status, signedIn.text).toBe(200);
    const tokens = signedIn.body as DevAppSignInResult;
    const owner = await as('owner@example.com');
    const res = await app.get(`/api/accounts/${owner.id}/orgs`, { auth: `Bearer ${tokens.accessToken}` });
    expect(res.status).toBe(403);
    expect(res.body.result).toEqual({ plugin: 'company', offIn: 'Euw', appType: 'partner_app_ios' });
    // Security is on in the iOS app's config: its calls answer.
    expect((await app.get(`/api/account/${owner.id}/sessions`, { auth: `Bearer ${tokens.accessToken}` })).status).toBe(200);
  });

  it('answers an expired token with 401 where the plugin is not on for everyone, so the app refreshes and is judged again', async () => {
    const app = new Client(t.base);
    const tokens = (await app.post('/dev/app-sign-in', { email: 'owner@example.com', password: DEMO_PASSWORD, appType: 'partner_app_ios' })).body as DevAppSignInResult;
    const owner = await as('owner@example.com');
    t.clock.advance(16 * 60_000);
    // Judged without its token, the iOS app's call would be a web call on the global host, where company is on somewhere: the route answers the token.
    const expired = await app.get(`/api/accounts/${owner.id}/orgs`, { auth: `Bearer ${tokens.accessToken}` });
    expect([expired.status, expired.body.errorCode]).toEqual([401, E.tokenExpired]);
    // On the Use host, where company is off for the web, the token's failure is answered too (not 403): the client refreshes first.
    const onUse = await app.get(`/api/region/use/accounts/${owner.id}/orgs`, { auth: `Bearer ${tokens.accessToken}` });
    expect([onUse.status, onUse.body.errorCode]).toEqual([401, E.tokenExpired]);
    const fresh = (await app.post('/api/refresh-token', { refreshToken: tokens.refreshToken })).body.result as { accessToken: string };
    const again = await app.get(`/api/accounts/${owner.id}/orgs`, { auth: `Bearer ${fresh.accessToken}` });
    expect([again.status, again.body.result]).toEqual([403, { plugin: 'company', offIn: 'Euw', appType: 'partner_app_ios' }]);
  });

  it('keeps a plugin that was off everywhere at start off after a live edit turns it on, sign-in part included, until a restart', async () => {
    const on = webConfig({ company: { enabled: false } });
    rewrite(files.web, { ...on, plugins: { ...on.plugins, migration: { enabled: true } } });
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    // No -6 with a migration token that no route would take: the old account is no way in, as before the edit.
    expect((await login(c, sessionCode, { email: 'legacy-one@example.com', password: LEGACY_PASSWORD })).body.errorCode).toBe(E.wrongCredentials);
    expect((await c.get('/api/accounts/local-accounts')).status).toBe(404);
    rewrite(files.web, webConfig({ company: { enabled: false } }));
  });

  it('applies a live edit of the config without a restart', async () => {
    const us = await as('us@example.com');
    rewrite(files.web, webConfig({}));
    expect((await us.c.get(`/api/accounts/${us.id}/orgs`, { auth: true })).status).toBe(200);
    rewrite(files.web, webConfig({ company: { enabled: false } }));
    expect((await us.c.get(`/api/accounts/${us.id}/orgs`, { auth: true })).status).toBe(403);
  });
});
