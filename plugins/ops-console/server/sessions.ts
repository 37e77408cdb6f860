/**
 * Operators' sessions: an HttpOnly, SameSite=Strict cookie of its own (never the portal's SSO
 * cookie, and no bearer token), kept in the store by its digest. A right password opens a short
 * `factor` session that only the second step accepts; the second factor turns it into a new
 * signed-in session (a new value: a value seen before the second factor is worth nothing after).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies, randomToken, sha256, type OperatorRef, type ServerContext as Ctx } from '@portal/server-api';
import { consoleStore, type OperatorSessionTable, type OperatorTable } from './tables';

/** The second step waits this long after the password. */
export const FACTOR_STAGE_MS = 5 * 60_000;
/** A console session ends after 8 hours, or after 30 minutes without a call. */
export const SESSION_MS = 8 * 60 * 60_000;
export const IDLE_MS = 30 * 60_000;
/** Wrong second-factor answers before the sign-in starts over. */
export const FACTOR_FAILURES_MAX = 5;

/** The cookie's name: `__Host-` on https, which pins it to this origin, path / and Secure. */
export function cookieName(ctx: Ctx): string {
  return ctx.options.publicOrigin.startsWith('https:') ? '__Host-uid_ops' : 'uid_ops';
}

function setCookie(ctx: Ctx, reply: FastifyReply, value: string, maxAgeMs: number): void {
  const secure = ctx.options.publicOrigin.startsWith('https:') ? '; Secure' : '';
  reply.header('Set-Cookie', `${cookieName(ctx)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(maxAgeMs / 1000)}${secure}`);
}

export function clearCookie(ctx: Ctx, reply: FastifyReply): void {
  setCookie(ctx, reply, '', 0);
}

/** The request's session row (any stage), live and unexpired, or null. */
export async function sessionOf(ctx: Ctx, req: FastifyRequest): Promise<OperatorSessionTable | null> {
  const value = parseCookies(req.headers.cookie)[cookieName(ctx)];
  if (!value || value.length > 100) return null;
  const row = await consoleStore(ctx).selectFrom('ops_console_sessions').selectAll().where('id_digest', '=', sha256(value)).executeTakeFirst();
  if (!row) return null;
  const now = ctx.now();
  if (row.expires_at <= now || (row.stage === 'signed-in' && now - row.last_seen_at > IDLE_MS)) {
    await consoleStore(ctx).deleteFrom('ops_console_sessions').where('id_digest', '=', row.id_digest).execute();
    return null;
  }
  return row;
}

/** Starts a session of `stage` for the operator and sets its cookie. */
export async function startSession(ctx: Ctx, reply: FastifyReply, operatorId: string, stage: OperatorSessionTable['stage']): Promise<void> {
  const value = randomToken(32);
  const now = ctx.now();
  const lasts = stage === 'factor' ? FACTOR_STAGE_MS : SESSION_MS;
  await consoleStore(ctx)
    .insertInto('ops_console_sessions')
    .values({ id_digest: sha256(value), operator_id: operatorId, stage, challenge: null, failures: 0, created_at: now, expires_at: now + lasts, last_seen_at: now, confirmed_at: stage === 'signed-in' ? now : 0 })
    .execute();
  setCookie(ctx, reply, value, lasts);
}

export async function endSession(ctx: Ctx, row: Pick<OperatorSessionTable, 'id_digest'>): Promise<void> {
  await consoleStore(ctx).deleteFrom('ops_console_sessions').where('id_digest', '=', row.id_digest).execute();
}

/** Ends every session of an operator (disabled, or a role changed). */
export async function endOperatorSessions(ctx: Ctx, operatorId: string): Promise<void> {
  await consoleStore(ctx).deleteFrom('ops_console_sessions').where('operator_id', '=', operatorId).execute();
}

export async function operatorById(ctx: Ctx, id: string): Promise<OperatorTable | null> {
  return (await consoleStore(ctx).selectFrom('ops_console_operators').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The `operators` point's `authenticate`: a signed-in session of an active operator. */
export async function authenticateOperator(ctx: Ctx, req: FastifyRequest): Promise<OperatorRef | null> {
  const row = await sessionOf(ctx, req);
  if (!row || row.stage !== 'signed-in') return null;
  const operator = await operatorById(ctx, row.operator_id);
  if (!operator || operator.status !== 'active') return null;
  const now = ctx.now();
  // Seen: the idle clock starts again (written at most once a minute).
  if (now - row.last_seen_at > 60_000) await consoleStore(ctx).updateTable('ops_console_sessions').set({ last_seen_at: now }).where('id_digest', '=', row.id_digest).execute();
  return { id: operator.id, email: operator.email, role: operator.role, confirmedAt: row.confirmed_at, sessionId: row.id_digest };
}
