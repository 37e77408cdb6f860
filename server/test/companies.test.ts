import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { activateFromMail, Client, DEMO_PASSWORD, login, mails, signIn, startLogin, startServer, withMailQueueDown, type TestServer } from './harness';
import { companyStore } from '../../plugins/company/server/tables';

let t: TestServer;
const users: Record<string, Client> = {};
const ids: Record<string, string> = {};
let contoso = '';
let fabrikam = '';

async function as(email: string): Promise<Client> {
  if (!users[email]) {
    const c = new Client(t.base);
    await signIn(c, email, DEMO_PASSWORD);
    ids[email] = (await c.get('/api/user-info', { auth: true })).body.result.accountId;
    users[email] = c;
  }
  return users[email]!;
}

/** The invite code of the newest invitation mailed to `email`. */
async function inviteCodeFor(c: Client, email: string): Promise<string> {
  const mail = (await mails(c, email)).find((m) => m.subject.includes('invites'))!; // newest first
  return new URL(mail.links[0]!).searchParams.get('inviteCode')!;
}

async function register(email: string, extra: Record<string, unknown> = {}) {
  const c = new Client(t.base);
  const res = await c.post('/api/register/captcha', { email, password: DEMO_PASSWORD, regionCode: 'DE', firstName: 'Reg', lastName: 'User', ...extra });
  if (res.status === 200 && !res.body.result.activated) await activateFromMail(c, email);
  return res;
}

beforeAll(async () => {
  t = await startServer({ limits: { invitesPerUserPerDay: 2, invitesPerOrgPerDay: 6 } });
  const owner = await as('owner@example.com');
  contoso = (await owner.get(`/api/region/euw/accounts/${ids['owner@example.com']}/orgs`, { auth: true })).body.result.orgs[0].id;
  const founder = await as('founder@example.com');
  fabrikam = (await founder.get(`/api/accounts/${ids['founder@example.com']}/orgs`, { auth: true })).body.result.orgs[0].id;
});
afterAll(async () => t.close());

const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');
const md5 = (b: Buffer) => crypto.createHash('md5').update(b).digest('hex');
function licenseForm(file: Buffer, name: string, hash = md5(file)) {
  const form = new FormData();
  form.append('md5', hash);
  form.append('fileName', name);
  form.append('file', new Blob([new Uint8Array(file)]), 'upload.bin');
  return form;
}

