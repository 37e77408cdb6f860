/**
 * The sign-in's second-factor extras are their plugins' contributions (issue 25): where the
 * deployment config turns `recovery-codes` or `trusted-device` off for the account's region, the
 * MFA step offers neither, a recovery code is refused (-20683) and a trusted browser's cookie no
 * longer skips the step. Forgetting trusted browsers on a password change holds whatever the switch.
 * The code methods themselves are the `mfa` plugin's: where it is off, an account with two-step
 * verification is refused (403 -19999), never let in by its password alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { REPO_ROOT } from '../options';
import { Client, DEMO_PASSWORD, LEGACY_PASSWORD, login, signIn, startLogin, startServer, unlock, type TestServer } from './harness';
import { newTotpSecret, totpNow } from '../../plugins/mfa/server/totp';
import { withPasskey } from './passkeyHelpers';
import { accountIdOf, MFA_EMAIL, nextTotp, passwordStep, signInWithTotp } from './secondFactorHelpers';
import type { SoftAuthenticator } from './softAuthenticator';
import { passkeyStore } from '../../plugins/passkeys/server/tables';
import { legacyStore } from '../../plugins/migration/server/tables';

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
    const usedBefore = await passkeyStore(t.server.ctx, 'Use').selectFrom('passkeys').select(['counter', 'last_used_at']).where('account_id', '=', accountId).executeTakeFirstOrThrow();
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
    expect(await passkeyStore(t.server.ctx, 'Use').selectFrom('passkeys').select(['counter', 'last_used_at']).where('account_id', '=', accountId).executeTakeFirstOrThrow()).toEqual(usedBefore);
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
    // A Use vendor ID with an old account of its address: not asked to merge it, and its conflict info names none.
    await legacyStore(t.server.ctx)
      .insertInto('legacy_accounts')
      .values({ uuid: 'us-old', provider: 'partnerApp', email: 'us@example.com', password_hash: 'x', first_name: 'Uma', last_name: 'States', region: null, mfa: 0, subscription: 0, product_line: null, subscription_topic: null, migrated_at: null, migrated_to: null })
      .execute();
    const usAgain = new Client(t.base);
    await signIn(usAgain, 'us@example.com', DEMO_PASSWORD);
    expect((await usAgain.post('/api/region/use/accounts/conflictInfo', { email: 'us@example.com' }, { auth: true })).body.result.reasons).not.toContain('unmergedAccounts');
    await legacyStore(t.server.ctx).deleteFrom('legacy_accounts').where('uuid', '=', 'us-old').execute();

    // Invitations are off for the Euw company's region: its code reads as unknown (-40012), on any host.
    const code = t.server.demo!.values.inviteCode!;
    for (const host of ['/api', '/api/region/use']) {
      expect((await new Client(t.base).get(`${host}/orgs/members/invitations/${encodeURIComponent(code)}`)).body.errorCode).toBe(E.invitationInvalid);
    }
    writeConfig(false);
    expect((await new Client(t.base).get(`/api/orgs/members/invitations/${encodeURIComponent(code)}`)).status).toBe(200);
  });
});

describe('the code methods follow the mfa switch (fail closed)', () => {
  const mfaOffInEuw = { Euw: { plugins: { mfa: off, 'recovery-codes': off, 'trusted-device': off } } };
  const offInEuw = { plugin: 'mfa', offIn: 'Euw', appType: null };

  it("off for a region: its two-step account cannot sign in with the password alone, nor finish a step begun before, nor have a code mailed; another region's still can", async () => {
    writeConfig(false);
    // A step begun while the switch was on.
    const early = new Client(t.base);
    const begun = await passwordStep(early);
    expect(begun.res.body.errorCode).toBe(E.mfaRequired);
    // A Use account with the authenticator app.
    const secret = newTotpSecret();
    const use = t.server.ctx.region('Use');
    await use.updateTable('accounts').set({ mfa_enabled: 1, mfa_totp_secret: secret, mfa_primary: 3 }).where('email', '=', 'us@example.com').execute();
    try {
      writeConfig(false, mfaOffInEuw);
      // The password alone: a clear refusal, no session, no MFA process.
      const c = new Client(t.base);
      const alone = await again(c);
      expect([alone.status, alone.body.errorCode, alone.body.result]).toEqual([403, E.regionUnavailable, offInEuw]);
      expect(alone.body.message).toBe('The mfa service is turned off for the web in region Euw.');
      expect([...c.cookies.keys()]).not.toContain('uid_sso');
      // The step begun before the switch went off, answered with a right code: refused too.
      const late = await login(early, begun.sessionCode, { email: MFA_EMAIL, password: DEMO_PASSWORD, mfaType: 3, code: await nextTotp(t), mfaProcessId: begun.res.body.result.MFAProcessId });
      expect([late.status, late.body.result]).toEqual([403, offInEuw]);
      const mailed = await early.post('/api/email/code', { email: MFA_EMAIL, type: 'LOGIN', mfaProcessId: begun.res.body.result.MFAProcessId });
      expect([mailed.status, mailed.body.result]).toEqual([403, offInEuw]);
      // Nor can a Euw account set a method up there.
      const euw = new Client(t.base);
      await signIn(euw, 'demo@example.com', DEMO_PASSWORD);
      await unlock(euw, DEMO_PASSWORD);
      const enrol = await euw.post('/api/account/mfa/getTOTPUrl', {}, { auth: true, security: true });
      expect([enrol.status, enrol.body.result]).toEqual([403, offInEuw]);
      // Nor can a session from before the switch turn two-step verification off there (a downgrade to
      // password-only), nor change its methods: refused as switched off, like setting one up.
      const euwStore = t.server.ctx.region('Euw');
      await euwStore.updateTable('accounts').set({ mfa_enabled: 1, mfa_totp_secret: secret, mfa_primary: 3 }).where('email', '=', 'demo@example.com').execute();
      try {
        const disable = await euw.post('/api/accounts/mfa/disable', {}, { auth: true, security: true });
        const primary = await euw.post('/api/accounts/mfa/primary', { mfaType: 3 }, { auth: true, security: true });
        const remove = await euw.post('/api/accounts/mfa/delMfaType', { mfaType: 3 }, { auth: true, security: true });
        expect([disable, primary, remove].map((r) => [r.status, r.body.result])).toEqual([
          [403, offInEuw],
          [403, offInEuw],
          [403, offInEuw],
        ]);
      } finally {
        await euwStore.updateTable('accounts').set({ mfa_enabled: 0, mfa_totp_secret: null, mfa_primary: null }).where('email', '=', 'demo@example.com').execute();
      }
      // The Security page is told no method is offered there, so it offers none.
      const accountId = (await euw.get('/api/user-info', { auth: true })).body.result.accountId as string;
      const status = await euw.get(`/api/account/${accountId}/mfa/getMfaFeatureStatus`, { auth: true });
      expect(status.body.result).toMatchObject({ enabled: false, supportedMFATypes: [], offeredMFATypes: [] });
      const bind = await euw.post('/api/email/code', { email: 'demo@example.com', type: 'BIND', password: DEMO_PASSWORD }, { auth: true, security: true });
      expect([bind.status, bind.body.result]).toEqual([403, offInEuw]);

      // A Use account on the same server: asked for its code (-20677) and signed in with it.
      const us = new Client(t.base);
      const step = await passwordStep(us, 'us@example.com');
      expect(step.res.body.errorCode).toBe(E.mfaRequired);
      expect(step.res.body.result).toMatchObject({ supportedMFATypes: [3], primaryMFAType: 3 });
      t.clock.advance(31_000);
      const code = totpNow(secret, Date.now() + t.clock.offset);
      const done = await login(us, step.sessionCode, { email: 'us@example.com', password: DEMO_PASSWORD, mfaType: 3, code, mfaProcessId: step.res.body.result.MFAProcessId });
      expect(done.status, done.text).toBe(200);

      // On again: the Euw account is asked for its code as before.
      writeConfig(false);
      expect((await again(new Client(t.base))).body.errorCode).toBe(E.mfaRequired);
      expect((await euw.get(`/api/account/${accountId}/mfa/getMfaFeatureStatus`, { auth: true })).body.result).toMatchObject({ offeredMFATypes: [2, 3] });
    } finally {
      await use.updateTable('accounts').set({ mfa_enabled: 0, mfa_totp_secret: null, mfa_totp_last_step: null, mfa_primary: null }).where('email', '=', 'us@example.com').execute();
      writeConfig(false);
    }
  });
});
