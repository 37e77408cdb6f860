/**
 * Nobody joins a company without saying yes: a manager who adds a registered user invites them
 * (unverified until they accept), which keeps them free to create or join another company, and
 * the manager's answer is the same for any address. Invite codes and company codes cannot be
 * guessed at full speed: wrong ones are limited per client network and per account. Client
 * addresses are varied with X-Forwarded-For on a server that trusts it (`trustProxy`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { activateFromMail, Client, DEMO_PASSWORD, mails, signIn, startServer, type Res, type TestServer } from './harness';

let t: TestServer;
let contoso = '';
const accountIds: Record<string, string> = {};

async function as(email: string): Promise<Client> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  accountIds[email] = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
  return c;
}

async function register(email: string): Promise<void> {
  const c = new Client(t.base);
  const res = await c.post('/api/register/captcha', { email, password: DEMO_PASSWORD, regionCode: 'DE', firstName: 'Reg', lastName: 'User' });
  expect(res.status).toBe(200);
  if (!res.body.result.activated) await activateFromMail(c, email);
}

async function inviteCodeFor(c: Client, email: string): Promise<string> {
  const mail = (await mails(c, email)).find((m) => m.subject.includes('invites'))!; // newest first
  return new URL(mail.links[0]!).searchParams.get('inviteCode')!;
}

const members = async (c: Client) => (await c.get(`/api/orgs/${contoso}/members`, { auth: true })).body.result.members as Array<Record<string, unknown>>;
const myOrgs = async (c: Client, email: string) => (await c.get(`/api/accounts/${accountIds[email]}/orgs`, { auth: true })).body.result.orgs as Array<{ id: string }>;

beforeAll(async () => {
  t = await startServer({ trustProxy: 1, limits: { codeGuessesPerClient: 20, codeGuessesPerAccount: 10 } });
  const owner = await as('owner@example.com');
  contoso = (await myOrgs(owner, 'owner@example.com'))[0]!.id;
});
afterAll(async () => t.close());

describe('adding a member needs their consent', () => {
  it('an added registered user is invited (unverified), stays free to create a company, and joins only by accepting', async () => {
    const owner = await as('owner@example.com');
    const add = (email: string) => owner.post(`/api/orgs/${contoso}/members`, { email, role: 'member', region: 'Euw' }, { auth: true });

    const added = await add('demo@example.com');
    expect(added.body.result).toEqual({ email: 'demo@example.com', role: 'member', status: 'unverified' });
    expect((await members(owner)).find((m) => m.email === 'demo@example.com')).toMatchObject({ status: 'unverified', accountId: null, firstName: null, joinedAt: null });
    const demo = await as('demo@example.com');
    expect(await myOrgs(demo, 'demo@example.com')).toEqual([]);
    // Not in the company: no member list, and free to found its own.
    expect((await demo.get(`/api/orgs/${contoso}/members`, { auth: true })).body.errorCode).toBe(E.permissionDenied);
    const own = await demo.post('/api/orgs', { name: 'Dana Own Company', type: 'reseller', country: 'DE' }, { auth: true });
    expect(own.status).toBe(200);
    // One company per account still holds when it then accepts.
    expect((await demo.post('/api/orgs/members/invitations/status', { inviteCode: await inviteCodeFor(demo, 'demo@example.com') }, { auth: true })).body.errorCode).toBe(E.alreadyInOrg);

    await register('consenting@example.com');
    expect((await add('consenting@example.com')).body.result.status).toBe('unverified');
    const consenting = await as('consenting@example.com');
    expect(await myOrgs(consenting, 'consenting@example.com')).toEqual([]);
    const accepted = await consenting.post('/api/orgs/members/invitations/status', { inviteCode: await inviteCodeFor(consenting, 'consenting@example.com') }, { auth: true });
    expect(accepted.body.result).toEqual({ orgId: contoso, orgName: 'Contoso Demo Ltd', role: 'member' });
    expect((await myOrgs(consenting, 'consenting@example.com')).map((o) => o.id)).toEqual([contoso]);
    expect((await members(owner)).find((m) => m.email === 'consenting@example.com')).toMatchObject({ status: 'active', accountId: accountIds['consenting@example.com'], firstName: 'Reg' });
    // Now in a company, it cannot found another.
    expect((await consenting.post('/api/orgs', { name: 'Second Company', type: 'reseller', country: 'DE' }, { auth: true })).body.errorCode).toBe(E.orgTooMany);
  });

  it('answers the same whether the address has an account, has none, is in another company or in another region', async () => {
    const owner = await as('owner@example.com');
    const addresses = ['privacy@example.com', 'no-account-yet@example.com', 'founder@example.com', 'us@example.com'];
    const answers: Res[] = [];
    for (const email of addresses) answers.push(await owner.post(`/api/orgs/${contoso}/members`, { email, role: 'member', region: 'Euw' }, { auth: true }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((r) => r.body)).toEqual(addresses.map((email) => ({ result: { email, role: 'member', status: 'unverified' } })));
    const list = await members(owner);
    const rows = addresses.map((email) => list.find((m) => m.email === email)!);
    expect(new Set(rows.map(({ email: _e, invitedAt: _i, ...rest }) => JSON.stringify(rest))).size).toBe(1);
    expect(rows[0]).toMatchObject({ status: 'unverified', accountId: null, firstName: null, lastName: null });
    // The invitations endpoint answers alike too.
    const invited = await owner.post(`/api/orgs/${contoso}/members/invitations`, { emails: ['applicant@example.com', 'nobody-at-all@example.com'], role: 'member', region: 'Euw' }, { auth: true });
    expect(invited.body.result).toEqual({ invited: ['applicant@example.com', 'nobody-at-all@example.com'], refused: [] });

    // The rules are applied when the invitation is accepted: another region's account cannot join.
    const us = await as('us@example.com');
    const code = await inviteCodeFor(us, 'us@example.com');
    expect((await us.post('/api/region/use/orgs/members/invitations/status', { inviteCode: code }, { auth: true })).body.errorCode).toBe(E.inviteOtherRegion);
    expect(await myOrgs(us, 'us@example.com')).toEqual([]);
  });
});

describe('invite codes and company codes cannot be guessed at full speed', () => {
  const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
  const codes = (results: Res[]) => results.map((r) => r.body.errorCode as number | undefined);
  const count = (results: Res[], code: number) => codes(results).filter((c) => c === code).length;

  it('120 wrong invite codes from one client: refused after the limit, other clients unaffected, free again after 15 minutes', async () => {
    const anonymous = new Client(t.base);
    const results: Res[] = [];
    for (let i = 0; i < 120; i++) results.push(await anonymous.get(`/api/orgs/members/invitations/wrong-code-${i}`, from('10.1.0.1')));
    expect(codes(results.slice(0, 20))).toEqual(Array(20).fill(E.invitationInvalid));
    expect(codes(results.slice(20))).toEqual(Array(100).fill(E.rateLimited));
    expect(results[20]!.status).toBe(429);
    expect(results[20]!.body.result.retryAfterSeconds).toBeGreaterThan(0);
    // A right code from that client waits too; another client is not held back.
    const owner = await as('owner@example.com');
    await owner.post(`/api/orgs/${contoso}/members/invitations`, { emails: ['guess-target@example.com'], role: 'member', region: 'Euw' }, { auth: true });
    const right = await inviteCodeFor(owner, 'guess-target@example.com');
    expect((await anonymous.get(`/api/orgs/members/invitations/${right}`, from('10.1.0.1'))).body.errorCode).toBe(E.rateLimited);
    expect((await anonymous.get('/api/orgs/members/invitations/wrong-code', from('10.1.0.2'))).body.errorCode).toBe(E.invitationInvalid);
    // Right codes are not counted: a client may look its invitation up as often as it likes.
    const looks = [];
    for (let i = 0; i < 30; i++) looks.push(await anonymous.get(`/api/orgs/members/invitations/${right}`, from('10.1.0.3')));
    expect(looks.every((r) => r.status === 200)).toBe(true);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await anonymous.get(`/api/orgs/members/invitations/${right}`, from('10.1.0.1'))).body.result.invitedEmail).toBe('guess-target@example.com');
  });

  it('a burst of parallel wrong invite codes from one client gets no more than the limit through', async () => {
    const anonymous = new Client(t.base);
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => anonymous.get(`/api/orgs/members/invitations/burst-${i}`, from('10.2.0.1'))));
    expect(count(results, E.invitationInvalid)).toBe(20);
    expect(count(results, E.rateLimited)).toBe(40);
  });

  it('120 wrong company codes from one client network (several accounts): refused after the client limit', async () => {
    const accounts = await Promise.all(['admin@example.com', 'member@example.com', 'applicant@example.com', 'founder@example.com'].map(as));
    const results: Res[] = [];
    // Round robin, so no account reaches its own limit of 10 before the client's 20 are used.
    for (let i = 0; i < 120; i++) results.push(await accounts[i % 4]!.get(`/api/orgs/orgCode/WRONG${i}`, { auth: true, ...from('10.3.0.1') }));
    expect(codes(results.slice(0, 20))).toEqual(Array(20).fill(E.orgMissing));
    expect(codes(results.slice(20))).toEqual(Array(100).fill(E.rateLimited));
    // The client's limit, not the accounts': each of them is fine from elsewhere.
    expect((await accounts[0]!.get('/api/orgs/orgCode/WRONGX', { auth: true, ...from('10.3.0.2') })).body.errorCode).toBe(E.orgMissing);
    // Another region's code counts as a wrong guess as well (it only says "not in your region").
    const us = await as('us@example.com');
    const usResults: Res[] = [];
    for (let i = 0; i < 21; i++) usResults.push(await us.get('/api/region/use/orgs/orgCode/CONTOSO01', { auth: true, ...from('10.3.0.3') }));
    expect(count(usResults, E.orgNotInRegion)).toBe(10);
    expect(count(usResults, E.rateLimited)).toBe(11);
  });

  it('one account guessing from 120 client addresses: refused after the account limit, for company codes and invite acceptance alike', async () => {
    await register('guesser@example.com');
    const guesser = await as('guesser@example.com');
    const orgResults: Res[] = [];
    for (let i = 0; i < 120; i++) orgResults.push(await guesser.get(`/api/orgs/orgCode/WRONG${i}`, { auth: true, ...from(`10.4.${i}.1`) }));
    expect(codes(orgResults.slice(0, 10))).toEqual(Array(10).fill(E.orgMissing));
    expect(codes(orgResults.slice(10))).toEqual(Array(110).fill(E.rateLimited));
    // Even the right code waits for this account, while another account from a fresh address finds it.
    expect((await guesser.get('/api/orgs/orgCode/CONTOSO01', { auth: true, ...from('10.5.0.1') })).body.errorCode).toBe(E.rateLimited);
    const demo = await as('demo@example.com');
    expect((await demo.get('/api/orgs/orgCode/CONTOSO01', { auth: true, ...from('10.5.0.1') })).body.result.name).toBe('Contoso Demo Ltd');

    const acceptResults: Res[] = [];
    for (let i = 0; i < 120; i++) acceptResults.push(await guesser.post('/api/orgs/members/invitations/status', { inviteCode: `wrong-${i}` }, { auth: true, ...from(`10.6.${i}.1`) }));
    expect(codes(acceptResults.slice(0, 10))).toEqual(Array(10).fill(E.invitationInvalid));
    expect(codes(acceptResults.slice(10))).toEqual(Array(110).fill(E.rateLimited));
  });

  it('registering with wrong invite codes counts as guessing too', async () => {
    const anonymous = new Client(t.base);
    const results: Res[] = [];
    for (let i = 0; i < 30; i++) {
      const body = { email: `reg-guess-${i}@example.com`, password: DEMO_PASSWORD, regionCode: 'DE', firstName: 'Reg', lastName: 'Guess', inviteCode: `wrong-${i}` };
      results.push(await anonymous.post('/api/register/captcha', body, from('10.8.0.1')));
    }
    expect(codes(results.slice(0, 20))).toEqual(Array(20).fill(E.invitationInvalid));
    expect(codes(results.slice(20))).toEqual(Array(10).fill(E.rateLimited));
  });

  it('search results and code lookups show a company without its code to non-members', async () => {
    const demo = await as('demo@example.com');
    const found = (await demo.get('/api/orgs/search/contoso', { auth: true, ...from('10.7.0.1') })).body.result.orgs;
    expect(found.map((o: { name: string }) => o.name)).toEqual(['Contoso Demo Ltd']);
    expect(found[0]).not.toHaveProperty('orgCode');
    const owner = await as('owner@example.com');
    expect((await owner.get('/api/orgs/search/contoso', { auth: true, ...from('10.7.0.1') })).body.result.orgs[0].orgCode).toBe('CONTOSO01');
  });
});
