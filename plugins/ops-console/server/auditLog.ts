/**
 * The audit log's rows: appended by the `operators` point (every console half writes through
 * `appendAudit`), read newest first with filters, and exported as JSON lines. Nothing here
 * changes a row, and the store's trigger refuses it anyway (tables.ts).
 */
import { sql } from 'kysely';
import { randomToken, type OpsAuditRecord, type ServerContext as Ctx } from '@portal/server-api';
import type { AuditEntry, AuditPage, AuditQuery } from '../contract';
import { consoleStore, type AuditTable } from './tables';

export const AUDIT_PAGE = 50;

const STATE_MAX = 65_536;

/** `value` with every string past `max` characters cut (saying how much), arrays past 200 items too: its shape and numbers kept. */
function shrink(value: unknown, max: number, depth = 0): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max)}… (${value.length - max} more characters)` : value;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return '… (nested deeper)';
  if (Array.isArray(value)) return [...value.slice(0, 200).map((v) => shrink(v, max, depth + 1)), ...(value.length > 200 ? [`… (${value.length - 200} more items)`] : [])];
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.length > max ? `${k.slice(0, max)}…` : k, shrink(v, max, depth + 1)]));
}

/**
 * before/after as stored: JSON, at most 64 KB. A larger state keeps its shape (a version's number,
 * the paths it changed) with its long texts cut: an attack review hid a switch turned off inside a
 * change whose other value was 33 000 characters long, when the whole state was dropped.
 */
export function stateJson(value: unknown): string | null {
  if (value === undefined) return null;
  const json = JSON.stringify(value);
  if (json.length <= STATE_MAX) return json;
  for (const max of [2000, 200, 40]) {
    const cut = JSON.stringify(shrink(value, max));
    if (cut.length <= STATE_MAX) return cut;
  }
  return JSON.stringify({ truncated: true, length: json.length });
}

export async function appendAuditRow(ctx: Ctx, record: OpsAuditRecord): Promise<void> {
  const at = ctx.now();
  await consoleStore(ctx)
    .insertInto('ops_console_audit')
    .values({
      id: `${String(at).padStart(15, '0')}-${randomToken(9)}`,
      at,
      actor_id: record.actor.id,
      actor_email: record.actor.email,
      actor_role: record.actor.role,
      action: record.action.slice(0, 64),
      target: record.target.slice(0, 400),
      reason: record.reason,
      before_json: stateJson(record.before),
      after_json: stateJson(record.after),
    })
    .execute();
}

export function auditEntry(row: AuditTable): AuditEntry {
  return {
    id: row.id,
    at: Number(row.at),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    action: row.action,
    target: row.target,
    reason: row.reason,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
  };
}

/** Rows matching the filters, newest first, from `cursor` (an id: rows older than it). */
function filtered(ctx: Ctx, query: AuditQuery) {
  let q = consoleStore(ctx).selectFrom('ops_console_audit').selectAll();
  // An operator by address or id; a target by its prefix (`operator:`, `account:a@b.example`).
  if (query.actor) q = q.where((eb) => eb.or([eb('actor_email', '=', query.actor!.toLowerCase()), eb('actor_id', '=', query.actor!)]));
  // A prefix by substr: the same on both stores (LIKE differs in case and escapes, ranges in collation).
  if (query.target) q = q.where(sql<string>`substr(target, 1, ${query.target.length})`, '=', query.target);
  if (query.since !== undefined) q = q.where('at', '>=', query.since);
  if (query.until !== undefined) q = q.where('at', '<=', query.until);
  if (query.cursor) q = q.where('id', '<', query.cursor);
  return q.orderBy('id', 'desc');
}

export async function auditPage(ctx: Ctx, query: AuditQuery): Promise<AuditPage> {
  const rows = await filtered(ctx, query).limit(AUDIT_PAGE + 1).execute();
  const items = rows.slice(0, AUDIT_PAGE).map(auditEntry);
  return { items, next: rows.length > AUDIT_PAGE ? (items[items.length - 1]?.id ?? null) : null };
}

/** Every matching row as JSON lines, newest first, read in pages. */
export async function* auditLines(ctx: Ctx, query: AuditQuery): AsyncGenerator<string> {
  let cursor = query.cursor;
  for (;;) {
    const rows = await filtered(ctx, { ...query, cursor }).limit(500).execute();
    for (const row of rows) yield `${JSON.stringify(auditEntry(row))}\n`;
    if (rows.length < 500) return;
    cursor = rows[rows.length - 1]!.id;
  }
}
