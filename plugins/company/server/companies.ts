/**
 * Companies in the account's region: create/edit (certified ones are read-only), lookup and
 * search, applications, members with owner/admin/member permissions. Invitations live in
 * invitations.ts.
 */
import type { Company, CompanyInput, CompanySummary, CompanyUpdate, MemberRole, Member, MyCompaniesResult, ApplicationStatusRequest, RegionCode } from '@portal/plugin-api/contract';
import { ERROR_CODES as E, REGION_CODES } from '@portal/plugin-api/contract';
import {
  ApiFailure,
  checkFreeText,
  checkPhone,
  checkPostCode,
  checkUrl,
  conflictInfo,
  fail,
  fileUrl,
  intlLocale,
  isCountryCode,
  isUniqueViolation,
  isValidEmail,
  lockRow,
  normalizeEmail,
  randomId,
  randomToken,
  type AccountTable,
  type ServerContext as Ctx,
} from '@portal/server-api';
import { companyStore, type CompanyDb, type OrgTable } from './tables';
import { noticeApplication, noticeDecision } from './notifications';

export const MANAGERS: MemberRole[] = ['owner', 'admin'];

export async function getOrg(ctx: Ctx, region: RegionCode, orgId: string): Promise<OrgTable> {
  const org = await companyStore(ctx, region).selectFrom('orgs').selectAll().where('id', '=', orgId).executeTakeFirst();
  if (org) return org;
  for (const other of REGION_CODES) {
    if (other === region) continue;
    if (await companyStore(ctx, other).selectFrom('orgs').select('id').where('id', '=', orgId).executeTakeFirst()) fail(E.orgNotInRegion);
  }
  fail(E.orgMissing);
}

/**
 * Who may read a business licence file: the account that uploaded it (it sees its upload before
 * the company is saved) and the active members of the company it is attached to. Companies and
 * their members live in one region, the file's.
 */
export async function mayReadLicense(ctx: Ctx, region: RegionCode, fileId: string, uploaderId: string, account: { id: string; region: RegionCode }): Promise<boolean> {
  if (account.region !== region) return false;
  if (account.id === uploaderId) return true;
  const member = await companyStore(ctx, region)
    .selectFrom('orgs')
    .innerJoin('org_members', 'org_members.org_id', 'orgs.id')
    .select('org_members.id')
    .where('orgs.license_file_id', '=', fileId)
    .where('org_members.account_id', '=', account.id)
    .where('org_members.status', '=', 'active')
    .executeTakeFirst();
  return member !== undefined;
}

