/**
 * Rules that must hold when requests arrive together: one company per account (creating or
 * joining), and the daily invitation caps per address (-40020) and per company (-40022).
 *
 * Each burst is spread over three server processes on one store (the test server and two
 * peers, see peer.ts): on SQLite that is the only way two requests really overlap (one process
 * runs its synchronous queries one request after the other), on PostgreSQL it is how several
 * API processes share a database. Connections are opened beforehand so that the requests of a
 * burst arrive together. The suite runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { isUniqueViolation } from '../db/portable';
import { Client, DEMO_PASSWORD, mails, signIn, startPeers, startServer, type Peers, type Res, type TestServer } from './harness';

const DAY = 86_400_000;

interface Session {
  c: Client;
  id: string;
}

async function session(t: TestServer, email: string): Promise<Session> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId as string;
  return { c, id };
}

/** Registers and activates an account of the Euw region, then signs it in. */
async function newUser(t: TestServer, email: string): Promise<Session> {
  const c = new Client(t.base);
  const res = await c.post('/api/register/captcha', { email, password: DEMO_PASSWORD, regionCode: 'DE', firstName: 'Race', lastName: 'User' });
  if (res.status !== 200) throw new Error(`register ${email}: ${res.text}`);
  await c.get((await mails(c, email))[0]!.links[0]!);
  return session(t, email);
}

async function companyOf(s: Session, name: string): Promise<string> {
  const res = await s.c.post('/api/orgs', { name, type: 'reseller', country: 'DE' }, { auth: true });
  if (res.status !== 200) throw new Error(`create ${name}: ${res.text}`);
  return res.body.result.id as string;
}

/** Every process of the store: the test server first, then its peers. */
let bases: string[] = [];
/** The process that request `i` of a burst goes to. */
const at = (i: number, pathname: string) => `${bases[i % bases.length]}${pathname}`;

/** Opens `n` keep-alive connections per process for this client, so that the burst that follows arrives together. */
async function warm(s: Session, n: number): Promise<void> {
  await Promise.all(Array.from({ length: n * bases.length }, (_, i) => s.c.get(at(i, '/api/user-info'), { auth: true })));
}

const codes = (results: Res[]) => results.map((r) => (r.status === 200 ? 0 : (r.body.errorCode as number)));
const count = (list: number[], code: number) => list.filter((c) => c === code).length;

const PER_ADDRESS = 2;
const PER_COMPANY = 8;
let t: TestServer;
let peers: Peers | undefined;
beforeAll(async () => {
  t = await startServer({ limits: { invitesPerUserPerDay: PER_ADDRESS, invitesPerOrgPerDay: PER_COMPANY } });
  peers = await startPeers(t, Number(process.env.NPEERS ?? 2));
  bases = process.env.ONLYPEERS ? peers.bases : [t.base, ...peers.bases];
});
afterAll(async () => {
  await peers?.stop();
  await t?.close();
});

