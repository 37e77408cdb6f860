/**
 * The console's audit log, as the console's halves write it: every operator action and every
 * config or service change, with who, role, when, what, the reason and the state before and after.
 * The log itself is the ops-console plugin's (the `operators` point); it is append-only, and no
 * console route edits or deletes a row.
 */
import type { FastifyRequest } from 'fastify';
import type { OpsRole } from '../../core/contract/ops';
import type { Ctx } from '../context';
import { fail } from '../http/errors';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { OPERATORS_POINT, requireOperator } from './consoleScope';

/** Who acted: an operator, or the command line (`npm run ops:add-admin`). */
export interface OpsActor {
  id: string;
  email: string;
  role: OpsRole | 'cli';
}

export interface OpsAuditRecord {
  actor: OpsActor;
  /** What was done, dotted: `operator.invite`, `switches.apply`, `account.unlock`. */
  action: string;
  /** What it was done to: `operator:<email>`, `config:console`, `account:<email>`. */
  target: string;
  reason: string | null;
  before?: unknown;
  after?: unknown;
}

/** The longest reason an operator may give. */
export const REASON_MAX = 500;

/** A reason as stored: trimmed and required (400 -10020 on `reason` otherwise). */
export function requiredReason(input: unknown): string {
  // Invisible characters (zero-width spaces and the like) do not make a reason: the log must say something a person reads.
  const reason = typeof input === 'string' ? input.replace(/\p{Cf}/gu, '').replace(/\s+/g, ' ').trim() : '';
  if (reason.length < 3 || reason.length > REASON_MAX || !/[\p{L}\p{N}]/u.test(reason)) fail(E.invalidParameter, { field: 'reason' });
  return reason;
}

/** Appends to the audit log through the console plugin and counts the action (uid_ops_actions_total). */
export async function appendAudit(ctx: Ctx, record: OpsAuditRecord): Promise<void> {
  const log = ctx.extensions.find(OPERATORS_POINT, () => true);
  if (!log) throw new Error('the audit log needs the ops-console plugin');
  await log.value.audit(ctx, record);
  ctx.metrics.opsActions.inc({ action: record.action });
}

/** Appends an action of the request's operator. */
export function auditOperatorAction(ctx: Ctx, req: FastifyRequest, record: Omit<OpsAuditRecord, 'actor'>): Promise<void> {
  const operator = requireOperator(req);
  return appendAudit(ctx, { ...record, actor: { id: operator.id, email: operator.email, role: operator.role } });
}
