import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../core/contract/securityEvents';
import { activateFromMail, Client, DEMO_PASSWORD, signIn, startServer, withMailQueueDown, type TestServer } from './harness';

/*
 * What the company screens promise ("You will be told when it is answered"): the managers hear of
 * an application, the applicant of the answer, the inviter of an accepted invitation. Each mail is
 * in its receiver's profile language, never goes to whoever acted, and a mail that cannot be queued
 * does not undo the change. Demo data: Contoso Demo Ltd (owner, admin, member; applicant@ has applied).
 */
let t: TestServer;
const clients: Record<string, Client> = {};
const ids: Record<string, string> = {};
let contoso = '';

interface OutboxMail {
  kind: string;
  to: string;
  language: string;
  subject: string;
  text: string;
  links: string[];
}

async function as(email: string): Promise<Client> {
  if (!clients[email]) {
    const c = new Client(t.base);
    await signIn(c, email, DEMO_PASSWORD);
    ids[email] = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
    clients[email] = c;
  }
  return clients[email]!;
}

/** The development outbox's mails to `to` of `kind`, newest first. */
async function mailsOf(to: string, kind: string): Promise<OutboxMail[]> {
  const res = await new Client(t.base).get(`/dev/mail.json?to=${encodeURIComponent(to)}`);
  return (res.body as OutboxMail[]).filter((m) => m.kind === kind);
}

async function setLanguage(email: string, language: string): Promise<void> {
  await t.server.ctx.region('Euw').updateTable('accounts').set({ language }).where('email', '=', email).execute();
}

async function register(email: string, language: string, extra: Record<string, unknown> = {}) {
  const c = new Client(t.base);
  const res = await c.post('/api/register/captcha', { email, password: DEMO_PASSWORD, regionCode: 'DE', firstName: 'Jo', lastName: 'Joiner', language, ...extra });
  if (res.status === 200 && !res.body.result.activated) await activateFromMail(c, email);
  await setLanguage(email, language);
  return res;
}

async function pendingApplicationOf(manager: Client, email: string): Promise<string> {
  const apps = (await manager.post(`/api/orgs/${contoso}/members/unaudited`, undefined, { auth: true })).body.result.applications as Array<{ id: string; applicant: { email: string } }>;
  return apps.find((a) => a.applicant.email === email)!.id;
}

async function activityOf(email: string): Promise<SecurityEvent[]> {
  const c = await as(email);
  return (await c.get(`/api/account/${ids[email]}/security-events`, { auth: true })).body.result.events;
}

beforeAll(async () => {
  t = await startServer();
  const owner = await as('owner@example.com');
  contoso = (await owner.get(`/api/accounts/${ids['owner@example.com']}/orgs`, { auth: true })).body.result.orgs[0].id;
  // Receivers in other languages than the people who act.
  await setLanguage('admin@example.com', 'de_DE');
  await setLanguage('applicant@example.com', 'fr_FR');
});
afterAll(async () => t.close());

