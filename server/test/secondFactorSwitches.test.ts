/**
 * The sign-in's second-factor extras are their plugins' contributions (issue 25): where the
 * deployment config turns `recovery-codes` or `trusted-device` off for the account's region, the
 * MFA step offers neither, a recovery code is refused (-20683) and a trusted browser's cookie no
 * longer skips the step. Forgetting trusted browsers on a password change holds whatever the switch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { REPO_ROOT } from '../options';
import { Client, DEMO_PASSWORD, LEGACY_PASSWORD, login, signIn, startLogin, startServer, unlock, type TestServer } from './harness';
import { withPasskey } from './passkeyHelpers';
import { accountIdOf, MFA_EMAIL, nextTotp, passwordStep, signInWithTotp } from './secondFactorHelpers';
import type { SoftAuthenticator } from './softAuthenticator';

let t: TestServer;
let dir: string;
let configFile: string;
const off = { enabled: false };

/** config/default.json with the two extras switched off in Euw (the MFA demo account's region), or not; `regions` replaces that. */
function writeConfig(extrasOffInEuw: boolean, regions?: Record<string, unknown>): void {
  const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'config', 'default.json'), 'utf8')) as Record<string, unknown>;
  config.regions = regions ?? (extrasOffInEuw ? { Euw: { plugins: { 'recovery-codes': off, 'trusted-device': off } } } : {});
  const before = fs.existsSync(configFile) ? fs.statSync(configFile).mtimeMs : 0;
  fs.writeFileSync(configFile, JSON.stringify(config));
  // A later mtime than before, so the server sees the change even within one clock tick.
  const later = new Date(Math.max(before + 2000, Date.now()));
  fs.utimesSync(configFile, later, later);
}

const trustedCookie = (c: Client) => [...c.cookies.keys()].some((name) => name.startsWith('uid_td_'));

