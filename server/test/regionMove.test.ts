/**
 * An account moved to another region (a region confirmation, -9) takes the features' rows that
 * travel with it (the `accountData` point: passkeys, recovery codes) and leaves none behind
 * (mailed codes, trusted browsers, applications to companies), whatever the switches say. A move
 * that fails half-way undoes what it copied: the account stays where it was, whole.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import { companyStore } from '../../plugins/company/server/tables';
import { emailCodeStore } from '../../plugins/mfa/server/tables';
import { passkeyStore } from '../../plugins/passkeys/server/tables';
import { recoveryCodeStore } from '../../plugins/recovery-codes/server/tables';
import { trustedDeviceStore } from '../../plugins/trusted-device/server/tables';
import { REPO_ROOT } from '../options';
import { defineServerPlugin } from '../plugin-api';
import { Client, DEMO_PASSWORD, login, startLogin, startServer, type TestServer } from './harness';

const EMAIL = 'region@example.com';
let t: TestServer | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A served config: config/default.json with `passkeys` off for Use. */
function passkeysOffInUse(): { distDir: string; portalConfigFile: string; appConfigFiles: Record<string, never> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-region-move-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'config', 'default.json'), 'utf8')) as Record<string, unknown>;
  config.regions = { Use: { plugins: { passkeys: { enabled: false } } } };
  const portalConfigFile = path.join(dir, 'portal.json');
  fs.writeFileSync(portalConfigFile, JSON.stringify(config));
  return { distDir: dir, portalConfigFile, appConfigFiles: {} };
}

async function seedFeatureRows(server: TestServer): Promise<string> {
  const ctx = server.server.ctx;
  const { id } = await ctx.region('Euw').selectFrom('accounts').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
  await passkeyStore(ctx, 'Euw').insertInto('passkeys').values({ id: 'cred-1', account_id: id, name: 'Laptop', public_key: 'pk', counter: 4, transports: null, backed_up: 0, created_at: 1, last_used_at: null }).execute();
  await recoveryCodeStore(ctx, 'Euw').insertInto('recovery_codes').values({ id: 'rc-1', account_id: id, code_hash: 'h1', created_at: 1, used_at: null }).execute();
  await emailCodeStore(ctx, 'Euw').insertInto('email_codes').values({ id: 'ec-1', account_id: id, purpose: 'bind', code_hash: 'h', created_at: 1, expires_at: 2, used_at: null, process_hash: null }).execute();
  await trustedDeviceStore(ctx, 'Euw').insertInto('trusted_devices').values({ id: 'td-1', account_id: id, created_at: 1, expires_at: 2, last_used_at: 1, revoked_at: null, ip: null, user_agent: null }).execute();
  await companyStore(ctx, 'Euw').insertInto('org_applications').values({ id: 'ap-1', org_id: 'o', account_id: id, status: 'pending', created_at: 1, decided_at: null }).execute();
  return id;
}

async function featureRows(server: TestServer, region: RegionCode, accountId: string) {
  const ctx = server.server.ctx;
  return {
    passkeys: await passkeyStore(ctx, region).selectFrom('passkeys').select(['id', 'counter']).where('account_id', '=', accountId).execute(),
    recoveryCodes: await recoveryCodeStore(ctx, region).selectFrom('recovery_codes').select('id').where('account_id', '=', accountId).execute(),
    emailCodes: await emailCodeStore(ctx, region).selectFrom('email_codes').select('id').where('account_id', '=', accountId).execute(),
    trustedDevices: await trustedDeviceStore(ctx, region).selectFrom('trusted_devices').select('id').where('account_id', '=', accountId).execute(),
    applications: await companyStore(ctx, region).selectFrom('org_applications').select('id').where('account_id', '=', accountId).execute(),
  };
}

const NONE = { passkeys: [], recoveryCodes: [], emailCodes: [], trustedDevices: [], applications: [] };

async function confirmIn(server: TestServer, regionCode: string, host: string) {
  const c = new Client(server.base);
  const { sessionCode } = await startLogin(c);
  const first = await login(c, sessionCode, { email: EMAIL, password: DEMO_PASSWORD });
  expect(first.body.errorCode).toBe(E.regionRequired);
  return c.post(`/api/region/${host}/account`, { email: EMAIL, firstName: 'region', regionCode, processId: first.body.result.processId });
}

describe("a region move and the features' rows", () => {
  it('copies passkeys and recovery codes to the new region and leaves nothing in the old one, with passkeys switched off there', async () => {
    // The switches do not decide where data goes: passkeys off for Use still travel with the account.
    t = await startServer(passkeysOffInUse());
    const id = await seedFeatureRows(t);
    const moved = await confirmIn(t, 'CA', 'use');
    expect(moved.body.result).toEqual({ email: EMAIL, region: 'Use' });
    expect(await featureRows(t, 'Use', id)).toEqual({ ...NONE, passkeys: [{ id: 'cred-1', counter: 4 }], recoveryCodes: [{ id: 'rc-1' }] });
    expect(await featureRows(t, 'Euw', id)).toEqual(NONE);
  });

  it('undoes the copies when the move fails after them: the account and its rows stay where they were', async () => {
    const failing = defineServerPlugin({
      id: 'move-breaker',
      setup(host) {
        host.contribute('accountData', {
          copy: async () => {
            throw new Error('the new region is unreachable');
          },
          remove: async () => undefined,
        });
      },
    });
    t = await startServer({ extraServerPlugins: [failing] });
    const id = await seedFeatureRows(t);
    const refused = await confirmIn(t, 'CA', 'use');
    expect(refused.status).toBe(500);
    expect(await t.server.ctx.region('Use').selectFrom('accounts').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await featureRows(t, 'Use', id)).toEqual(NONE);
    expect((await featureRows(t, 'Euw', id)).passkeys).toEqual([{ id: 'cred-1', counter: 4 }]);
    expect(await t.server.ctx.stores.global.selectFrom('directory').select('region').where('email', '=', EMAIL).executeTakeFirstOrThrow()).toEqual({ region: 'Euw' });
  });
});
