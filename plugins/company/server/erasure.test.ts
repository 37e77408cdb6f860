/**
 * The companies and "Delete my account" (plugins/your-data closes, the core erases through the
 * `personalData` declarations): a company that gained a member while its owner's ID waited for its
 * erasure goes on under that member; a company is never handed over to a closed ID.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { accountRow, createAccount, erasePerson } from '@portal/server-api';
import { Client, DEMO_PASSWORD, signIn, startServer, type TestServer } from '../../../server/test/harness';
import { rowsMentioning } from '../../../server/test/personalScan';
import { companyStore } from './tables';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ pluginJobs: false });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function person() {
  const ctx = t.server.ctx;
  const email = `co${++n}-${Date.now()}@example.com`;
  const row = accountRow(ctx, { email, passwordHash: await ctx.passwords.hash(DEMO_PASSWORD), firstName: 'Co', lastName: 'Owner', country: 'DE', language: 'en_US', activated: true, privacyVersion: ctx.options.privacyPolicyVersion });
  await createAccount(ctx, 'Euw', row);
  return { id: row.id, email, region: 'Euw' as const };
}
const closeNow = (id: string) => t.server.ctx.region('Euw').updateTable('accounts').set({ closed_at: t.server.ctx.now() }).where('id', '=', id).execute();

describe('companies at an erasure', () => {
  it('a company that gained a member during the grace is handed over to them, not erased with its owner', async () => {
    const ctx = t.server.ctx;
    const founder = await person();
    const joiner = await person();
    const closedToo = await person();
    const c = new Client(t.base);
    await signIn(c, founder.email, DEMO_PASSWORD);
    const made = await c.post('/api/orgs', { name: `Solo ${n}`, type: 'installer', country: 'DE', city: 'Berlin', contactEmail: founder.email }, { auth: true });
    expect(made.status, made.text).toBe(200);
    const orgs = companyStore(ctx, 'Euw');
    const orgId = (await orgs.selectFrom('orgs').select('id').where('owner_account_id', '=', founder.id).executeTakeFirstOrThrow()).id;
    await closeNow(founder.id);
    // Joined after the closure's check (an invitation accepted in the grace); a closed ID is passed over.
    await orgs.insertInto('org_members').values({ id: `m-${n}-a`, org_id: orgId, account_id: closedToo.id, email: closedToo.email, role: 'admin', status: 'active', joined_at: ctx.now() - 1000, invited_at: null }).execute();
    await closeNow(closedToo.id);
    await orgs.insertInto('org_members').values({ id: `m-${n}-b`, org_id: orgId, account_id: joiner.id, email: joiner.email, role: 'member', status: 'active', joined_at: ctx.now(), invited_at: null }).execute();
    await erasePerson(ctx, founder);
    expect(await orgs.selectFrom('orgs').select(['owner_account_id', 'contact_email']).where('id', '=', orgId).executeTakeFirst()).toEqual({ owner_account_id: joiner.id, contact_email: null });
    expect((await orgs.selectFrom('org_members').select('role').where('account_id', '=', joiner.id).executeTakeFirstOrThrow()).role).toBe('owner');
    expect(await rowsMentioning(ctx, founder)).toEqual({});
  });

  it('a company of one goes with its owner', async () => {
    const ctx = t.server.ctx;
    const founder = await person();
    const c = new Client(t.base);
    await signIn(c, founder.email, DEMO_PASSWORD);
    expect((await c.post('/api/orgs', { name: `Alone ${n}`, type: 'installer', country: 'DE', city: 'Berlin' }, { auth: true })).status).toBe(200);
    const orgs = companyStore(ctx, 'Euw');
    const orgId = (await orgs.selectFrom('orgs').select('id').where('owner_account_id', '=', founder.id).executeTakeFirstOrThrow()).id;
    await erasePerson(ctx, founder);
    expect(await orgs.selectFrom('orgs').select('id').where('id', '=', orgId).executeTakeFirst()).toBeUndefined();
    expect(await orgs.selectFrom('org_members').select('id').where('org_id', '=', orgId).execute()).toEqual([]);
  });

  it('a company cannot be handed over to a closed ID', async () => {
    const owner = new Client(t.base);
    await signIn(owner, 'owner@example.com', DEMO_PASSWORD);
    const ownerId = (await owner.get('/api/user-info', { auth: true })).body.result.accountId as string;
    const orgId = (await owner.get(`/api/accounts/${ownerId}/orgs`, { auth: true })).body.result.orgs[0].id as string;
    const member = (await t.server.ctx.stores.global.selectFrom('directory').select('account_id').where('email', '=', 'member@example.com').executeTakeFirstOrThrow()).account_id;
    await closeNow(member);
    const handOver = await owner.req('PUT', `/api/orgs/${orgId}/members`, { auth: true, body: { email: 'member@example.com', role: 'owner', region: 'Euw' } });
    expect(handOver.body.errorCode).toBe(E.permissionDenied);
    await t.server.ctx.region('Euw').updateTable('accounts').set({ closed_at: null }).where('id', '=', member).execute();
    const again = await owner.req('PUT', `/api/orgs/${orgId}/members`, { auth: true, body: { email: 'member@example.com', role: 'owner', region: 'Euw' } });
    expect(again.status, again.text).toBe(200);
  });
});