describe('companies', () => {
  it('lists my company with role and version', async () => {
    const owner = await as('owner@example.com');
    const mine = (await owner.get(`/api/accounts/${ids['owner@example.com']}/orgs`, { auth: true })).body.result;
    expect(mine.orgs[0]).toMatchObject({ name: 'Contoso Demo Ltd', certified: true, role: 'owner', ownerAccount: 'owner@example.com', ownerName: 'Olivia Owner', region: 'Euw', orgCode: 'CONTOSO01' });
    expect((await owner.get(`/api/accounts/${ids['founder@example.com']}/orgs`, { auth: true })).body.errorCode).toBe(E.accountError);
  });

  it('creates a company with licence, refusing duplicates and a second company', async () => {
    const demo = await as('demo@example.com');
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await demo.req('POST', '/api/orgs/businessLicense', { auth: true, form: licenseForm(big, 'big.pdf') })).body.errorCode).toBe(E.licenseTooLarge);
    expect((await demo.req('POST', '/api/orgs/businessLicense', { auth: true, form: licenseForm(PDF, `${'x'.repeat(256)}.pdf`) })).body.errorCode).toBe(E.licenseNameTooLong);
    expect((await demo.req('POST', '/api/orgs/businessLicense', { auth: true, form: licenseForm(Buffer.from('MZ executable'), 'a.pdf') })).body).toMatchObject({ errorCode: E.invalidParameter, result: { field: 'file', reason: 'type' } });
    expect((await demo.req('POST', '/api/orgs/businessLicense', { auth: true, form: licenseForm(PDF, 'a.pdf', md5(Buffer.from('x'))) })).body.errorCode).toBe(E.invalidParameter);
    const lic = await demo.req('POST', '/api/orgs/businessLicense', { auth: true, form: licenseForm(PDF, 'Gewerbeschein ä.pdf') });
    expect(lic.status).toBe(200);
    const file = await demo.get(lic.body.result.url, { auth: true });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain("attachment; filename=\"Gewerbeschein _.pdf\"; filename*=UTF-8''Gewerbeschein%20%C3%A4.pdf");

    const input = { name: 'Northwind GmbH', type: 'reseller', country: 'DE', city: 'Hamburg', postCode: '20095', website: 'https://northwind.example', businessLicenseFileId: lic.body.result.fileId };
    expect((await demo.post('/api/orgs', { ...input, name: 'contoso demo ltd' }, { auth: true })).body.errorCode).toBe(E.orgDuplicate);
    expect((await demo.post('/api/orgs', { ...input, comment: '<img src=x onerror=alert(1)>' }, { auth: true })).body.errorCode).toBe(E.xssInRequest);
    expect((await demo.post('/api/orgs', { ...input, website: 'javascript:alert(1)' }, { auth: true })).body.errorCode).toBe(E.xssInRequest);
    expect((await demo.post('/api/orgs', { ...input, postCode: 'abc def' }, { auth: true })).body.errorCode).toBe(E.invalidParameter);
    expect((await demo.post('/api/orgs', { ...input, type: 'pirate' }, { auth: true })).body.errorCode).toBe(E.invalidParameter);
    const created = await demo.post('/api/orgs', input, { auth: true });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ name: 'Northwind GmbH', certified: false, ownerAccount: 'demo@example.com', version: 1, businessLicense: { fileName: 'Gewerbeschein ä.pdf' } });
    expect((await demo.post('/api/orgs', { ...input, name: 'Another One' }, { auth: true })).body.errorCode).toBe(E.orgTooMany);
    // Someone else's licence file cannot be attached.
    const founder = await as('founder@example.com');
    expect((await founder.req('PUT', '/api/orgs', { auth: true, body: { id: fabrikam, businessLicenseFileId: lic.body.result.fileId } })).body.errorCode).toBe(E.invalidParameter);
  });

  it('edits only uncertified companies, with roles and version checks', async () => {
    const owner = await as('owner@example.com');
    expect((await owner.req('PUT', '/api/orgs', { auth: true, body: { id: contoso, city: 'Munich' } })).body.errorCode).toBe(E.certifiedOrgReadOnly);
    const founder = await as('founder@example.com');
    const edited = await founder.req('PUT', '/api/orgs', { auth: true, body: { id: fabrikam, city: 'Paris', version: 1 } });
    expect(edited.body.result).toMatchObject({ city: 'Paris', version: 2 });
    expect((await founder.req('PUT', '/api/orgs', { auth: true, body: { id: fabrikam, city: 'Nice', version: 1 } })).body.errorCode).toBe(E.orgBusy);
    expect((await owner.req('PUT', '/api/orgs', { auth: true, body: { id: fabrikam, city: 'Nice' } })).body.errorCode).toBe(E.permissionDenied);
    expect((await owner.req('PUT', '/api/orgs', { auth: true, body: { id: 'no-such-org', city: 'Nice' } })).body.errorCode).toBe(E.orgMissing);
  });

  it('finds companies by code and by name in the caller region only', async () => {
    const demo = await as('demo@example.com');
    const byCode = (await demo.get('/api/orgs/orgCode/contoso01', { auth: true })).body.result;
    expect(byCode).toMatchObject({ name: 'Contoso Demo Ltd', certified: true, region: 'Euw' });
    expect(byCode).not.toHaveProperty('orgCode'); // only the company's own members see its code
    const owner = await as('owner@example.com');
    expect((await owner.get('/api/orgs/orgCode/contoso01', { auth: true })).body.result.orgCode).toBe('CONTOSO01');
    expect((await owner.get('/api/orgs/search/conto', { auth: true })).body.result.orgs[0].orgCode).toBe('CONTOSO01');
    expect((await demo.get('/api/orgs/orgCode/NOPE1234', { auth: true })).body.errorCode).toBe(E.orgMissing);
    const us = await as('us@example.com');
    expect((await us.get('/api/orgs/orgCode/CONTOSO01', { auth: true })).body.errorCode).toBe(E.orgNotInRegion);
    const found = (await demo.get('/api/orgs/search/conto', { auth: true })).body.result.orgs;
    expect(found.map((o: { name: string }) => o.name)).toEqual(['Contoso Demo Ltd']);
    expect(found[0]).not.toHaveProperty('orgCode');
    expect((await demo.get('/api/orgs/search/%25', { auth: true })).body.result.orgs).toEqual([]);
    expect((await us.get('/api/orgs/search/conto', { auth: true })).body.result.orgs).toEqual([]);
  });

  it('handles applications: unverified, duplicate, accept and reject', async () => {
    await register('joiner@example.com');
    const joiner = await as('joiner@example.com');
    expect((await joiner.post('/api/orgs/members/applications', { orgId: fabrikam }, { auth: true })).body.errorCode).toBe(E.orgUnverified);
    const applied = await joiner.post('/api/orgs/members/applications', { orgId: contoso }, { auth: true });
    expect(applied.status).toBe(200);
    expect((await joiner.post('/api/orgs/members/applications', { orgId: contoso }, { auth: true })).body.errorCode).toBe(E.alreadyApplying);
    const member = await as('member@example.com');
    expect((await member.post(`/api/orgs/${contoso}/members/unaudited`, undefined, { auth: true })).body.errorCode).toBe(E.permissionDenied);
    expect((await member.post('/api/orgs/members/applications', { orgId: contoso }, { auth: true })).body.errorCode).toBe(E.alreadyInOrg);
    const admin = await as('admin@example.com');
    const apps = (await admin.post(`/api/orgs/${contoso}/members/unaudited`, undefined, { auth: true })).body.result.applications;
    expect(apps.map((a: { applicant: { email: string } }) => a.applicant.email).sort()).toEqual(['applicant@example.com', 'joiner@example.com']);
    const joinerApp = apps.find((a: { applicant: { email: string } }) => a.applicant.email === 'joiner@example.com');
    const applicantApp = apps.find((a: { applicant: { email: string } }) => a.applicant.email === 'applicant@example.com');
    expect((await admin.post(`/api/orgs/${contoso}/members/applications/status`, { applicationId: joinerApp.id, status: 'accepted', role: 'admin' }, { auth: true })).body.errorCode).toBe(E.permissionDenied);
    expect((await admin.post(`/api/orgs/${contoso}/members/applications/status`, { applicationId: joinerApp.id, status: 'accepted' }, { auth: true })).body.result.status).toBe('accepted');
    expect((await admin.post(`/api/orgs/${contoso}/members/applications/status`, { applicationId: joinerApp.id, status: 'rejected' }, { auth: true })).body.errorCode).toBe(E.applicationMissing);
    expect((await admin.post(`/api/orgs/${contoso}/members/applications/status`, { applicationId: applicantApp.id, status: 'rejected' }, { auth: true })).body.result.status).toBe('rejected');
    const mine = (await joiner.get(`/api/accounts/${ids['joiner@example.com']}/orgs`, { auth: true })).body.result.orgs;
    expect(mine[0]).toMatchObject({ id: contoso, role: 'member' });
  });

  it('manages members with owner/admin/member permissions', async () => {
    const owner = await as('owner@example.com');
    const admin = await as('admin@example.com');
    const member = await as('member@example.com');
    const list = (await member.get(`/api/orgs/${contoso}/members`, { auth: true })).body.result.members;
    expect(list.map((m: { role: string }) => m.role)[0]).toBe('owner');
    expect(list.find((m: { email: string }) => m.email === 'invitee@example.com')).toMatchObject({ status: 'unverified', accountId: null });
    expect((await member.req('PUT', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'joiner@example.com', role: 'admin', region: 'Euw' } })).body.errorCode).toBe(E.permissionDenied);
    expect((await admin.req('PUT', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'joiner@example.com', role: 'admin', region: 'Euw' } })).body.errorCode).toBe(E.permissionDenied);
    expect((await admin.req('PUT', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'owner@example.com', role: 'member', region: 'Euw' } })).body.errorCode).toBe(E.permissionDenied);
    expect((await owner.req('PUT', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'joiner@example.com', role: 'admin', region: 'Euw' } })).body.result.role).toBe('admin');
    expect((await admin.req('DELETE', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'joiner@example.com', region: 'Euw' } })).body.errorCode).toBe(E.permissionDenied);
    expect((await owner.req('DELETE', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'joiner@example.com', region: 'Aps' } })).body.errorCode).toBe(E.orgNotInRegion);
    expect((await owner.req('DELETE', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'joiner@example.com', region: 'Euw' } })).status).toBe(200);
    expect((await admin.req('DELETE', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'owner@example.com', region: 'Euw' } })).body.errorCode).toBe(E.permissionDenied);
    // Adding someone invites them: they join when they accept (companyConsent.test.ts has the rest).
    expect((await admin.post(`/api/orgs/${contoso}/members`, { email: 'joiner@example.com', role: 'member', region: 'Euw' }, { auth: true })).body.result).toEqual({ email: 'joiner@example.com', role: 'member', status: 'unverified' });
    expect((await admin.post(`/api/orgs/${contoso}/members`, { email: 'admin@example.com', role: 'member', region: 'Euw' }, { auth: true })).body.errorCode).toBe(E.alreadyInOrg);
    expect((await admin.post(`/api/orgs/${contoso}/members`, { email: 'joiner@example.com', role: 'member', region: 'Use' }, { auth: true })).body.errorCode).toBe(E.inviteOtherRegion);
    expect((await member.post(`/api/orgs/${contoso}/members`, { email: 'x1@example.com', role: 'member', region: 'Euw' }, { auth: true })).body.errorCode).toBe(E.permissionDenied);
    expect((await admin.post(`/api/orgs/${contoso}/members`, { email: 'x1@example.com', role: 'admin', region: 'Euw' }, { auth: true })).body.errorCode).toBe(E.permissionDenied);
    const joiner = await as('joiner@example.com');
    expect((await joiner.post('/api/orgs/members/invitations/status', { inviteCode: await inviteCodeFor(joiner, 'joiner@example.com') }, { auth: true })).body.result.role).toBe('member');
    // A member may leave.
    expect((await joiner.req('DELETE', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'joiner@example.com', region: 'Euw' } })).status).toBe(200);
  });

  it('invites by email with the re-invite rules and caps', async () => {
    const owner = await as('owner@example.com');
    const member = await as('member@example.com');
    const inv = (emails: string[], who = owner, region = 'Euw') => who.post(`/api/orgs/${contoso}/members/invitations`, { emails, role: 'member', region }, { auth: true });
    expect((await inv(['a1@example.com'], member)).body.errorCode).toBe(E.permissionDenied);
    expect((await inv(['a1@example.com'], owner, 'Use')).body.errorCode).toBe(E.inviteOtherRegion);
    expect((await inv(['admin@example.com'])).body.errorCode).toBe(E.alreadyInOrg);
    expect((await inv(['invitee@example.com'])).body.errorCode).toBe(E.alreadyInvited);
    expect((await withMailQueueDown(t, () => inv(['mailfail@example.com']))).body.errorCode).toBe(E.invitationMailFailed);
    const ok = await inv(['guest@example.com']);
    expect(ok.body.result.invited).toEqual(['guest@example.com']);
    const mail = (await mails(owner, 'guest@example.com'))[0]!;
    expect(mail.subject).toBe('Olivia Owner invites you to join Contoso Demo Ltd');
    const code = new URL(mail.links[0]!).searchParams.get('inviteCode')!;
    const info = await new Client(t.base).get(`/api/orgs/members/invitations/${encodeURIComponent(code)}`);
    expect(info.body.result).toMatchObject({ invitedEmail: 'guest@example.com', orgRegion: 'Euw', orgCountry: 'DE', status: 'unregistered', orgName: 'Contoso Demo Ltd', role: 'member' });
    expect((await new Client(t.base).get('/api/orgs/members/invitations/nope-nope')).body.errorCode).toBe(E.invitationInvalid);

    const re = (email: string) => owner.post(`/api/orgs/${contoso}/members/reinvitation`, { email, region: 'Euw' }, { auth: true });
    expect((await re('guest@example.com')).body.errorCode).toBe(E.reinviteTooSoon);
    t.clock.advance(61_000);
    expect((await re('guest@example.com')).status).toBe(200);
    // The old code stops working once a new one went out.
    expect((await new Client(t.base).get(`/api/orgs/members/invitations/${encodeURIComponent(code)}`)).body.errorCode).toBe(E.invitationInvalid);
    t.clock.advance(61_000);
    expect((await re('guest@example.com')).body.errorCode).toBe(E.userDailyInvitesExceeded);
    expect((await re('nobody@example.com')).body.errorCode).toBe(E.invitationInvalid);

    // Expired invitation: invite again from the member list.
    t.clock.advance(8 * 86_400_000);
    delete users['owner@example.com'];
    const owner2 = await as('owner@example.com');
    const members = (await owner2.get(`/api/orgs/${contoso}/members`, { auth: true })).body.result.members;
    expect(members.find((m: { email: string }) => m.email === 'guest@example.com').status).toBe('expired');
    expect((await inv(['guest@example.com'], owner2)).body.errorCode).toBe(E.previouslyInvited);
    expect((await owner2.post(`/api/orgs/${contoso}/members/reinvitation`, { email: 'guest@example.com', region: 'Euw' }, { auth: true })).status).toBe(200);

    // Cancelled invitation: seven days before inviting again.
    await owner2.req('DELETE', `/api/orgs/${contoso}/members`, { auth: true, body: { email: 'guest@example.com', region: 'Euw' } });
    expect((await inv(['guest@example.com'], owner2)).body.errorCode).toBe(E.inviteWait7Days);

    // Company cap per day.
    const many = await inv(['c1@example.com', 'c2@example.com', 'c3@example.com', 'c4@example.com', 'c5@example.com', 'c6@example.com'], owner2);
    expect(many.body.errorCode).toBe(E.orgDailyInvitesExceeded);
  });

  it('invites the addresses of a batch it can and reports the others with their reasons', async () => {
    t.clock.advance(2 * 86_400_000); // past the company's daily cap of the test above
    delete users['owner@example.com'];
    const owner = await as('owner@example.com');
    const inv = (emails: string[]) => owner.post(`/api/orgs/${contoso}/members/invitations`, { emails, role: 'member', region: 'Euw' }, { auth: true });
    const batch = await inv(['batch1@example.com', 'admin@example.com', 'guest@example.com', 'batch2@example.com']);
    expect(batch.status).toBe(200);
    expect(batch.body.result).toEqual({
      invited: ['batch1@example.com', 'batch2@example.com'],
      refused: [
        { email: 'admin@example.com', errorCode: E.alreadyInOrg },
        { email: 'guest@example.com', errorCode: E.inviteWait7Days },
      ],
    });
    expect(await mails(owner, 'batch1@example.com')).toHaveLength(1);
    expect(await mails(owner, 'batch2@example.com')).toHaveLength(1);
    expect((await mails(owner, 'admin@example.com')).filter((m) => m.subject.includes('invites'))).toHaveLength(0); // an admin is told of applications, not invited
    // None invitable: the call fails with the first refusal and lists them all.
    const none = await inv(['admin@example.com', 'batch1@example.com']);
    expect(none.body.errorCode).toBe(E.alreadyInOrg);
    expect(none.body.result).toEqual({
      email: 'admin@example.com',
      refused: [
        { email: 'admin@example.com', errorCode: E.alreadyInOrg },
        { email: 'batch1@example.com', errorCode: E.alreadyInvited },
      ],
    });
  });

  it('invites the well-formed addresses of a mixed batch and refuses each malformed one on its own (-20200)', async () => {
    delete users['owner@example.com'];
    const owner = await as('owner@example.com');
    const inv = (emails: string[]) => owner.post(`/api/orgs/${contoso}/members/invitations`, { emails, role: 'member', region: 'Euw' }, { auth: true });
    const mixed = await inv(['Mixed1@Example.com', 'not-an-address', 'mixed2@example.com', 'two@@example.com', 'admin@example.com']);
    expect(mixed.status).toBe(200);
    expect(mixed.body.result).toEqual({
      invited: ['mixed1@example.com', 'mixed2@example.com'],
      refused: [
        { email: 'not-an-address', errorCode: E.invalidEmail },
        { email: 'two@@example.com', errorCode: E.invalidEmail },
        { email: 'admin@example.com', errorCode: E.alreadyInOrg },
      ],
    });
    expect(await mails(owner, 'mixed1@example.com')).toHaveLength(1);
    // Only malformed ones: the call fails with the first, listing each.
    const none = await inv(['bad one', 'x@']);
    expect(none.body.errorCode).toBe(E.invalidEmail);
    expect(none.body.result.refused).toEqual([
      { email: 'bad one', errorCode: E.invalidEmail },
      { email: 'x@', errorCode: E.invalidEmail },
    ]);
  });

  it('invites one address once when the same invitation is sent twenty times in parallel', async () => {
    delete users['owner@example.com'];
    const owner = await as('owner@example.com');
    // Open the connections first, so that the invitations arrive together.
    await Promise.all(Array.from({ length: 20 }, () => owner.get('/api/user-info', { auth: true })));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => owner.post(`/api/orgs/${contoso}/members/invitations`, { emails: ['parallel@example.com'], role: 'member', region: 'Euw' }, { auth: true })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.errorCode === E.alreadyInvited).map((r) => r.body.result.email)).toEqual(Array(19).fill('parallel@example.com'));
    const db = companyStore(t.server.ctx, 'Euw');
    expect(await db.selectFrom('invitations').select('id').where('email', '=', 'parallel@example.com').execute()).toHaveLength(1);
    expect(await db.selectFrom('org_members').select('id').where('email', '=', 'parallel@example.com').execute()).toHaveLength(1);
    expect(await db.selectFrom('invite_sends').select('id').where('email', '=', 'parallel@example.com').execute()).toHaveLength(1);
    expect(await mails(owner, 'parallel@example.com')).toHaveLength(1);
  });

  it('lets an invited person register through the code and join, and a registered one accept', async () => {
    t.clock.advance(86_400_000 + 1000);
    for (const k of Object.keys(users)) delete users[k];
    const owner = await as('owner@example.com');
    await owner.post(`/api/orgs/${contoso}/members/invitations`, { emails: ['newbie@example.com', 'founder2@example.com'], role: 'member', region: 'Euw' }, { auth: true });
    const code = new URL((await mails(owner, 'newbie@example.com'))[0]!.links[0]!).searchParams.get('inviteCode')!;
    expect((await register('someoneelse@example.com', { inviteCode: code })).body.errorCode).toBe(E.invitationInvalid);
    expect((await register('newbie@example.com', { inviteCode: code, regionCode: 'US' })).body.errorCode).toBe(E.inviteOtherRegion);
    const reg = await register('newbie@example.com', { inviteCode: code });
    expect(reg.body.result).toEqual({ email: 'newbie@example.com', region: 'Euw', activated: true });
    const newbie = await as('newbie@example.com');
    expect((await newbie.get(`/api/accounts/${ids['newbie@example.com']}/orgs`, { auth: true })).body.result.orgs[0].id).toBe(contoso);
    expect((await new Client(t.base).get(`/api/orgs/members/invitations/${encodeURIComponent(code)}`)).body.result.status).toBe('accepted');

    await register('founder2@example.com');
    const code2 = new URL((await mails(owner, 'founder2@example.com')).find((m) => m.subject.includes('invites'))!.links[0]!).searchParams.get('inviteCode')!;
    expect((await new Client(t.base).get(`/api/orgs/members/invitations/${encodeURIComponent(code2)}`)).body.result.status).toBe('registered');
    const demo = await as('demo@example.com');
    expect((await demo.post('/api/orgs/members/invitations/status', { inviteCode: code2 }, { auth: true })).body.errorCode).toBe(E.invitationInvalid);
    const f2 = await as('founder2@example.com');
    const accepted = await f2.post('/api/orgs/members/invitations/status', { inviteCode: code2 }, { auth: true });
    expect(accepted.body.result).toEqual({ orgId: contoso, orgName: 'Contoso Demo Ltd', role: 'member' });
    expect((await f2.post('/api/orgs/members/invitations/status', { inviteCode: code2 }, { auth: true })).body.errorCode).toBe(E.invitationInvalid);
  });

  it('refuses company actions for accounts with conflicting information', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c);
    const res = await login(c, sessionCode, { email: 'merge@example.com', password: DEMO_PASSWORD });
    expect(res.body.errorCode).toBe(E.needMergeOrMigrate); // unmerged local account: cannot sign in to act yet
    const conflict = await t.server.ctx.region('Euw').selectFrom('accounts').selectAll().where('email', '=', 'merge@example.com').executeTakeFirstOrThrow();
    const { conflictInfo } = await import('../domain/accounts');
    expect((await conflictInfo(t.server.ctx, 'Euw', conflict)).errorCode).toBe(E.conflictUnmergedAccounts);
  });
});