describe('one company per account', () => {

  it('creates exactly one company per account when each of six accounts creates twelve at once', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, k) => newUser(t, `maker${k}@example.com`)));
    await Promise.all(people.map((p) => warm(p, 4)));
    const bursts = await Promise.all(
      people.map((p, k) => Promise.all(Array.from({ length: 12 }, (_, i) => p.c.post(at(i + k, '/api/orgs'), { name: `Parallel Works ${k}-${i}`, type: 'reseller', country: 'DE' }, { auth: true })))),
    );
    const db = t.server.ctx.region('Euw');
    for (const [k, results] of bursts.entries()) {
      const got = codes(results);
      expect(count(got, 0), `maker${k}`).toBe(1);
      expect(count(got, E.orgTooMany), `maker${k}`).toBe(11);
      expect(await db.selectFrom('orgs').select('id').where('owner_account_id', '=', people[k]!.id).execute()).toHaveLength(1);
      expect(await db.selectFrom('org_members').select('id').where('account_id', '=', people[k]!.id).where('status', '=', 'active').execute()).toHaveLength(1);
    }
    // Nothing half-written: no company without its owner.
    const orphans = await db.selectFrom('orgs').leftJoin('org_members', 'org_members.org_id', 'orgs.id').select('orgs.id').where('org_members.id', 'is', null).execute();
    expect(orphans).toEqual([]);
  });

  it('lets an account join only one company when invitations, direct adds and creations race', async () => {
    const owner = await session(t, 'owner@example.com');
    const founder = await session(t, 'founder@example.com');
    const contoso = (await owner.c.get(`/api/accounts/${owner.id}/orgs`, { auth: true })).body.result.orgs[0].id as string;
    const fabrikam = (await founder.c.get(`/api/accounts/${founder.id}/orgs`, { auth: true })).body.result.orgs[0].id as string;
    const racers = await Promise.all(Array.from({ length: 3 }, (_, k) => newUser(t, `racer${k}@example.com`)));
    const emails = racers.map((_, k) => `racer${k}@example.com`);
    for (const [who, org] of [
      [owner, contoso],
      [founder, fabrikam],
    ] as const) {
      const res = await who.c.post(`/api/orgs/${org}/members/invitations`, { emails, role: 'member', region: 'Euw' }, { auth: true });
      expect(res.status).toBe(200);
    }
    const inviteCodes = await Promise.all(
      emails.map(async (email) => (await mails(owner.c, email)).filter((m) => m.subject.includes('invites')).map((m) => new URL(m.links[0]!).searchParams.get('inviteCode')!)),
    );
    for (const list of inviteCodes) expect(list).toHaveLength(2);
    await Promise.all(racers.map((r) => warm(r, 4)));
    await warm(founder, 2);
    await warm(owner, 2);
    const bursts = await Promise.all(
      racers.map((r, k) =>
        Promise.all([
          ...Array.from({ length: 6 }, (_, i) => racer(i, r, inviteCodes[k]![i % 2]!)),
          founder.c.post(at(k, `/api/orgs/${fabrikam}/members`), { email: emails[k], role: 'member', region: 'Euw' }, { auth: true }),
          owner.c.post(at(k + 1, `/api/orgs/${contoso}/members`), { email: emails[k], role: 'member', region: 'Euw' }, { auth: true }),
          ...Array.from({ length: 6 }, (_, i) => r.c.post(at(i + k, '/api/orgs'), { name: `Racer Corp ${k}-${i}`, type: 'installer', country: 'DE' }, { auth: true })),
        ]),
      ),
    );
    const db = t.server.ctx.region('Euw');
    for (const [k, results] of bursts.entries()) {
      const got = codes(results);
      expect(count(got, 0), emails[k]).toBe(1);
      // The losers are told why: already in a company (joining), one company only (creating),
      // or an invitation that the winner has already used or closed.
      expect(got.filter((c) => ![0, E.alreadyInOrg, E.orgTooMany, E.invitationInvalid].includes(c)), emails[k]).toEqual([]);
      expect(got.slice(8).filter((c) => c !== 0), emails[k]).toEqual(Array(got.slice(8).includes(0) ? 5 : 6).fill(E.orgTooMany));
      expect(await db.selectFrom('org_members').select('org_id').where('account_id', '=', racers[k]!.id).where('status', '=', 'active').execute()).toHaveLength(1);
      expect(await db.selectFrom('orgs').select('id').where('owner_account_id', '=', racers[k]!.id).execute()).toHaveLength(got.slice(8).includes(0) ? 1 : 0);
    }
  });

  it('refuses a second active membership in the store itself', async () => {
    // The last line of defence below the checks: a partial unique index on active memberships.
    const db = t.server.ctx.region('Euw');
    const member = await db.selectFrom('org_members').select(['account_id', 'email']).where('status', '=', 'active').where('email', '=', 'member@example.com').executeTakeFirstOrThrow();
    const other = await db.selectFrom('orgs').select('id').where('name', '=', 'Fabrikam Startup').executeTakeFirstOrThrow();
    const refused = await db
      .insertInto('org_members')
      .values({ id: 'dup-membership', org_id: other.id, account_id: member.account_id, email: member.email, role: 'member', status: 'active', joined_at: 1, invited_at: null })
      .execute()
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(refused)).toBe(true);
    // Unverified (invited) rows are not memberships yet: they may exist for several companies.
    await db.insertInto('org_members').values({ id: 'invited-elsewhere', org_id: other.id, account_id: member.account_id, email: member.email, role: 'member', status: 'unverified', joined_at: null, invited_at: 1 }).execute();
    await db.deleteFrom('org_members').where('id', '=', 'invited-elsewhere').execute();
  });
});

/** Accepts an invitation of `code` as `r`, on process `i` of the store. */
function racer(i: number, r: Session, code: string) {
  return r.c.post(at(i, '/api/orgs/members/invitations/status'), { inviteCode: code }, { auth: true });
}

