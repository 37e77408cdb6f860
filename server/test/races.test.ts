/**
 * Rules that must hold when requests arrive together: one company per account (creating or
 * joining), and the daily invitation caps per address (-40020) and per company (-40022).
 *
 * Each burst goes to two peer processes on the test server's store (peer.ts), while the test
 * holds the store's write lock (`holdWrites`): every request reads before any can write, so a
 * check made outside the writing transaction lets more than one request through however the
 * requests happen to be scheduled — on SQLite too, where one process runs its synchronous
 * queries one request after the other and only several processes on one file can overlap. The
 * suite runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { isUniqueViolation } from '../db/portable';
import { activateFromMail, Client, DEMO_PASSWORD, holdWrites, mails, signIn, startPeers, startServer, type Peers, type Res, type TestServer } from './harness';
import { companyStore } from '../../plugins/company/server/tables';

const DAY = 86_400_000;
/** How long the writes of a burst are held: ample for every request to reach its process and read. */
const HOLD_MS = 400;
const PER_ADDRESS = 2;
const PER_COMPANY = 8;

interface Session {
  c: Client;
  id: string;
}

let t: TestServer;
let peers: Peers | undefined;
beforeAll(async () => {
  t = await startServer({ limits: { invitesPerUserPerDay: PER_ADDRESS, invitesPerOrgPerDay: PER_COMPANY } });
  peers = await startPeers(t, 2);
}, 60_000); // two more Node processes that load the server's TypeScript, next to the other test files
afterAll(async () => {
  await peers?.stop();
  await t?.close();
});

async function session(email: string): Promise<Session> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  const id = (await c.get('/api/user-info', { auth: true })).body.result.accountId as string;
  return { c, id };
}

/** Registers and activates an account of the Euw region, then signs it in. */
async function newUser(email: string): Promise<Session> {
  const c = new Client(t.base);
  const res = await c.post('/api/register/captcha', { email, password: DEMO_PASSWORD, regionCode: 'DE', firstName: 'Race', lastName: 'User' });
  if (res.status !== 200) throw new Error(`register ${email}: ${res.text}`);
  await activateFromMail(c, email);
  return session(email);
}

async function companyOf(s: Session, name: string): Promise<string> {
  const res = await s.c.post('/api/orgs', { name, type: 'reseller', country: 'DE' }, { auth: true });
  if (res.status !== 200) throw new Error(`create ${name}: ${res.text}`);
  return res.body.result.id as string;
}

/** The URL of `pathname` on the peer that request `i` of a burst goes to. */
const at = (i: number, pathname: string) => `${peers!.bases[i % peers!.bases.length]}${pathname}`;

/** Opens `n` keep-alive connections per peer for this client, so that the burst that follows arrives together. */
async function warm(s: Session, n: number): Promise<void> {
  await Promise.all(Array.from({ length: n * peers!.bases.length }, (_, i) => s.c.get(at(i, '/api/user-info'), { auth: true })));
}

/** Sends a burst while writes to `tables` of the Euw store are held; resolves its responses once released. */
async function burst<T>(tables: string[], send: () => Promise<T>): Promise<T> {
  const release = await holdWrites(t, 'euw', tables);
  let held = true;
  try {
    const responses = send();
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    held = false;
    await release();
    return await responses;
  } finally {
    if (held) await release();
  }
}

const codes = (results: Res[]) => results.map((r) => (r.status === 200 ? 0 : (r.body.errorCode as number)));
const count = (list: number[], code: number) => list.filter((c) => c === code).length;
const invite = (s: Session, i: number, org: string, email: string) =>
  s.c.post(at(i, `/api/orgs/${org}/members/invitations`), { emails: [email], role: 'member', region: 'Euw' }, { auth: true });

