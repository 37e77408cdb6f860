/**
 * Authenticator secrets at rest (issue 26's attack review): the regional stores keep every TOTP
 * secret, bound or pending, sealed under the secrets key, so a copy of a regional database gives
 * no one the codes of the accounts in it. What an older version wrote plain is sealed at the next start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpNow } from '../../plugins/mfa/server/totp';
import { isSealed, openTotpSecret } from '../db/secretsAtRest';
import { Client, DEMO_PASSWORD, signIn, startPeers, startServer, unlock, type TestServer } from './harness';
import { signInWithTotp } from './secondFactorHelpers';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const row = (email: string, region: 'Euw' | 'Use' = 'Euw') =>
  t.server.ctx.region(region).selectFrom('accounts').select(['id', 'mfa_totp_secret', 'totp_pending_secret']).where('email', '=', email).executeTakeFirstOrThrow();

describe('authenticator secrets at rest', () => {
  it("the demo account's secret is kept sealed, and its codes still sign in", async () => {
    const { totpSecret } = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'demo.json'), 'utf8')) as { totpSecret: string };
    const stored = await row('mfa@example.com');
    expect(isSealed(stored.mfa_totp_secret!)).toBe(true);
    expect(stored.mfa_totp_secret).not.toContain(totpSecret);
    expect(openTotpSecret(t.server.ctx.secrets, stored.id, stored.mfa_totp_secret!)).toBe(totpSecret);
    await signInWithTotp(t, new Client(t.base));
  });

  it('an enrolment keeps the pending and then the bound secret sealed', async () => {
    const c = new Client(t.base);
    await signIn(c, 'founder@example.com', DEMO_PASSWORD);
    await unlock(c, DEMO_PASSWORD);
    const totp = (await c.post('/api/account/mfa/getTOTPUrl', undefined, { auth: true, security: true })).body.result as { secret: string };
    const pending = await row('founder@example.com');
    expect(isSealed(pending.totp_pending_secret!)).toBe(true);
    expect(pending.totp_pending_secret).not.toContain(totp.secret);
    const enabled = await c.post('/api/account/mfa/enable', { mfaType: 3, code: totpNow(totp.secret, Date.now() + t.clock.offset) }, { auth: true, security: true });
    expect(enabled.body.result.enabled).toBe(true);
    const bound = await row('founder@example.com');
    expect(isSealed(bound.mfa_totp_secret!)).toBe(true);
    expect(openTotpSecret(t.server.ctx.secrets, bound.id, bound.mfa_totp_secret!)).toBe(totp.secret);
  });

  it('a secret an older version wrote plain is sealed by the next start, and a sealed one moved to another account does not open', async () => {
    const use = t.server.ctx.region('Use');
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await use.updateTable('accounts').set({ mfa_totp_secret: plain }).where('email', '=', 'us@example.com').execute();
    const peers = await startPeers(t, 1);
    await peers.stop();
    const upgraded = await row('us@example.com', 'Use');
    expect(isSealed(upgraded.mfa_totp_secret!)).toBe(true);
    expect(openTotpSecret(t.server.ctx.secrets, upgraded.id, upgraded.mfa_totp_secret!)).toBe(plain);
    const other = await row('mfa@example.com');
    expect(() => openTotpSecret(t.server.ctx.secrets, other.id, upgraded.mfa_totp_secret!)).toThrow();
  });
});