describe('daily invitation caps', () => {
  /** Ten companies of their own, with no invitation sent yet. */
  const owners: Array<{ s: Session; org: string }> = [];
  beforeAll(async () => {
    const bosses = await Promise.all(Array.from({ length: 10 }, (_, i) => newUser(t, `boss${i}@example.com`)));
    for (const [i, s] of bosses.entries()) owners.push({ s, org: await companyOf(s, `Boss Company ${i}`) });
  });

  const sends = (by: { org?: string; email?: string }) => {
    let q = t.server.ctx.region('Euw').selectFrom('invite_sends').select('id').where('sent_at', '>', t.server.ctx.now() - DAY);
    if (by.org) q = q.where('org_id', '=', by.org);
    if (by.email) q = q.where('email', '=', by.email);
    return q.execute().then((rows) => rows.length);
  };

  it('never sends more than the company cap when sixteen invitations per company arrive together', async () => {
    const companies = owners.slice(0, 4);
    for (const o of companies) expect(await sends({ org: o.org })).toBe(0);
    await Promise.all(companies.map((o) => warm(o.s, 6)));
    const bursts = await Promise.all(
      companies.map((o, k) =>
        Promise.all(Array.from({ length: 16 }, (_, i) => o.s.c.post(at(i + k, `/api/orgs/${o.org}/members/invitations`), { emails: [`crowd${k}-${i}@example.com`], role: 'member', region: 'Euw' }, { auth: true }))),
      ),
    );
    for (const [k, results] of bursts.entries()) {
      const got = codes(results);
      expect(count(got, 0)).toBe(PER_COMPANY);
      expect(count(got, E.orgDailyInvitesExceeded)).toBe(16 - PER_COMPANY);
      expect(await sends({ org: companies[k]!.org })).toBe(PER_COMPANY);
      const pending = await t.server.ctx.region('Euw').selectFrom('invitations').select('email').where('org_id', '=', companies[k]!.org).where('status', '=', 'pending').execute();
      expect(pending).toHaveLength(PER_COMPANY);
      let mailed = 0;
      for (let i = 0; i < 16; i++) mailed += (await mails(companies[k]!.s.c, `crowd${k}-${i}@example.com`)).length;
      expect(mailed).toBe(PER_COMPANY);
    }
  });

  it('never invites one address more than its cap when six companies invite it together', async () => {
    const companies = owners.slice(4, 10);
    const wanted = ['wanted0@example.com', 'wanted1@example.com', 'wanted2@example.com'];
    await Promise.all(companies.map((o) => warm(o.s, 1)));
    const results = await Promise.all(
      wanted.flatMap((email, k) => companies.map((o, i) => o.s.c.post(at(i + k, `/api/orgs/${o.org}/members/invitations`), { emails: [email], role: 'member', region: 'Euw' }, { auth: true }))),
    );
    const got = codes(results);
    expect(count(got, 0)).toBe(PER_ADDRESS * wanted.length);
    expect(count(got, E.userDailyInvitesExceeded)).toBe((companies.length - PER_ADDRESS) * wanted.length);
    for (const email of wanted) {
      expect(await sends({ email })).toBe(PER_ADDRESS);
      expect(await mails(companies[0]!.s.c, email)).toHaveLength(PER_ADDRESS);
    }
  });

  it('counts re-invitations and invitations of one address against the same cap', async () => {
    const companies = owners.slice(4, 10);
    const sought = ['sought0@example.com', 'sought1@example.com', 'sought2@example.com'];
    for (const [k, email] of sought.entries()) {
      const first = companies[k]!;
      expect((await first.s.c.post(`/api/orgs/${first.org}/members/invitations`, { emails: [email], role: 'member', region: 'Euw' }, { auth: true })).status).toBe(200);
      // A minute later (the peers run on the real clock: the invitation is made a minute older).
      await t.server.ctx
        .region('Euw')
        .updateTable('invitations')
        .set((eb) => ({ last_sent_at: eb('last_sent_at', '-', 61_000) }))
        .where('org_id', '=', first.org)
        .where('email', '=', email)
        .execute();
    }
    await Promise.all(companies.map((o) => warm(o.s, 2)));
    const bursts = await Promise.all(
      sought.map((email, k) =>
        Promise.all([
          ...Array.from({ length: 3 }, (_, i) => companies[k]!.s.c.post(at(i + k, `/api/orgs/${companies[k]!.org}/members/reinvitation`), { email, region: 'Euw' }, { auth: true })),
          ...companies.filter((_, j) => j !== k).map((o, i) => o.s.c.post(at(i + k + 1, `/api/orgs/${o.org}/members/invitations`), { emails: [email], role: 'member', region: 'Euw' }, { auth: true })),
        ]),
      ),
    );
    for (const [k, results] of bursts.entries()) {
      const got = codes(results);
      expect(count(got, 0), sought[k]).toBe(PER_ADDRESS - 1);
      expect(got.filter((c) => ![0, E.userDailyInvitesExceeded, E.reinviteTooSoon].includes(c)), sought[k]).toEqual([]);
      expect(await sends({ email: sought[k] })).toBe(PER_ADDRESS);
      expect(await mails(companies[0]!.s.c, sought[k])).toHaveLength(PER_ADDRESS);
    }
  });
});