describe('company notifications', () => {
  it('tells every manager of a new application, each in their own language, and nobody else', async () => {
    await register('joiner@example.com', 'ja_JP');
    const joiner = await as('joiner@example.com');
    expect((await joiner.post('/api/orgs/members/applications', { orgId: contoso }, { auth: true })).status).toBe(200);

    const [toOwner] = await mailsOf('owner@example.com', 'applicationReceived');
    expect(toOwner).toMatchObject({ language: 'en_US', subject: 'Jo Joiner asks to join Contoso Demo Ltd' });
    expect(toOwner!.text).toContain('joiner@example.com');
    expect(toOwner!.links).toEqual([`${t.base}/accountSetting/company/applications`]);
    const [toAdmin] = await mailsOf('admin@example.com', 'applicationReceived');
    expect(toAdmin).toMatchObject({ language: 'de_DE', subject: 'Jo Joiner möchte Contoso Demo Ltd beitreten' });
    expect(await mailsOf('owner@example.com', 'applicationReceived')).toHaveLength(1); // one each
    // Neither a plain member nor the applicant.
    expect(await mailsOf('member@example.com', 'applicationReceived')).toHaveLength(0);
    expect(await mailsOf('joiner@example.com', 'applicationReceived')).toHaveLength(0);
  });

  it("tells the applicant of an acceptance in the applicant's language, not the manager who decided", async () => {
    const admin = await as('admin@example.com');
    const decided = await admin.post(`/api/orgs/${contoso}/members/applications/status`, { applicationId: await pendingApplicationOf(admin, 'joiner@example.com'), status: 'accepted' }, { auth: true });
    expect(decided.body.result.status).toBe('accepted');

    const [mail] = await mailsOf('joiner@example.com', 'applicationAccepted');
    expect(mail).toMatchObject({ language: 'ja_JP', subject: 'Contoso Demo Ltd への参加申請が承認されました' });
    expect(mail!.links).toEqual([`${t.base}/accountSetting/company`]);
    for (const manager of ['admin@example.com', 'owner@example.com']) expect(await mailsOf(manager, 'applicationAccepted')).toHaveLength(0);
    // The applicant's activity says so; the manager's device and place are not the applicant's.
    const [event] = (await activityOf('joiner@example.com')).filter((e) => e.kind === 'company_application_accepted');
    expect(event).toMatchObject({ detail: { org: 'Contoso Demo Ltd' }, ip: null, browser: null, country: null });
  });

  it('tells the applicant of a rejection in their language', async () => {
    const owner = await as('owner@example.com');
    const decided = await owner.post(`/api/orgs/${contoso}/members/applications/status`, { applicationId: await pendingApplicationOf(owner, 'applicant@example.com'), status: 'rejected' }, { auth: true });
    expect(decided.body.result.status).toBe('rejected');

    const [mail] = await mailsOf('applicant@example.com', 'applicationRejected');
    expect(mail).toMatchObject({ language: 'fr_FR', subject: 'Votre demande d’adhésion à Contoso Demo Ltd n’a pas été acceptée' });
    expect(mail!.links).toEqual([`${t.base}/accountSetting/company/join`]);
    expect(await mailsOf('owner@example.com', 'applicationRejected')).toHaveLength(0);
    expect((await activityOf('applicant@example.com')).filter((e) => e.kind === 'company_application_rejected')).toMatchObject([{ detail: { org: 'Contoso Demo Ltd' } }]);
  });

  it("tells the inviter when an invitation is accepted, in the inviter's language, not the invitee", async () => {
    const admin = await as('admin@example.com');
    await admin.post(`/api/orgs/${contoso}/members/invitations`, { emails: ['colleague@example.com'], role: 'member', region: 'Euw', language: 'en_US' }, { auth: true });
    const invitation = (await new Client(t.base).get('/dev/mail.json?to=colleague%40example.com')).body as OutboxMail[];
    const code = new URL(invitation.find((m) => m.kind === 'invitation')!.links[0]!).searchParams.get('inviteCode')!;
    // Registering through the invitation accepts it.
    const reg = await register('colleague@example.com', 'es_ES', { inviteCode: code, firstName: 'Cora', lastName: 'Colleague' });
    expect(reg.body.result).toMatchObject({ activated: true });

    const [mail] = await mailsOf('admin@example.com', 'invitationAccepted');
    expect(mail).toMatchObject({ language: 'de_DE', subject: 'Cora Colleague ist Contoso Demo Ltd beigetreten' });
    expect(mail!.text).toContain('colleague@example.com');
    expect(mail!.links).toEqual([`${t.base}/accountSetting/company/members`]);
    expect(await mailsOf('colleague@example.com', 'invitationAccepted')).toHaveLength(0);
    expect(await mailsOf('owner@example.com', 'invitationAccepted')).toHaveLength(0); // only the inviter

    // A registered invitee accepting while signed in: the same.
    await register('second@example.com', 'it_IT', { firstName: 'Sam', lastName: 'Second' });
    const owner = await as('owner@example.com');
    await owner.post(`/api/orgs/${contoso}/members/invitations`, { emails: ['second@example.com'], role: 'member', region: 'Euw' }, { auth: true });
    const second = await as('second@example.com');
    const mails = (await new Client(t.base).get('/dev/mail.json?to=second%40example.com')).body as OutboxMail[];
    const code2 = new URL(mails.find((m) => m.kind === 'invitation')!.links[0]!).searchParams.get('inviteCode')!;
    expect((await second.post('/api/orgs/members/invitations/status', { inviteCode: code2 }, { auth: true })).status).toBe(200);
    expect(await mailsOf('owner@example.com', 'invitationAccepted')).toMatchObject([{ language: 'en_US', subject: 'Sam Second joined Contoso Demo Ltd' }]);
  });

  it("writes an invitation in a registered invitee's own language, the inviter's page language only for an address without an account", async () => {
    await register('italian@example.com', 'it_IT', { firstName: 'Ida', lastName: 'Italiana' });
    const owner = await as('owner@example.com');
    // The page sends its own language (the inviter's): a guess, for an address nobody has yet.
    await owner.post(`/api/orgs/${contoso}/members/invitations`, { emails: ['italian@example.com', 'nobody-yet@example.com'], role: 'member', region: 'Euw', language: 'de_DE' }, { auth: true });
    const [italian] = await mailsOf('italian@example.com', 'invitation');
    expect(italian).toMatchObject({ language: 'it_IT', subject: 'Olivia Owner ti invita a unirti a Contoso Demo Ltd' });
    // The role is named in the mail's language too, not as the API spells it.
    expect(italian!.text).toContain('come Membro.');
    const [guessed] = await mailsOf('nobody-yet@example.com', 'invitation');
    expect(guessed).toMatchObject({ language: 'de_DE' });
    expect(guessed!.text).toContain('als Mitglied in das Unternehmen');
  });

  it('keeps the change when a mail cannot be queued, and counts it', async () => {
    await register('late@example.com', 'en_US');
    const late = await as('late@example.com');
    const applied = await withMailQueueDown(t, () => late.post('/api/orgs/members/applications', { orgId: contoso }, { auth: true }));
    expect(applied.status).toBe(200);
    const owner = await as('owner@example.com');
    const applicationId = await pendingApplicationOf(owner, 'late@example.com');
    const decided = await withMailQueueDown(t, () => owner.post(`/api/orgs/${contoso}/members/applications/status`, { applicationId, status: 'rejected' }, { auth: true }));
    expect(decided.body.result.status).toBe('rejected');
    expect(await mailsOf('late@example.com', 'applicationRejected')).toHaveLength(0);
    const metrics = await t.server.ctx.metrics.registry.getSingleMetricAsString('uid_mails_total');
    expect(metrics).toMatch(/uid_mails_total\{result="unqueued"\} [3-9]/); // two managers told of the application, the applicant of the answer
  });
});