/** The password step of `c` as a fresh sign-in (its portal session cookie dropped, its trusted-device cookie kept). */
async function again(c: Client) {
  c.cookies.delete('uid_sso');
  return (await passwordStep(c)).res;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-2fa-switches-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  configFile = path.join(dir, 'portal.json');
  writeConfig(true);
  t = await startServer({ distDir: dir, portalConfigFile: configFile, appConfigFiles: {} });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('second-factor extras follow their switches', () => {
  it('off: the MFA step offers neither, a recovery code is refused, "don\'t ask again" sets no cookie', async () => {
    const c = new Client(t.base);
    const step = await passwordStep(c);
    expect(step.res.body.errorCode).toBe(E.mfaRequired);
    expect(step.res.body.result).not.toHaveProperty('recoveryCodes');
    expect(step.res.body.result).not.toHaveProperty('trustDeviceDays');
    const byCode = await login(c, step.sessionCode, { email: MFA_EMAIL, password: DEMO_PASSWORD, recoveryCode: 'ABCD-EFGH-JKLM', mfaProcessId: step.res.body.result.MFAProcessId });
    expect(byCode.body.errorCode).toBe(E.mfaTypeDisabled);
    // The process is still good for the code method, with "don't ask again" ignored.
    const done = await login(c, step.sessionCode, { email: MFA_EMAIL, password: DEMO_PASSWORD, mfaType: 3, code: await nextTotp(t), mfaProcessId: step.res.body.result.MFAProcessId, trustDevice: true });
    expect(done.status, done.text).toBe(200);
    expect(trustedCookie(c)).toBe(false);
  });

  it('on: both are offered; off again: a trusted browser is asked again; a password change forgets it even while off', async () => {
    writeConfig(false);
    const trusted = new Client(t.base);
    await signInWithTotp(t, trusted, { trustDevice: true });
    expect(trustedCookie(trusted)).toBe(true);
    const offered = (await passwordStep(new Client(t.base))).res.body.result;
    expect(offered).toMatchObject({ recoveryCodes: 0, trustDeviceDays: 30 });
    expect((await again(trusted)).status).toBe(200);

    writeConfig(true);
    expect((await again(trusted)).body.errorCode).toBe(E.mfaRequired);

    // While trusted-device is off, the password changes: the browser is forgotten all the same.
    const id = await accountIdOf(trusted);
    await unlock(trusted, DEMO_PASSWORD);
    expect((await trusted.post(`/api/accounts/${id}/password`, { oldPassword: DEMO_PASSWORD, newPassword: 'Other-pass-2025' }, { auth: true, security: true })).status).toBe(200);
    await unlock(trusted, 'Other-pass-2025');
    expect((await trusted.post(`/api/accounts/${id}/password`, { oldPassword: 'Other-pass-2025', newPassword: DEMO_PASSWORD }, { auth: true, security: true })).status).toBe(200);
    writeConfig(false);
    expect((await again(trusted)).body.errorCode).toBe(E.mfaRequired);
  });

  it("passkeys off for a region: its account's passkey ceremony is refused like an unknown credential (nothing written), and so are its passkey calls", async () => {
    writeConfig(false);
    const { device, c: owner, accountId } = await withPasskey(t, 'us@example.com');
    const passkeySignIn = async (authenticator: SoftAuthenticator) => {
      const c = new Client(t.base);
      const { sessionCode } = await startLogin(c);
      const headers = { session_code: sessionCode };
      const options = (await c.post('/api/login/passkey/options', {}, { headers })).body.result.options as Record<string, unknown>;
      const verified = await c.post('/api/login/passkey/verify', { response: authenticator.get(options) }, { headers });
      return login(c, sessionCode, { email: 'us@example.com', passkeyProof: verified.body.result.passkeyProof });
    };
    expect((await passkeySignIn(device)).status).toBe(200);

    // A user handle that is no string is a refused ceremony (400), not a 500 that tells a known credential from an unknown one.
    {
      const c = new Client(t.base);
      const { sessionCode } = await startLogin(c);
      const headers = { session_code: sessionCode };
      const options = (await c.post('/api/login/passkey/options', {}, { headers })).body.result.options as Record<string, unknown>;
      const assertion = device.get(options) as { response: Record<string, unknown> };
      for (const userHandle of [5, null, {}]) {
        const odd = await c.post('/api/login/passkey/verify', { response: { ...assertion, response: { ...assertion.response, userHandle } } }, { headers });
        expect(odd.status, JSON.stringify(userHandle)).toBe(400);
      }
    }

    writeConfig(false, { Use: { plugins: { passkeys: off } } });
    const usedBefore = await t.server.ctx.region('Use').selectFrom('passkeys').select(['counter', 'last_used_at']).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    // The ceremony is refused like an unknown credential, on any host: nothing verified, nothing written, no proof.
    for (const host of ['/api', '/api/region/euw']) {
      const c = new Client(t.base);
      const { sessionCode } = await startLogin(c);
      const headers = { session_code: sessionCode };
      const options = (await c.post(`${host}/login/passkey/options`, {}, { headers })).body.result.options as Record<string, unknown>;
      const verified = await c.post(`${host}/login/passkey/verify`, { response: device.get(options) }, { headers });
      expect(verified.status).toBe(400);
      expect(verified.body.result?.passkeyProof).toBeUndefined();
    }
    expect(await t.server.ctx.region('Use').selectFrom('passkeys').select(['counter', 'last_used_at']).where('account_id', '=', accountId).executeTakeFirstOrThrow()).toEqual(usedBefore);
    expect((await owner.get(`/api/account/${accountId}/passkeys`, { auth: true })).status).toBe(403);
    writeConfig(false);
  });

  it('the help desk, migration and invitations follow the switch of the region they act on, whatever host is called', async () => {
    writeConfig(false, { Use: { plugins: { helpdesk: off, migration: off } }, Euw: { plugins: { invite: off } } });
    const offInUse = { plugin: 'helpdesk', offIn: 'Use', appType: null };
    // A Use account signed in to the portal (its cookie) is not handed to the help desk, on the global or another region's host.
    const us = new Client(t.base);
    await signIn(us, 'us@example.com', DEMO_PASSWORD);
    for (const host of ['/api', '/api/region/euw']) {
      const res = await us.get(`${host}/helpdesk/sso?brand_id=1`);
      expect([res.status, res.body.result]).toEqual([403, offInUse]);
    }
    // Nor does a sign-in from the help desk make a session for it.
    const fresh = new Client(t.base);
    const fromHelpdesk = await fresh.post('/api/login', { email: 'us@example.com', password: DEMO_PASSWORD, source: 'zendesk' });
    expect([fromHelpdesk.status, fromHelpdesk.body.result]).toEqual([403, offInUse]);
    expect([...fresh.cookies.keys()].filter((k) => k === 'uid_sso')).toEqual([]);
    // A Euw account still is.
    const demo = new Client(t.base);
    expect((await demo.post('/api/login', { email: 'demo@example.com', password: DEMO_PASSWORD, source: 'zendesk' })).status).toBe(200);
    expect((await demo.get('/api/helpdesk/sso?brand_id=1')).status).toBe(302);

    // An old account may not become a Use vendor ID through migration (on in other regions, so the token is made).
    const legacy = new Client(t.base);
    const { sessionCode } = await startLogin(legacy);
    const six = await login(legacy, sessionCode, { email: 'legacy-one@example.com', password: LEGACY_PASSWORD });
    expect(six.body.errorCode).toBe(E.needMergeOrMigrate);
    const local = six.body.result.accounts[0] as { identityProvider: string; uuidProvider: string };
    const migrate = { migrationToken: six.body.result.migrationToken, email: 'legacy-one@example.com', identityProvider: local.identityProvider, uuidProvider: local.uuidProvider, firstName: 'Leo', lastName: 'Local' };
    const intoUse = await legacy.post('/api/register-and-merge', { ...migrate, regionCode: 'US' });
    expect([intoUse.status, intoUse.body.result]).toEqual([403, { plugin: 'migration', offIn: 'Use', appType: null }]);
    expect(await t.server.ctx.region('Use').selectFrom('accounts').select('id').where('email', '=', 'legacy-one@example.com').executeTakeFirst()).toBeUndefined();

    // Invitations are off for the Euw company's region: its code reads as unknown (-40012), on any host.
    const code = t.server.demo!.inviteCode;
    for (const host of ['/api', '/api/region/use']) {
      expect((await new Client(t.base).get(`${host}/orgs/members/invitations/${encodeURIComponent(code)}`)).body.errorCode).toBe(E.invitationInvalid);
    }
    writeConfig(false);
    expect((await new Client(t.base).get(`/api/orgs/members/invitations/${encodeURIComponent(code)}`)).status).toBe(200);
  });
});
