/**
 * Operators: invited (by the command line or an admin), enrolled through their invitation's link
 * (a password and a second factor), signed in with both, given roles and disabled by admins. The
 * last active admin can be neither demoted nor disabled: the console never locks itself out.
 */
import { ERROR_CODES as E, type OpsRole } from '@portal/plugin-api/contract';
import { appendAudit, fail, isLanguageCode, isValidEmail, normalizeEmail, randomId, randomToken, sha256, type OpsActor, type ServerContext as Ctx } from '@portal/server-api';
import { OPS_PASSWORD_MAX, OPS_PASSWORD_MIN, type OperatorItem } from '../contract';
import { consoleStore, type ConsoleDb, type OperatorTable } from './tables';

/** An invitation from the console works for 3 days; one from the command line for 1. */
export const INVITE_MS = 3 * 24 * 60 * 60_000;
export const CLI_INVITE_MS = 24 * 60 * 60_000;

export const CLI_ACTOR: OpsActor = { id: 'cli', email: 'command line', role: 'cli' };

export function operatorItem(row: OperatorTable): OperatorItem {
  return { id: row.id, email: row.email, role: row.role, status: row.status, createdAt: Number(row.created_at), createdBy: row.created_by, lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at) };
}

export async function operatorByEmail(ctx: Ctx, email: string): Promise<OperatorTable | null> {
  return (await consoleStore(ctx).selectFrom('ops_console_operators').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()) ?? null;
}

export async function listOperators(ctx: Ctx): Promise<OperatorItem[]> {
  const rows = await consoleStore(ctx).selectFrom('ops_console_operators').selectAll().orderBy('email').execute();
  return rows.map(operatorItem);
}

/** The link an invitation's mail (or the command line) gives: the token in the fragment, never sent to a server or a log. */
export function enrolLink(ctx: Ctx, token: string): string {
  return `${ctx.options.publicOrigin}/ops/enrol#${token}`;
}

/**
 * Invites `email` as `role` (a new operator, or a new invitation for one who has not enrolled or
 * was disabled): returns the link. An active operator is refused (-20621): change their role instead.
 */
export async function inviteOperator(ctx: Ctx, input: { email: string; role: OpsRole; by: OpsActor; reason: string | null; lastsMs: number }): Promise<{ operator: OperatorTable; link: string }> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) fail(E.invalidEmail, { field: 'email' });
  const token = randomToken(32);
  const now = ctx.now();
  const invite = { invite_digest: sha256(token), invite_expires_at: now + input.lastsMs, invite_challenge: null };
  const existing = await operatorByEmail(ctx, email);
  let operator: OperatorTable;
  if (existing) {
    if (existing.status === 'active') fail(E.userExists, { field: 'email' }, 'This address is an active operator already: change the role instead.');
    // Enrolling anew: what the old invitation or the disabled account had is gone.
    await consoleStore(ctx).deleteFrom('ops_console_passkeys').where('operator_id', '=', existing.id).execute();
    await consoleStore(ctx)
      .updateTable('ops_console_operators')
      .set({ ...invite, role: input.role, status: 'invited', password_hash: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null, created_by: input.by.email })
      .where('id', '=', existing.id)
      .execute();
    operator = { ...existing, ...invite, role: input.role, status: 'invited', password_hash: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null, created_by: input.by.email };
  } else {
    operator = { id: randomId(), email, role: input.role, status: 'invited', password_hash: null, totp_secret: null, totp_pending_secret: null, totp_last_step: null, ...invite, created_at: now, created_by: input.by.email, last_sign_in_at: null };
    await consoleStore(ctx).insertInto('ops_console_operators').values(operator).execute();
  }
  await appendAudit(ctx, { actor: input.by, action: 'operator.invite', target: `operator:${email}`, reason: input.reason, before: existing ? operatorItem(existing) : undefined, after: operatorItem(operator) });
  return { operator, link: enrolLink(ctx, token) };
}

/** The operator whose live invitation `token` is, or 400 -20651 (unknown, used or expired alike). */
export async function operatorOfInvite(ctx: Ctx, token: string): Promise<OperatorTable> {
  const row = token.length >= 20 && token.length <= 100 ? await consoleStore(ctx).selectFrom('ops_console_operators').selectAll().where('invite_digest', '=', sha256(token)).executeTakeFirst() : undefined;
  if (!row || row.status !== 'invited' || row.invite_expires_at === null || row.invite_expires_at <= ctx.now()) fail(E.invalidToken, undefined, 'This invitation link is not valid any more. Ask an administrator for a new one.');
  return row;
}

/** An operator's password: 12 to 128 characters, not all of one kind, and not a known one (the portal's list). */
export function checkOperatorPassword(password: string): void {
  const chars = [...password];
  if (chars.length < OPS_PASSWORD_MIN || chars.length > OPS_PASSWORD_MAX || new Set(chars).size < 5) fail(E.invalidPasswordFormat, { field: 'password' });
}

/** Active admins besides `exceptId`. */
async function otherActiveAdmins(db: ConsoleDb, exceptId: string): Promise<number> {
  const rows = await db.selectFrom('ops_console_operators').select('id').where('role', '=', 'admin').where('status', '=', 'active').where('id', '!=', exceptId).execute();
  return rows.length;
}

/**
 * Refuses a change that would leave no active admin (403 -40005 `{ lastAdmin: true }`). Run it in the
 * transaction that makes the change, holding LOCK_SPACE.consoleAdmins: two admins demoting each other
 * at once must not both pass.
 */
export async function keepAnAdmin(db: ConsoleDb, target: OperatorTable, next: { role: OpsRole; status: OperatorTable['status'] }): Promise<void> {
  const wasAdmin = target.role === 'admin' && target.status === 'active';
  const staysAdmin = next.role === 'admin' && next.status === 'active';
  if (wasAdmin && !staysAdmin && (await otherActiveAdmins(db, target.id)) === 0) fail(E.permissionDenied, { lastAdmin: true }, 'The console needs at least one active admin.', 403);
}

/** The language an operator's mail is written in: the inviter's choice, else English. */
export function mailLanguage(value: unknown): string {
  return isLanguageCode(value) ? value : 'en_US';
}
