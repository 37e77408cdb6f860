/**
 * What the company screens promise ("You will be told when it is answered"): the company's
 * managers (owner, admins) hear of an application, the applicant of its answer, the inviter of an
 * accepted invitation. Each mail is written in its receiver's profile language, one per receiver,
 * never to the person who acted, and queued (the outbox) only once the change is committed.
 *
 * A notice is about something already done: a mail the outbox cannot take is logged (the mailer
 * counts it, `uid_mails_total{result="unqueued"}`) and the action stands. The applicant's answer
 * is also recorded in their activity (the Security page), without a device or a place: the
 * manager's browser is not the applicant's.
 */
import type { MemberRole, RegionCode } from '@portal/plugin-api/contract';
import { recordSecurityEvent, type AccountTable, type ServerContext as Ctx } from '@portal/server-api';
import { companyStore } from './tables';

/** Who handles applications (companies.ts's MANAGERS; not imported, companies.ts imports this file). */
const MANAGERS: readonly MemberRole[] = ['owner', 'admin'];

/** The mails the company plugin sends (texts in locales/<lang>/mail/company.json). */
export const COMPANY_MAILS = ['invitation', 'applicationReceived', 'applicationAccepted', 'applicationRejected', 'invitationAccepted'] as const;
type NoticeKind = Exclude<(typeof COMPANY_MAILS)[number], 'invitation'>;

type Person = Pick<AccountTable, 'id' | 'email' | 'first_name' | 'last_name' | 'language'>;

const fullName = (p: Pick<AccountTable, 'email' | 'first_name' | 'last_name'>) => `${p.first_name} ${p.last_name}`.trim() || p.email;

/** Queues one notice per receiver, none to the actor; a mail that cannot be queued is logged, not thrown. */
async function notify(ctx: Ctx, kind: NoticeKind, receivers: readonly Person[], actorId: string, vars: Record<string, string>, path: string): Promise<void> {
  const told = new Set<string>([actorId]);
  for (const receiver of receivers) {
    if (told.has(receiver.id)) continue;
    told.add(receiver.id);
    try {
      await ctx.mailer.send({
        to: receiver.email,
        kind,
        language: receiver.language,
        vars: { ...vars, name: receiver.first_name || receiver.email, link: `${ctx.options.publicOrigin}${path}` },
      });
    } catch (err) {
      console.warn(`company notice ${kind} not queued: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** The company's active owner and admins. */
async function managersOf(ctx: Ctx, region: RegionCode, orgId: string): Promise<Person[]> {
  return companyStore(ctx, region)
    .selectFrom('org_members')
    .innerJoin('accounts', 'accounts.id', 'org_members.account_id')
    .select(['accounts.id as id', 'accounts.email as email', 'accounts.first_name as first_name', 'accounts.last_name as last_name', 'accounts.language as language'])
    .where('org_members.org_id', '=', orgId)
    .where('org_members.status', '=', 'active')
    .where('org_members.role', 'in', MANAGERS)
    .execute();
}

/** An application arrived: every manager of the company is told. */
export async function noticeApplication(ctx: Ctx, region: RegionCode, org: { id: string; name: string }, applicant: AccountTable): Promise<void> {
  try {
    const managers = await managersOf(ctx, region, org.id);
    await notify(ctx, 'applicationReceived', managers, applicant.id, { applicant: fullName(applicant), email: applicant.email, org: org.name }, '/accountSetting/company/applications');
  } catch (err) {
    console.warn(`company notice applicationReceived not queued: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A manager answered an application: the applicant is told, and it shows in their activity. */
export async function noticeDecision(ctx: Ctx, region: RegionCode, orgName: string, applicant: Person, decidedBy: AccountTable, status: 'accepted' | 'rejected'): Promise<void> {
  await recordSecurityEvent(ctx, { region, id: applicant.id }, status === 'accepted' ? 'company_application_accepted' : 'company_application_rejected', null, { org: orgName });
  const [kind, path] = status === 'accepted' ? (['applicationAccepted', '/accountSetting/company'] as const) : (['applicationRejected', '/accountSetting/company/join'] as const);
  await notify(ctx, kind, [applicant], decidedBy.id, { org: orgName }, path);
}

/**
 * An invitation was accepted: its inviter is told, while still a member of the company (someone
 * who left it hears nothing more of it).
 */
export async function noticeInvitationAccepted(ctx: Ctx, region: RegionCode, org: { id: string; name: string }, inviterId: string, invitee: AccountTable): Promise<void> {
  try {
    const inviter = await companyStore(ctx, region)
      .selectFrom('org_members')
      .innerJoin('accounts', 'accounts.id', 'org_members.account_id')
      .select(['accounts.id as id', 'accounts.email as email', 'accounts.first_name as first_name', 'accounts.last_name as last_name', 'accounts.language as language'])
      .where('org_members.org_id', '=', org.id)
      .where('org_members.account_id', '=', inviterId)
      .where('org_members.status', '=', 'active')
      .executeTakeFirst();
    if (!inviter) return;
    await notify(ctx, 'invitationAccepted', [inviter], invitee.id, { invitee: fullName(invitee), email: invitee.email, org: org.name }, '/accountSetting/company/members');
  } catch (err) {
    console.warn(`company notice invitationAccepted not queued: ${err instanceof Error ? err.message : String(err)}`);
  }
}