export async function roleIn(ctx: Ctx, region: RegionCode, orgId: string, accountId: string): Promise<MemberRole | null> {
  const row = await companyStore(ctx, region)
    .selectFrom('org_members')
    .select('role')
    .where('org_id', '=', orgId)
    .where('account_id', '=', accountId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return (row?.role as MemberRole | undefined) ?? null;
}

export async function requireRole(ctx: Ctx, region: RegionCode, orgId: string, account: AccountTable, roles: MemberRole[]): Promise<MemberRole> {
  await getOrg(ctx, region, orgId);
  const role = await roleIn(ctx, region, orgId, account.id);
  if (!role || !roles.includes(role)) fail(E.permissionDenied);
  return role;
}

export async function activeMembership(ctx: Ctx, region: RegionCode, accountId: string) {
  return companyStore(ctx, region).selectFrom('org_members').selectAll().where('account_id', '=', accountId).where('status', '=', 'active').executeTakeFirst();
}

/**
 * One company per account. Inside the transaction that makes `accountId` an active member
 * (creating a company, accepting an invitation or an application): takes the
 * account's lock — its row FOR UPDATE on PostgreSQL; on SQLite the transaction holds the write
 * lock from its start — and only then checks that the account is in no company, so parallel
 * requests for one account see each other's result. Fails with `code` (-40001 when creating,
 * -40007 when joining). The partial unique index `org_members_one_active_idx` holds the same
 * rule in the store.
 */
export async function claimForMembership(trx: CompanyDb, accountId: string, code: number): Promise<void> {
  const account = await lockRow(trx, trx.selectFrom('accounts').select('id').where('id', '=', accountId)).executeTakeFirst();
  if (!account) fail(E.accountNotExist);
  const member = await trx.selectFrom('org_members').select('id').where('account_id', '=', accountId).where('status', '=', 'active').executeTakeFirst();
  if (member) fail(code);
}

/**
 * A membership transaction failed: a catalogue failure stands; a unique violation while the
 * account is now in a company (the store's index caught what the checks could not) becomes
 * `code`, any other unique violation `otherwise` when given; anything else is rethrown.
 */
export async function membershipFailure(ctx: Ctx, region: RegionCode, accountId: string, err: unknown, code: number, otherwise?: number): Promise<never> {
  if (err instanceof ApiFailure) throw err;
  if (isUniqueViolation(err)) {
    if (await activeMembership(ctx, region, accountId)) fail(code);
    if (otherwise !== undefined) fail(otherwise);
  }
  throw err;
}

export async function requireNoConflict(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<void> {
  const info = await conflictInfo(ctx, region, account);
  if (info.conflict && info.errorCode) fail(info.errorCode, { reasons: info.reasons });
}

async function toCompany(ctx: Ctx, region: RegionCode, org: OrgTable): Promise<Company> {
  const db = companyStore(ctx, region);
  const owner = await db.selectFrom('accounts').select(['first_name', 'last_name', 'email']).where('id', '=', org.owner_account_id).executeTakeFirst();
  const license = org.license_file_id
    ? await db.selectFrom('files').select(['id', 'original_name']).where('id', '=', org.license_file_id).executeTakeFirst()
    : undefined;
  return {
    id: org.id,
    name: org.name,
    type: org.type as Company['type'],
    country: org.country,
    address: org.address,
    state: org.state,
    city: org.city,
    postCode: org.post_code,
    contact: org.contact,
    contactEmail: org.contact_email,
    contactNumber: org.contact_number,
    orgCode: org.org_code,
    website: org.website,
    comment: org.comment,
    certified: org.certified === 1,
    region,
    ownerAccount: owner?.email ?? '',
    ownerName: owner ? `${owner.first_name} ${owner.last_name}`.trim() : '',
    businessLicense: license ? { fileId: license.id, fileName: license.original_name, url: fileUrl(ctx, region, license.id) } : null,
    version: org.version,
    createdAt: org.created_at,
  };
}

/**
 * What a lookup shows of a company. The organization code lets people find and apply to it, so
 * only its own members see it (`memberOf`: the company the viewer is an active member of).
 */
export function summary(region: RegionCode, org: OrgTable, memberOf: string | null): CompanySummary {
  const base = { id: org.id, name: org.name, certified: org.certified === 1, type: org.type as CompanySummary['type'], country: org.country, city: org.city, region };
  return memberOf === org.id ? { ...base, orgCode: org.org_code } : base;
}

export async function myCompanies(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<MyCompaniesResult> {
  const db = companyStore(ctx, region);
  const memberships = await db.selectFrom('org_members').selectAll().where('account_id', '=', account.id).where('status', '=', 'active').execute();
  const orgs = [];
  for (const m of memberships) {
    const org = await db.selectFrom('orgs').selectAll().where('id', '=', m.org_id).executeTakeFirst();
    if (org) orgs.push({ ...(await toCompany(ctx, region, org)), role: m.role as MemberRole, joinedAt: m.joined_at ?? org.created_at });
  }
  const apps = await db
    .selectFrom('org_applications')
    .innerJoin('orgs', 'orgs.id', 'org_applications.org_id')
    .select(['org_applications.id as id', 'orgs.id as orgId', 'orgs.name as orgName', 'org_applications.created_at as appliedAt'])
    .where('org_applications.account_id', '=', account.id)
    .where('org_applications.status', '=', 'pending')
    .execute();
  return { orgs, applications: apps };
}

function cleanInput(input: Partial<CompanyInput>, partial: boolean) {
  const out: Partial<Record<keyof OrgTable, string | null>> = {};
  if (!partial || input.name !== undefined) {
    const name = checkFreeText(input.name ?? '', 'name', 100);
    if (!name) fail(E.invalidParameter, { field: 'name' }, 'name is required');
    out.name = name;
    out.name_key = name.toLowerCase();
  }
  if (!partial || input.country !== undefined) {
    if (!input.country || !isCountryCode(input.country)) fail(E.regionCodeInvalid);
    out.country = input.country.toUpperCase();
  }
  if (input.type !== undefined) out.type = input.type;
  if (input.address !== undefined) out.address = checkFreeText(input.address, 'address', 200);
  if (input.state !== undefined) out.state = checkFreeText(input.state, 'state', 100);
  if (input.city !== undefined) out.city = checkFreeText(input.city, 'city', 100);
  if (input.postCode !== undefined) out.post_code = checkPostCode(input.postCode);
  if (input.contact !== undefined) out.contact = checkFreeText(input.contact, 'contact', 100);
  if (input.contactEmail !== undefined) {
    const v = (input.contactEmail ?? '').trim();
    if (v && !isValidEmail(v.toLowerCase())) fail(E.invalidEmail);
    out.contact_email = v ? v.toLowerCase() : null;
  }
  if (input.contactNumber !== undefined) out.contact_number = checkPhone(input.contactNumber, 'generic');
  if (input.website !== undefined) out.website = checkUrl(input.website, 'website');
  if (input.comment !== undefined) out.comment = checkFreeText(input.comment, 'comment', 500);
  if (input.orgCode !== undefined && input.orgCode !== null && input.orgCode !== '') {
    if (!/^[A-Za-z0-9]{4,32}$/.test(input.orgCode)) fail(E.invalidParameter, { field: 'orgCode' }, 'orgCode must be 4 to 32 letters or digits');
    out.org_code = input.orgCode.toUpperCase();
  }
  return out;
}

async function checkLicense(ctx: Ctx, region: RegionCode, account: AccountTable, fileId: string | null | undefined): Promise<string | null> {
  if (!fileId) return null;
  const file = await companyStore(ctx, region).selectFrom('files').select(['id', 'account_id', 'kind']).where('id', '=', fileId).executeTakeFirst();
  if (!file || file.kind !== 'license' || file.account_id !== account.id) fail(E.invalidParameter, { field: 'businessLicenseFileId' });
  return file.id;
}

export async function createOrg(ctx: Ctx, region: RegionCode, account: AccountTable, input: CompanyInput): Promise<Company> {
  await requireNoConflict(ctx, region, account);
  if (await activeMembership(ctx, region, account.id)) fail(E.orgTooMany);
  const fields = cleanInput(input, false);
  const licenseId = await checkLicense(ctx, region, account, input.businessLicenseFileId);
  const db = companyStore(ctx, region);
  if (await db.selectFrom('orgs').select('id').where('name_key', '=', fields.name_key!).executeTakeFirst()) fail(E.orgDuplicate);
  const orgCode = fields.org_code ?? randomToken(9).replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toUpperCase().padEnd(10, '7');
  if (await db.selectFrom('orgs').select('id').where('org_code', '=', orgCode).executeTakeFirst()) fail(E.orgDuplicate, { field: 'orgCode' });
  const now = ctx.now();
  const org: OrgTable = {
    id: randomId(),
    name: fields.name!,
    name_key: fields.name_key!,
    certified: 0,
    type: input.type,
    country: fields.country!,
    address: fields.address ?? null,
    state: fields.state ?? null,
    city: fields.city ?? null,
    post_code: fields.post_code ?? null,
    contact: fields.contact ?? null,
    contact_email: fields.contact_email ?? null,
    contact_number: fields.contact_number ?? null,
    org_code: orgCode,
    website: fields.website ?? null,
    comment: fields.comment ?? null,
    license_file_id: licenseId,
    owner_account_id: account.id,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await claimForMembership(trx, account.id, E.orgTooMany);
      await trx.insertInto('orgs').values(org).execute();
      await trx
        .insertInto('org_members')
        .values({ id: randomId(), org_id: org.id, account_id: account.id, email: account.email, role: 'owner', status: 'active', joined_at: now, invited_at: null })
        .execute();
      await trx.updateTable('org_applications').set({ status: 'rejected', decided_at: now }).where('account_id', '=', account.id).where('status', '=', 'pending').execute();
    });
  } catch (err) {
    await membershipFailure(ctx, region, account.id, err, E.orgTooMany, E.orgDuplicate); // or a name or code that a racing request took
  }
  return toCompany(ctx, region, org);
}

export async function updateOrg(ctx: Ctx, region: RegionCode, account: AccountTable, input: CompanyUpdate): Promise<Company> {
  const org = await getOrg(ctx, region, input.id);
  await requireRole(ctx, region, org.id, account, MANAGERS);
  if (org.certified === 1) fail(E.certifiedOrgReadOnly);
  if (input.version !== undefined && input.version !== org.version) fail(E.orgBusy);
  const fields = cleanInput(input, true);
  const db = companyStore(ctx, region);
  if (fields.name_key && fields.name_key !== org.name_key) {
    if (await db.selectFrom('orgs').select('id').where('name_key', '=', fields.name_key).executeTakeFirst()) fail(E.orgDuplicate);
  }
  if (fields.org_code && fields.org_code !== org.org_code) {
    if (await db.selectFrom('orgs').select('id').where('org_code', '=', fields.org_code).executeTakeFirst()) fail(E.orgDuplicate, { field: 'orgCode' });
  }
  const patch: Partial<OrgTable> = { ...(fields as Partial<OrgTable>), version: org.version + 1, updated_at: ctx.now() };
  if (input.businessLicenseFileId !== undefined) patch.license_file_id = await checkLicense(ctx, region, account, input.businessLicenseFileId);
  let updated;
  try {
    updated = await db.updateTable('orgs').set(patch).where('id', '=', org.id).where('version', '=', org.version).executeTakeFirst();
  } catch {
    fail(E.orgDuplicate);
  }
  if (Number(updated.numUpdatedRows) !== 1) fail(E.orgBusy);
  return toCompany(ctx, region, await getOrg(ctx, region, org.id));
}

export async function findByCode(ctx: Ctx, region: RegionCode, account: AccountTable, code: string): Promise<CompanySummary> {
  const key = code.trim().toUpperCase();
  const org = await companyStore(ctx, region).selectFrom('orgs').selectAll().where('org_code', '=', key).executeTakeFirst();
  if (org) return summary(region, org, (await activeMembership(ctx, region, account.id))?.org_id ?? null);
  for (const other of REGION_CODES) {
    if (other !== region && (await companyStore(ctx, other).selectFrom('orgs').select('id').where('org_code', '=', key).executeTakeFirst())) fail(E.orgNotInRegion);
  }
  fail(E.orgMissing);
}

export async function searchOrgs(ctx: Ctx, region: RegionCode, account: AccountTable, term: string): Promise<CompanySummary[]> {
  const clean = term.trim().toLowerCase().replace(/[%_\\]/g, '');
  if (clean.length < 2) return [];
  const rows = await companyStore(ctx, region).selectFrom('orgs').selectAll().where('name_key', 'like', `%${clean}%`).orderBy('name_key').limit(20).execute();
  const memberOf = (await activeMembership(ctx, region, account.id))?.org_id ?? null;
  return rows.map((org) => summary(region, org, memberOf));
}

export async function applyToOrg(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string): Promise<{ applicationId: string }> {
  const org = await getOrg(ctx, region, orgId);
  if (org.certified !== 1) fail(E.orgUnverified);
  await requireNoConflict(ctx, region, account);
  if (await activeMembership(ctx, region, account.id)) fail(E.alreadyInOrg);
  const db = companyStore(ctx, region);
  const pending = await db.selectFrom('org_applications').select('id').where('account_id', '=', account.id).where('org_id', '=', org.id).where('status', '=', 'pending').executeTakeFirst();
  if (pending) fail(E.alreadyApplying);
  const id = randomId();
  await db.insertInto('org_applications').values({ id, org_id: org.id, account_id: account.id, status: 'pending', created_at: ctx.now(), decided_at: null }).execute();
  await noticeApplication(ctx, region, org, account);
  return { applicationId: id };
}

export async function pendingApplications(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string) {
  await requireRole(ctx, region, orgId, account, MANAGERS);
  const rows = await companyStore(ctx, region)
    .selectFrom('org_applications')
    .innerJoin('accounts', 'accounts.id', 'org_applications.account_id')
    .select(['org_applications.id as id', 'org_applications.created_at as appliedAt', 'accounts.id as accountId', 'accounts.email as email', 'accounts.first_name as firstName', 'accounts.last_name as lastName'])
    .where('org_applications.org_id', '=', orgId)
    .where('org_applications.status', '=', 'pending')
    .orderBy('org_applications.created_at')
    .execute();
  return rows.map((r) => ({ id: r.id, appliedAt: r.appliedAt, applicant: { accountId: r.accountId, email: r.email, firstName: r.firstName, lastName: r.lastName } }));
}

export async function decideApplication(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string, input: ApplicationStatusRequest) {
  const myRole = await requireRole(ctx, region, orgId, account, MANAGERS);
  const role = input.role ?? 'member';
  if (role === 'admin' && myRole !== 'owner') fail(E.permissionDenied);
  const db = companyStore(ctx, region);
  const app = await db.selectFrom('org_applications').selectAll().where('id', '=', input.applicationId).where('org_id', '=', orgId).where('status', '=', 'pending').executeTakeFirst();
  if (!app) fail(E.applicationMissing);
  const now = ctx.now();
  const applicant = await db.selectFrom('accounts').selectAll().where('id', '=', app.account_id).executeTakeFirst();
  if (input.status === 'accepted') {
    if (await activeMembership(ctx, region, app.account_id)) fail(E.alreadyInOrg);
    if (!applicant) fail(E.applicationMissing);
    await db
      .transaction()
      .execute(async (trx) => {
        await claimForMembership(trx, applicant.id, E.alreadyInOrg);
        const res = await trx.updateTable('org_applications').set({ status: 'accepted', decided_at: now }).where('id', '=', app.id).where('status', '=', 'pending').executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) fail(E.orgBusy);
        await trx.deleteFrom('org_members').where('org_id', '=', orgId).where('email', '=', applicant.email).execute();
        await trx.insertInto('org_members').values({ id: randomId(), org_id: orgId, account_id: applicant.id, email: applicant.email, role, status: 'active', joined_at: now, invited_at: null }).execute();
        await trx.updateTable('org_applications').set({ status: 'rejected', decided_at: now }).where('account_id', '=', applicant.id).where('status', '=', 'pending').execute();
      })
      .catch((err: unknown) => membershipFailure(ctx, region, applicant.id, err, E.alreadyInOrg));
  } else {
    const res = await db.updateTable('org_applications').set({ status: 'rejected', decided_at: now }).where('id', '=', app.id).where('status', '=', 'pending').executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) fail(E.orgBusy);
  }
  if (applicant) await noticeDecision(ctx, region, (await getOrg(ctx, region, orgId)).name, applicant, account, input.status);
  return { applicationId: app.id, status: input.status };
}

