/**
 * Invitations by email with invite codes. Rules: managers only; same region only (-40014: the
 * request's region must be the company's, and an account of another region cannot accept);
 * one live invitation per address (-40011); an expired one is re-sent from the member list
 * (-40016); a resend waits one minute (-40013); after a cancelled invitation the address waits
 * seven days (-40021); daily caps per address (-40020) and per company (-40022).
 *
 * The caps and the one-live-invitation rule are checked again inside the transaction that
 * writes, after its locks (see db/portable.ts): on PostgreSQL the company row FOR UPDATE, then
 * an advisory lock per address (sorted); on SQLite the transaction's write lock. Parallel
 * invitations — of one company, or of one address by several companies — are therefore
 * counted one after the other and never go past a cap.
 */
import type { InviteInfo, InviteRefusal, InviteRefusedResult, InviteRequest, InviteResult, MemberRole, RegionCode } from '@portal/plugin-api/contract';
import { ERROR_CODES as E, REGION_CODES } from '@portal/plugin-api/contract';
import {
  fail,
  findAccount,
  isUniqueViolation,
  isValidEmail,
  languageOr,
  LOCK_SPACE,
  lockKey,
  lockRow,
  normalizeEmail,
  randomId,
  regionalSecret,
  regionOfCountry,
  sha256,
  type AccountTable,
  type ServerContext as Ctx,
} from '@portal/server-api';
import { companyStore, type CompanyDb, type InvitationTable } from './tables';
import { activeMembership, claimForMembership, getOrg, MANAGERS, membershipFailure, requireNoConflict, requireRole } from './companies';
import { noticeInvitationAccepted } from './notifications';
import { roleName } from './roleNames';

export const INVITE_DAYS = 7;
const DAY = 86_400_000;

