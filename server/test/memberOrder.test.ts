import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, DEMO_PASSWORD, signIn, startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

it("lists a company's members by address in the order of the reader's language (Czech: \"ch\" after \"h\")", async () => {
  const owner = new Client(t.base);
  await signIn(owner, 'owner@example.com', DEMO_PASSWORD);
  const accountId = (await owner.get('/api/user-info', { auth: true })).body.result.accountId as string;
  const orgId = (await owner.get(`/api/region/euw/accounts/${accountId}/orgs`, { auth: true })).body.result.orgs[0].id as string;
  for (const email of ['hana@example.com', 'chris@example.com']) {
    expect((await owner.post(`/api/orgs/${orgId}/members`, { email, role: 'member', region: 'Euw' }, { auth: true })).status).toBe(200);
  }
  const members = async (language: string) => {
    await owner.post('/api/account/updateInfo', { email: 'owner@example.com', accountId, language }, { auth: true });
    const list = (await owner.get(`/api/orgs/${orgId}/members`, { auth: true })).body.result.members as Array<{ email: string; role: string }>;
    return list.filter((m) => m.role === 'member').map((m) => m.email);
  };
  expect(await members('cs_CZ')).toEqual(['hana@example.com', 'chris@example.com', 'invitee@example.com', 'member@example.com']);
  expect(await members('en_US')).toEqual(['chris@example.com', 'hana@example.com', 'invitee@example.com', 'member@example.com']);
});