describe('one company per account', () => {
  it('creates exactly one company per account when each of four accounts creates twelve at once', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, (_, k) => newUser(`maker${k}@example.com`)));
    await Promise.all(people.map((p) => warm(p, 3)));
    const bursts = await burst(['orgs', 'org_members'], () =>
      Promise.all(people.map((p, k) => Promise.all(Array.from({ length: 12 }, (_, i) => p.c.post(at(i + k, '/api/orgs'), { name: `Parallel Works ${k}-${i}`, type: 'reseller', country: 'DE' }, { auth: true }))))),
    );
    const db = companyStore(t.server.ctx, 'Euw');
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
    const owner = await session('owner@example.com');
    const founder = await session('founder@example.com');
    const contoso = (await owner.c.get(`/api/accounts/${owner.id}/orgs`, { auth: true })).body.result.orgs[0].id as string;
    const fabrikam = (await founder.c.get(`/api/accounts/${founder.id}/orgs`, { auth: true })).body.result.orgs[0].id as string;
    const racers = await Promise.all(Array.from({ length: 3 }, (_, k) => newUser(`racer${k}@example.com`)));
    const emails = racers.map((_, k) => `racer${k}@example.com`);
    for (const [who, org] of [
      [owner, contoso],
      [founder, fabrikam],
    ] as const) {
      expect((await who.c.post(`/api/orgs/${org}/members/invitations`, { emails, role: 'member', region: 'Euw' }, { auth: true })).status).toBe(200);
    }
    const inviteCodes = await Promise.all(
      emails.map(async (email) => (await mails(owner.c, email)).filter((m) => m.subject.includes('invites')).map((m) => new URL(m.links[0]!).searchParams.get('inviteCode')!)),
    );
    for (const list of inviteCodes) expect(list).toHaveLength(2);
    await Promise.all([...racers.map((r) => warm(r, 3)), warm(founder, 2), warm(owner, 2)]);
    // Per racer: six acceptances (three per invitation), a direct add (an invitation) by each company, six creations.
    const bursts = await burst(['orgs', 'org_members', 'invitations'], () =>
      Promise.all(
        racers.map((r, k) =>
          Promise.all([
            ...Array.from({ length: 6 }, (_, i) => r.c.post(at(i + k, '/api/orgs/members/invitations/status'), { inviteCode: inviteCodes[k]![i % 2]! }, { auth: true })),
            founder.c.post(at(k, `/api/orgs/${fabrikam}/members`), { email: emails[k], role: 'member', region: 'Euw' }, { auth: true }),
            owner.c.post(at(k + 1, `/api/orgs/${contoso}/members`), { email: emails[k], role: 'member', region: 'Euw' }, { auth: true }),
            ...Array.from({ length: 6 }, (_, i) => r.c.post(at(i + k, '/api/orgs'), { name: `Racer Corp ${k}-${i}`, type: 'installer', country: 'DE' }, { auth: true })),
          ]),
        ),
      ),
    );
    const db = companyStore(t.server.ctx, 'Euw');
    for (const [k, results] of bursts.entries()) {
      const got = codes(results);
      const created = got.slice(8);
      expect(count(got, 0), emails[k]).toBe(1);
      // The others are told why: already in a company (joining), one company only (creating),
      // an invitation that the winner has used or closed, or (a direct add, which only invites)
      // already invited.
      expect(got.filter((c) => ![0, E.alreadyInOrg, E.orgTooMany, E.invitationInvalid, E.alreadyInvited].includes(c)), emails[k]).toEqual([]);
      expect(got.slice(6, 8).filter((c) => c === 0), emails[k]).toEqual([]); // a direct add never makes a member
      expect(created.filter((c) => c !== 0), emails[k]).toEqual(Array(created.includes(0) ? 5 : 6).fill(E.orgTooMany));
      expect(await db.selectFrom('org_members').select('org_id').where('account_id', '=', racers[k]!.id).where('status', '=', 'active').execute()).toHaveLength(1);
      expect(await db.selectFrom('orgs').select('id').where('owner_account_id', '=', racers[k]!.id).execute()).toHaveLength(created.includes(0) ? 1 : 0);
    }
  });

  it('refuses a second active membership in the store itself', async () => {
    // The last line of defence below the checks: a partial unique index on active memberships.
    const db = companyStore(t.server.ctx, 'Euw');
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
    // Invited (unverified) rows are not memberships: they may exist for several companies.
    await db.insertInto('org_members').values({ id: 'invited-elsewhere', org_id: other.id, account_id: member.account_id, email: member.email, role: 'member', status: 'unverified', joined_at: null, invited_at: 1 }).execute();
    await db.deleteFrom('org_members').where('id', '=', 'invited-elsewhere').execute();
  });
});