async function sendsSince(db: CompanyDb, by: { org_id?: string; email?: string }, since: number): Promise<number> {
  let q = db.selectFrom('invite_sends').select((eb) => eb.fn.countAll<number>().as('n')).where('sent_at', '>', since);
  if (by.org_id) q = q.where('org_id', '=', by.org_id);
  if (by.email) q = q.where('email', '=', by.email);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function mailInvite(ctx: Ctx, region: RegionCode, inviter: AccountTable, orgName: string, email: string, role: MemberRole, code: string, language?: string) {
  const invitee = await findAccount(ctx, email);
  // The invitee's own language when the address has an account; the inviter's page language is
  // only a guess for an address nobody has yet (the answer is the same either way).
  const mailLanguage = languageOr(invitee?.account.language ?? language, inviter.language);
  await ctx.mailer.send({
    to: email,
    kind: 'invitation',
    language: mailLanguage,
    vars: {
      inviter: `${inviter.first_name} ${inviter.last_name}`.trim(),
      org: orgName,
      role: roleName(role, mailLanguage),
      link: `${ctx.options.publicOrigin}/invite?inviteCode=${encodeURIComponent(code)}`,
    },
  });
  void region;
}

/**
 * Inside an invitation transaction: locks the company (its row FOR UPDATE on PostgreSQL), then
 * each address (advisory lock, sorted); SQLite's transaction holds the write lock already.
 */
async function lockForInvites(trx: CompanyDb, orgId: string, emails: string[]): Promise<void> {
  const org = await lockRow(trx, trx.selectFrom('orgs').select('id').where('id', '=', orgId)).executeTakeFirst();
  if (!org) fail(E.orgMissing);
  for (const email of [...emails].sort()) await lockKey(trx, LOCK_SPACE.inviteAddress, email);
}

/** Fails the whole call with the first refusal when no address of the batch could be invited. */
function failWhenNoneInvited(invitable: string[], refused: InviteRefusal[]): void {
  const first = refused[0];
  if (invitable.length === 0 && first) fail(first.errorCode, { email: first.email, refused } satisfies InviteRefusedResult);
}

/**
 * Invites every address of the batch it can. An address refused on its own account (malformed,
 * already a member, already invited, waiting after a cancellation, its daily cap) is reported in `refused`
 * and the rest are still invited; a refusal of the whole company (role, region, company cap)
 * fails the call.
 */
export async function invite(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string, input: InviteRequest): Promise<InviteResult> {
  const myRole = await requireRole(ctx, region, orgId, account, MANAGERS);
  if (input.role === 'admin' && myRole !== 'owner') fail(E.permissionDenied);
  if (input.region !== region) fail(E.inviteOtherRegion);
  const org = await getOrg(ctx, region, orgId);
  const db = companyStore(ctx, region);
  const now = ctx.now();
  const limits = ctx.options.limits;
  const refused: InviteRefusal[] = [];
  // A malformed address is refused on its own (-20200), as it was typed; the others go on.
  const typed = [...new Set(input.emails.map((e) => e.trim()).filter(Boolean))];
  const emails: string[] = [];
  const order: string[] = [];
  for (const raw of typed) {
    const email = normalizeEmail(raw);
    if (!isValidEmail(email)) {
      refused.push({ email: raw, errorCode: E.invalidEmail });
      order.push(raw);
    } else if (!emails.includes(email)) {
      emails.push(email);
      order.push(email);
    }
  }
  if (typed.length === 0) fail(E.invalidParameter, { field: 'emails' });
  // Refusals are reported in the order the inviter typed them.
  const inTypedOrder = () => refused.sort((a, b) => order.indexOf(a.email) - order.indexOf(b.email));
  // Nothing here depends on whether the address has an account, or where, or in which company:
  // those are checked when the invitation is accepted (-40014, -40007), so the inviter learns
  // nothing about the address from the answer.
  const refusalOf = async (q: CompanyDb, email: string): Promise<number | null> => {
    const member = await q.selectFrom('org_members').select(['status']).where('org_id', '=', orgId).where('email', '=', email).executeTakeFirst();
    if (member?.status === 'active') return E.alreadyInOrg;
    const last = await q.selectFrom('invitations').selectAll().where('org_id', '=', orgId).where('email', '=', email).orderBy('created_at', 'desc').executeTakeFirst();
    if (last?.status === 'pending') return last.expires_at > now ? E.alreadyInvited : E.previouslyInvited;
    if (last?.status === 'cancelled' && (last.closed_at ?? 0) > now - INVITE_DAYS * DAY) return E.inviteWait7Days;
    if ((await sendsSince(q, { email }, now - DAY)) >= limits.invitesPerUserPerDay) return E.userDailyInvitesExceeded;
    return null;
  };
  // Early answers without locking; the transaction below checks everything again.
  let invitable: string[] = [];
  for (const email of emails) {
    const code = await refusalOf(db, email);
    if (code === null) invitable.push(email);
    else refused.push({ email, errorCode: code });
  }
  failWhenNoneInvited(invitable, inTypedOrder());
  if ((await sendsSince(db, { org_id: orgId }, now - DAY)) + invitable.length > limits.invitesPerOrgPerDay) fail(E.orgDailyInvitesExceeded);
  const accountIds = new Map<string, string | null>();
  for (const email of invitable) {
    const found = await findAccount(ctx, email);
    accountIds.set(email, found && found.region === region ? found.account.id : null);
  }
  const created: Array<{ email: string; code: string; id: string }> = [];
  // Parallel invitations: after the locks, the rules and the caps are looked up again. A second
  // invitation of one address is refused with -40011, one past an address's cap with -40020,
  // a batch past the company's cap fails with -40022; the unique member row (org, email) is the
  // last line of defence.
  let inserting = '';
  await db
    .transaction()
    .execute(async (trx) => {
      await lockForInvites(trx, orgId, invitable);
      const stillInvitable: string[] = [];
      for (const email of invitable) {
        const code = await refusalOf(trx, email);
        if (code === null) stillInvitable.push(email);
        else refused.push({ email, errorCode: code });
      }
      invitable = stillInvitable;
      failWhenNoneInvited(invitable, inTypedOrder());
      if ((await sendsSince(trx, { org_id: orgId }, now - DAY)) + invitable.length > limits.invitesPerOrgPerDay) fail(E.orgDailyInvitesExceeded);
      for (const email of invitable) {
        inserting = email;
        const code = regionalSecret(region, 24);
        const id = randomId();
        await trx
          .insertInto('invitations')
          .values({ id, org_id: orgId, email, role: input.role, code_hash: sha256(code), inviter_account_id: account.id, status: 'pending', created_at: now, last_sent_at: now, expires_at: now + INVITE_DAYS * DAY, closed_at: null })
          .execute();
        await trx.deleteFrom('org_members').where('org_id', '=', orgId).where('email', '=', email).execute();
        await trx.insertInto('org_members').values({ id: randomId(), org_id: orgId, account_id: accountIds.get(email) ?? null, email, role: input.role, status: 'unverified', joined_at: null, invited_at: now }).execute();
        await trx.insertInto('invite_sends').values({ org_id: orgId, email, sent_at: now }).execute();
        created.push({ email, code, id });
      }
    })
    .catch((err: unknown) => {
      created.length = 0;
      if (isUniqueViolation(err)) fail(E.alreadyInvited, { email: inserting });
      throw err;
    });
  try {
    for (const c of created) await mailInvite(ctx, region, account, org.name, c.email, input.role, c.code, input.language);
  } catch {
    await db.transaction().execute(async (trx) => {
      for (const c of created) {
        await trx.deleteFrom('invitations').where('id', '=', c.id).execute();
        await trx.deleteFrom('org_members').where('org_id', '=', orgId).where('email', '=', c.email).where('status', '=', 'unverified').execute();
        await trx.deleteFrom('invite_sends').where('org_id', '=', orgId).where('email', '=', c.email).where('sent_at', '=', now).execute();
      }
    });
    fail(E.invitationMailFailed);
  }
  return { invited: created.map((c) => c.email), refused: inTypedOrder() };
}

/**
 * `POST /orgs/{id}/members`: adding someone is inviting them. The person becomes an unverified
 * member with an invitation mailed to them and joins only by accepting it (`acceptInvite`), so
 * nobody is put in a company, and kept out of every other, without consent. The answer is the
 * same whether or not the address has an account, and whatever its region.
 */
export async function addMember(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string, input: { email: string; role: MemberRole; region: RegionCode; language?: string }) {
  const myRole = await requireRole(ctx, region, orgId, account, MANAGERS);
  if (input.role === 'owner' || (input.role === 'admin' && myRole !== 'owner')) fail(E.permissionDenied);
  const { invited } = await invite(ctx, region, account, orgId, { emails: [input.email], role: input.role, region: input.region, language: input.language });
  return { email: invited[0]!, role: input.role, status: 'unverified' as const };
}

export async function reinvite(ctx: Ctx, region: RegionCode, account: AccountTable, orgId: string, input: { email: string; region: RegionCode; language?: string }) {
  await requireRole(ctx, region, orgId, account, MANAGERS);
  if (input.region !== region) fail(E.inviteOtherRegion);
  const org = await getOrg(ctx, region, orgId);
  const email = normalizeEmail(input.email);
  const db = companyStore(ctx, region);
  const now = ctx.now();
  const limits = ctx.options.limits;
  /** The rules in their order; run once without locks (early answer), then inside the transaction after its locks. */
  const check = async (q: CompanyDb) => {
    const inv = await q.selectFrom('invitations').selectAll().where('org_id', '=', orgId).where('email', '=', email).where('status', '=', 'pending').executeTakeFirst();
    if (!inv) fail(E.invitationInvalid);
    if (inv.last_sent_at > now - 60_000) fail(E.reinviteTooSoon, { retryAfterSeconds: Math.ceil((inv.last_sent_at + 60_000 - now) / 1000) });
    if ((await sendsSince(q, { email }, now - DAY)) >= limits.invitesPerUserPerDay) fail(E.userDailyInvitesExceeded);
    if ((await sendsSince(q, { org_id: orgId }, now - DAY)) >= limits.invitesPerOrgPerDay) fail(E.orgDailyInvitesExceeded);
    return inv;
  };
  await check(db);
  const code = regionalSecret(region, 24);
  const { inv, before } = await db.transaction().execute(async (trx) => {
    await lockForInvites(trx, orgId, [email]);
    const current = await check(trx);
    const previous = { code_hash: current.code_hash, last_sent_at: current.last_sent_at, expires_at: current.expires_at };
    const claimed = await trx
      .updateTable('invitations')
      .set({ code_hash: sha256(code), last_sent_at: now, expires_at: now + INVITE_DAYS * DAY })
      .where('id', '=', current.id)
      .where('last_sent_at', '=', current.last_sent_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) fail(E.reinviteTooSoon);
    await trx.updateTable('org_members').set({ status: 'unverified', invited_at: now }).where('org_id', '=', orgId).where('email', '=', email).execute();
    await trx.insertInto('invite_sends').values({ org_id: orgId, email, sent_at: now }).execute();
    return { inv: current, before: previous };
  });
  try {
    await mailInvite(ctx, region, account, org.name, email, inv.role as MemberRole, code, input.language);
  } catch {
    await db.updateTable('invitations').set(before).where('id', '=', inv.id).execute();
    await db.deleteFrom('invite_sends').where('org_id', '=', orgId).where('email', '=', email).where('sent_at', '=', now).execute();
    fail(E.invitationMailFailed);
  }
  return { email };
}

async function findInvitation(ctx: Ctx, code: string): Promise<{ region: RegionCode; inv: InvitationTable } | null> {
  if (!code || code.length > 200) return null;
  const hash = sha256(code);
  for (const region of REGION_CODES) {
    const inv = await companyStore(ctx, region).selectFrom('invitations').selectAll().where('code_hash', '=', hash).executeTakeFirst();
    if (inv) return { region, inv };
  }
  return null;
}

export async function inviteInfo(ctx: Ctx, code: string): Promise<InviteInfo> {
  const found = await findInvitation(ctx, code);
  if (!found || found.inv.status === 'cancelled') fail(E.invitationInvalid);
  const { region, inv } = found;
  // Where invitations are off for the company's region, its codes read as unknown: nothing of it shows.
  if (ctx.switches.state('invite', { region, appType: null }) !== 'on') fail(E.invitationInvalid);
  const db = companyStore(ctx, region);
  const org = await db.selectFrom('orgs').select(['id', 'name', 'country']).where('id', '=', inv.org_id).executeTakeFirst();
  if (!org) fail(E.invitationInvalid);
  const inviter = await db.selectFrom('accounts').select(['first_name', 'last_name']).where('id', '=', inv.inviter_account_id).executeTakeFirst();
  let status: InviteInfo['status'];
  if (inv.status === 'accepted') status = 'accepted';
  else if (inv.expires_at <= ctx.now()) status = 'expired';
  else status = (await findAccount(ctx, inv.email)) ? 'registered' : 'unregistered';
  return {
    invitedEmail: inv.email,
    inviteCode: code,
    orgRegion: region,
    status,
    ...(regionOfCountry(org.country) === region ? { orgCountry: org.country } : {}),
    orgId: org.id,
    orgName: org.name,
    inviterName: inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() : '',
    role: inv.role as MemberRole,
    expiresAt: inv.expires_at,
  };
}

/** Registration through an invitation: the code must be live and for this address. */
export async function checkInviteForRegistration(ctx: Ctx, code: string, email: string): Promise<{ orgRegion: RegionCode }> {
  const found = await findInvitation(ctx, code);
  if (!found || found.inv.status !== 'pending' || found.inv.expires_at <= ctx.now() || found.inv.email !== normalizeEmail(email)) fail(E.invitationInvalid);
  return { orgRegion: found.region };
}

export async function acceptInvite(ctx: Ctx, region: RegionCode, account: AccountTable, code: string) {
  const found = await findInvitation(ctx, code);
  if (!found || found.inv.status !== 'pending' || found.inv.expires_at <= ctx.now() || found.inv.email !== account.email) fail(E.invitationInvalid);
  if (found.region !== region) fail(E.inviteOtherRegion);
  const { inv } = found;
  if (await activeMembership(ctx, region, account.id)) fail(E.alreadyInOrg);
  await requireNoConflict(ctx, region, account);
  const db = companyStore(ctx, region);
  const org = await getOrg(ctx, region, inv.org_id);
  const now = ctx.now();
  await db
    .transaction()
    .execute(async (trx) => {
      await claimForMembership(trx, account.id, E.alreadyInOrg);
      const res = await trx.updateTable('invitations').set({ status: 'accepted', closed_at: now }).where('id', '=', inv.id).where('status', '=', 'pending').executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) fail(E.invitationInvalid);
      await trx.deleteFrom('org_members').where('org_id', '=', inv.org_id).where('email', '=', account.email).execute();
      await trx.insertInto('org_members').values({ id: randomId(), org_id: inv.org_id, account_id: account.id, email: account.email, role: inv.role, status: 'active', joined_at: now, invited_at: inv.created_at }).execute();
      await trx.updateTable('org_applications').set({ status: 'rejected', decided_at: now }).where('account_id', '=', account.id).where('status', '=', 'pending').execute();
    })
    .catch((err: unknown) => membershipFailure(ctx, region, account.id, err, E.alreadyInOrg));
  await noticeInvitationAccepted(ctx, region, org, inv.inviter_account_id, account);
  return { orgId: org.id, orgName: org.name, role: inv.role as MemberRole };
}