export async function listMembers(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string): Promise<Member[]> {
  await requireRole(ctx, region, orgId, account, ['owner', 'admin', 'member']);
  const db = companyStore(ctx, region);
  const now = ctx.now();
  const rows = await db
    .selectFrom('org_members')
    .leftJoin('accounts', 'accounts.id', 'org_members.account_id')
    .select(['org_members.email as email', 'org_members.account_id as accountId', 'org_members.role as role', 'org_members.status as status', 'org_members.joined_at as joinedAt', 'org_members.invited_at as invitedAt', 'accounts.first_name as firstName', 'accounts.last_name as lastName'])
    .where('org_members.org_id', '=', orgId)
    .execute();
  const invites = await db.selectFrom('invitations').select(['email', 'expires_at']).where('org_id', '=', orgId).where('status', '=', 'pending').execute();
  const expiry = new Map(invites.map((i) => [i.email, i.expires_at]));
  const order: Record<string, number> = { owner: 0, admin: 1, member: 2 };
  // Addresses in the order of the reader's language (Czech puts "ch" after "h").
  const collator = new Intl.Collator(intlLocale(account.language));
  return rows
    // Until someone accepts, the list says "invited" and nothing about whether the address has an account.
    .map((r) => ({
      email: r.email,
      accountId: r.status === 'active' ? r.accountId : null,
      firstName: r.status === 'active' ? (r.firstName ?? null) : null,
      lastName: r.status === 'active' ? (r.lastName ?? null) : null,
      role: r.role as MemberRole,
      status: (r.status === 'unverified' && (expiry.get(r.email) ?? 0) <= now ? 'expired' : r.status) as Member['status'],
      joinedAt: r.joinedAt,
      invitedAt: r.invitedAt,
    }))
    .sort((a, b) => (order[a.role]! - order[b.role]!) || collator.compare(a.email, b.email));
}