describe('daily invitation caps', () => {
  /** Ten companies of their own, none of which has sent an invitation yet. */
  const owners: Array<{ s: Session; org: string }> = [];
  beforeAll(async () => {
    const bosses = await Promise.all(Array.from({ length: 10 }, (_, i) => newUser(`boss${i}@example.com`)));
    for (const [i, s] of bosses.entries()) owners.push({ s, org: await companyOf(s, `Boss Company ${i}`) });
  }, 30_000);

  const sends = (by: { org?: string; email?: string }) => {
    let q = companyStore(t.server.ctx, 'Euw').selectFrom('invite_sends').select('id').where('sent_at', '>', t.server.ctx.now() - DAY);
    if (by.org) q = q.where('org_id', '=', by.org);
    if (by.email) q = q.where('email', '=', by.email);
    return q.execute().then((rows) => rows.length);
  };

  it('never sends more than the company cap when sixteen invitations per company arrive together', async () => {
    const companies = owners.slice(0, 4);
    for (const o of companies) expect(await sends({ org: o.org })).toBe(0);
    await Promise.all(companies.map((o) => warm(o.s, 4)));
    const bursts = await burst(['invitations', 'org_members', 'invite_sends'], () =>
      Promise.all(companies.map((o, k) => Promise.all(Array.from({ length: 16 }, (_, i) => invite(o.s, i + k, o.org, `crowd${k}-${i}@example.com`))))),
    );
    for (const [k, results] of bursts.entries()) {
      const got = codes(results);
      expect(count(got, 0)).toBe(PER_COMPANY);
      expect(count(got, E.orgDailyInvitesExceeded)).toBe(16 - PER_COMPANY);
      expect(await sends({ org: companies[k]!.org })).toBe(PER_COMPANY);
      const pending = await companyStore(t.server.ctx, 'Euw').selectFrom('invitations').select('email').where('org_id', '=', companies[k]!.org).where('status', '=', 'pending').execute();
      expect(pending).toHaveLength(PER_COMPANY);
      let mailed = 0;
      for (let i = 0; i < 16; i++) mailed += (await mails(companies[k]!.s.c, `crowd${k}-${i}@example.com`)).length;
      expect(mailed).toBe(PER_COMPANY);
    }
  });

  it('never invites one address more than its cap when six companies invite it together', async () => {
    const companies = owners.slice(4, 10);
    const wanted = ['wanted0@example.com', 'wanted1@example.com', 'wanted2@example.com'];
    await Promise.all(companies.map((o) => warm(o.s, 2)));
    const bursts = await burst(['invitations', 'org_members', 'invite_sends'], () =>
      Promise.all(wanted.map((email, k) => Promise.all(companies.map((o, i) => invite(o.s, i + k, o.org, email))))),
    );
    for (const [k, results] of bursts.entries()) {
      const got = codes(results);
      expect(count(got, 0), wanted[k]).toBe(PER_ADDRESS);
      expect(count(got, E.userDailyInvitesExceeded), wanted[k]).toBe(companies.length - PER_ADDRESS);
      expect(await sends({ email: wanted[k] })).toBe(PER_ADDRESS);
      expect(await mails(companies[0]!.s.c, wanted[k])).toHaveLength(PER_ADDRESS);
    }
  });

  it('counts re-invitations and invitations of one address against the same cap', async () => {
    const companies = owners.slice(4, 10);
    const sought = ['sought0@example.com', 'sought1@example.com', 'sought2@example.com'];
    for (const [k, email] of sought.entries()) {
      const first = companies[k]!;
      expect((await first.s.c.post(`/api/orgs/${first.org}/members/invitations`, { emails: [email], role: 'member', region: 'Euw' }, { auth: true })).status).toBe(200);
      // A minute later (the peers run on the real clock: the invitation is made a minute older).
      await companyStore(t.server.ctx, 'Euw')
        .updateTable('invitations')
        .set((eb) => ({ last_sent_at: eb('last_sent_at', '-', 61_000) }))
        .where('org_id', '=', first.org)
        .where('email', '=', email)
        .execute();
    }
    await Promise.all(companies.map((o) => warm(o.s, 2)));
    // Per address: three re-invitations by the company that invited it and an invitation by each
    // of the five others, taking turns (the first two requests of a burst go to different peers).
    const bursts = await burst(['invitations', 'org_members', 'invite_sends'], () =>
      Promise.all(
        sought.map((email, k) => {
          const reinvite = (i: number) => companies[k]!.s.c.post(at(i, `/api/orgs/${companies[k]!.org}/members/reinvitation`), { email, region: 'Euw' }, { auth: true });
          const others = companies.filter((_, j) => j !== k);
          return Promise.all([reinvite(0), invite(others[0]!.s, 1, others[0]!.org, email), reinvite(2), invite(others[1]!.s, 3, others[1]!.org, email), reinvite(4), ...others.slice(2).map((o, i) => invite(o.s, 5 + i, o.org, email))]);
        }),
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