describe('business licence files', () => {
  it('serves a licence only to its uploader and the members of its company, never cached', async () => {
    const founder = await as('founder@example.com');
    const lic = await founder.req('POST', '/api/orgs/businessLicense', { auth: true, form: licenseForm(PDF, 'fabrikam-licence.pdf') });
    expect(lic.status).toBe(200);
    const url: string = lic.body.result.url;
    expect(url).toMatch(new RegExp(`^${t.base}/api/files/euw/[A-Za-z0-9_-]{32}$`));

    // Before it is attached to a company, only the uploader reads it.
    const own = await founder.get(url, { auth: true });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="fabrikam-licence.pdf"/);
    expect(Buffer.from(own.text, 'latin1').subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await as('member@example.com'); // a member of another company
    const strangerRead = await stranger.get(url, { auth: true });
    expect(strangerRead.status).toBe(403);
    expect(strangerRead.body.errorCode).toBe(E.permissionDenied);

    expect((await founder.req('PUT', '/api/orgs', { auth: true, body: { id: fabrikam, businessLicenseFileId: lic.body.result.fileId } })).status).toBe(200);
    await register('licence-reader@example.com');
    const reader = await as('licence-reader@example.com');
    expect((await reader.get(url, { auth: true })).status).toBe(403);
    expect((await founder.post(`/api/orgs/${fabrikam}/members`, { email: 'licence-reader@example.com', role: 'member', region: 'Euw' }, { auth: true })).status).toBe(200);
    expect((await reader.get(url, { auth: true })).status).toBe(403); // invited, not yet a member
    expect((await reader.post('/api/orgs/members/invitations/status', { inviteCode: await inviteCodeFor(reader, 'licence-reader@example.com') }, { auth: true })).status).toBe(200);
    const asMember = await reader.get(url, { auth: true });
    expect(asMember.status).toBe(200);
    expect(asMember.headers.get('cache-control')).toBe('no-store');
    // Through the regional host the SPA uses, too.
    expect((await reader.get(url.replace('/api/files/', '/api/region/euw/files/'), { auth: true })).status).toBe(200);

    // Not to anyone holding the URL: no token, another company's member, another region, a member who left.
    const anonymous = await new Client(t.base).get(url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect(anonymous.text).not.toContain('%PDF');
    expect((await stranger.get(url, { auth: true })).body.errorCode).toBe(E.permissionDenied);
    const us = await as('us@example.com');
    expect((await us.get(url, { auth: true })).status).toBe(403);
    expect((await reader.req('DELETE', `/api/orgs/${fabrikam}/members`, { auth: true, body: { email: 'licence-reader@example.com', region: 'Euw' } })).status).toBe(200);
    expect((await reader.get(url, { auth: true })).status).toBe(403);
  });
});