/** Role changes: admins manage members; only the owner grants or takes admin, or hands over ownership. */
export async function editMember(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string, input: { email: string; role: MemberRole; region: RegionCode }) {
  const myRole = await requireRole(ctx, region, orgId, account, MANAGERS);
  if (input.region !== region) fail(E.orgNotInRegion);
  const email = normalizeEmail(input.email);
  const db = companyStore(ctx, region);
  const target = await db.selectFrom('org_members').selectAll().where('org_id', '=', orgId).where('email', '=', email).executeTakeFirst();
  if (!target) fail(E.accountNotExist);
  if (target.role === 'owner') fail(E.permissionDenied);
  if (myRole !== 'owner' && (target.role === 'admin' || input.role !== 'member')) fail(E.permissionDenied);
  const now = ctx.now();
  if (input.role === 'owner') {
    if (target.status !== 'active' || !target.account_id) fail(E.permissionDenied);
    // A closed ID (being deleted) cannot take a company over: it would go with it.
    const next = await db.selectFrom('accounts').select('closed_at').where('id', '=', target.account_id).executeTakeFirst();
    if (!next || next.closed_at !== null) fail(E.permissionDenied);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('org_members').set({ role: 'admin' }).where('org_id', '=', orgId).where('account_id', '=', account.id).execute();
      await trx.updateTable('org_members').set({ role: 'owner' }).where('id', '=', target.id).execute();
      await trx.updateTable('orgs').set((eb) => ({ owner_account_id: target.account_id!, version: eb('version', '+', 1), updated_at: now })).where('id', '=', orgId).execute();
    });
  } else {
    await db.updateTable('org_members').set({ role: input.role }).where('id', '=', target.id).execute();
  }
  return { email, role: input.role };
}

export async function removeMember(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string, input: { email: string; region: RegionCode }) {
  await getOrg(ctx, region, orgId);
  if (input.region !== region) fail(E.orgNotInRegion);
  const email = normalizeEmail(input.email);
  const myRole = await roleIn(ctx, region, orgId, account.id);
  const db = companyStore(ctx, region);
  const target = await db.selectFrom('org_members').selectAll().where('org_id', '=', orgId).where('email', '=', email).executeTakeFirst();
  if (!myRole) fail(E.permissionDenied);
  if (!target) fail(E.accountNotExist);
  const self = target.account_id === account.id;
  if (target.role === 'owner') fail(E.permissionDenied);
  if (!self && (myRole === 'member' || (myRole === 'admin' && target.role === 'admin'))) fail(E.permissionDenied);
  const now = ctx.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('org_members').where('id', '=', target.id).execute();
    await trx.updateTable('invitations').set({ status: 'cancelled', closed_at: now }).where('org_id', '=', orgId).where('email', '=', email).where('status', '=', 'pending').execute();
  });
  return { email };
}
