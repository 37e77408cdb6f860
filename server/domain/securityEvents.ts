/**
 * The account's security activity: what happened to its sign-in and credentials, when, from
 * which browser and (approximately) where. Rows live in the account's own region and are kept
 * 90 days (pruned in the background). Recording never fails the action it records: a failed
 * insert is logged and the action goes on.
 *
 * Location comes only from the request's `Viewer-Country` and `Viewer-City` headers (spec
 * section 7: the edge in front of the portal sets them); no address is looked up anywhere.
 *
 * New device: a successful sign-in whose browser family, system and country (`device_hash`)
 * no earlier sign-in of the account within the retention had. The owner is mailed then, in
 * the account's language, unless it is the account's first recorded sign-in at all.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import {
  SECURITY_EVENT_KINDS,
  SECURITY_EVENTS_RETENTION_DAYS,
  type SecurityEvent,
  type SecurityEventDetail,
  type SecurityEventKind,
} from '../../core/contract/securityEvents';
import type { Ctx } from '../context';
import type { AccountTable, RegionalDb, SecurityEventTable } from '../db/types';
import { ApiFailure } from '../http/errors';
import { randomToken, sha256 } from './crypto';
import { checkPasswordLocked } from './passwordLock';
import { readUserAgent } from '../../core/contract/userAgent';
import { formatMoment, usableTimeZone } from '../../core/i18n/dates';
import { intlLocale } from '../../core/i18n/numbers';

/** Where an event came from: the request's client address and headers. */
export interface EventContext {
  ip: string | null;
  userAgent: string | null;
  country: string | null;
  city: string | null;
}

export const RETENTION_MS = SECURITY_EVENTS_RETENTION_DAYS * 24 * 3600_000;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The client sends the city URI-encoded (it may hold any script); anything odd is dropped. */
function cityOf(raw: string | undefined): string | null {
  if (!raw) return null;
  let city: string;
  try {
    city = decodeURIComponent(raw);
  } catch {
    return null;
  }
  city = city.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return city && [...city].length <= 100 ? city : null;
}

export function eventContext(ip: string | null, headers: IncomingHttpHeaders): EventContext {
  const country = header(headers, 'viewer-country');
  return {
    ip: ip ? ip.slice(0, 64) : null,
    userAgent: header(headers, 'user-agent')?.slice(0, 500) ?? null,
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
    city: cityOf(header(headers, 'viewer-city')),
  };
}

/** The device and place a new-device check compares: browser family, system, country. */
function deviceHash(context: EventContext): string | null {
  const ua = readUserAgent(context.userAgent);
  if (!ua.family && !ua.os && !context.country) return null;
  return sha256(`${ua.family ?? ''}|${ua.os ?? ''}|${context.country ?? ''}`);
}

let sequence = 0;
/**
 * Ids sort as the events were recorded (time, then this process's sequence), so two events of
 * one request in the same millisecond list in order; the random tail keeps them unique.
 */
function eventId(at: number): string {
  sequence = (sequence + 1) % 1296;
  return `${at.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(2, '0')}${randomToken(9)}`;
}

function row(accountId: string, kind: SecurityEventKind, at: number, context: EventContext | null, detail?: SecurityEventDetail, id: string = eventId(at)): SecurityEventTable {
  const ua = readUserAgent(context?.userAgent);
  return {
    id,
    account_id: accountId,
    kind,
    created_at: at,
    ip: context?.ip ?? null,
    country: context?.country ?? null,
    city: context?.city ?? null,
    browser: ua.browser,
    os: ua.os,
    device_hash: context ? deviceHash(context) : null,
    detail: detail && Object.keys(detail).length > 0 ? JSON.stringify(detail) : null,
  };
}

async function insert(ctx: Ctx, region: RegionCode, event: SecurityEventTable): Promise<boolean> {
  try {
    // A fixed id (an expired lock) is recorded once, however many requests notice it.
    const res = await ctx.region(region).insertInto('security_events').values(event).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 1) > 0;
  } catch (err) {
    console.warn(`security event ${event.kind} not recorded: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

/** Records one event of the account. Never throws. */
export async function recordSecurityEvent(
  ctx: Ctx,
  account: { region: RegionCode; id: string },
  kind: SecurityEventKind,
  context: EventContext | null,
  detail?: SecurityEventDetail,
): Promise<void> {
  await insert(ctx, account.region, row(account.id, kind, ctx.now(), context, detail));
}

/** The moment as the account pages write it (the one clock, core/i18n/dates.ts): the profile's zone, named; UTC without one. */
function formatWhen(at: number, language: string, timeZone: string | null): string {
  return formatMoment(at, language, { timeZone: usableTimeZone(timeZone) ?? 'UTC' });
}

function placeOf(context: EventContext, language: string): string {
  let country: string | undefined;
  try {
    country = context.country ? new Intl.DisplayNames([intlLocale(language)], { type: 'region' }).of(context.country) : undefined;
  } catch {
    country = context.country ?? undefined;
  }
  const place = [context.city, country].filter(Boolean).join(', ');
  const ip = context.ip ? `IP ${context.ip}` : '';
  return [place, place && ip ? `(${ip})` : ip].filter(Boolean).join(' ') || '–';
}

/**
 * A completed sign-in (password, or a passkey: `kind`). One look-up on the account's device
 * index, one insert; a new device and place also queues one mail.
 */
export async function recordSignIn(
  ctx: Ctx,
  region: RegionCode,
  account: AccountTable,
  context: EventContext,
  kind: Extract<SecurityEventKind, 'sign_in_success' | 'passkey_sign_in'> = 'sign_in_success',
): Promise<void> {
  try {
    const event = row(account.id, kind, ctx.now(), context);
    const db = ctx.region(region);
    const signIns = db.selectFrom('security_events').where('account_id', '=', account.id).where('kind', 'in', ['sign_in_success', 'passkey_sign_in']);
    const [known, any] = await Promise.all([
      event.device_hash ? signIns.select('id').where('device_hash', '=', event.device_hash).limit(1).executeTakeFirst() : Promise.resolve(undefined),
      signIns.select('id').limit(1).executeTakeFirst(),
    ]);
    const newDevice = event.device_hash !== null && !known;
    if (newDevice) event.detail = JSON.stringify({ newDevice: true } satisfies SecurityEventDetail);
    if (!(await insert(ctx, region, event))) return;
    // The first sign-in ever recorded has nothing to compare with: no mail.
    if (!newDevice || !any) return;
    const ua = readUserAgent(context.userAgent);
    await ctx.mailer.send({
      to: account.email,
      kind: 'newDeviceSignIn',
      language: account.language,
      vars: {
        name: account.first_name || account.email,
        time: formatWhen(event.created_at, account.language, account.timezone),
        device: [ua.browser, ua.os].filter(Boolean).join(', ') || '–',
        place: placeOf(context, account.language),
        link: `${ctx.options.publicOrigin}/accountSetting/security`,
      },
    });
  } catch (err) {
    console.warn(`sign-in of an account not recorded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * A password check under the account's lock (passwordLock.ts) that records what it decides: a wrong password or a refusal while
 * locked (`failureKind`), the lock it starts (`account_locked`), and a lock that ran out
 * (`account_unlocked` at the time it ended, once).
 */
export async function checkAccountPasswordRecorded(
  ctx: Ctx,
  region: RegionCode,
  account: AccountTable,
  password: string,
  context: EventContext,
  failureKind: Extract<SecurityEventKind, 'sign_in_failure' | 'security_unlock_failed'>,
  onWrong?: () => void,
  /** Resolves when the answer has gone out (`answerSent`): under enumeration protection the recording waits for it. */
  answered: Promise<void> = new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<void> {
  await checkAccountCredentialRecorded(ctx, region, account, () => ctx.passwords.verify(account.password_hash, password), context, failureKind, onWrong, answered, 'password');
}

/**
 * Any credential that stands for the password (a mailed sign-in code): under the same lock, its
 * failures recorded the same way, with `reason` saying which credential was wrong.
 */
export async function checkAccountCredentialRecorded(
  ctx: Ctx,
  region: RegionCode,
  account: AccountTable,
  verify: () => Promise<boolean>,
  context: EventContext,
  failureKind: Extract<SecurityEventKind, 'sign_in_failure' | 'security_unlock_failed'>,
  onWrong?: () => void,
  answered: Promise<void> = new Promise((resolve) => setTimeout(resolve, 0)),
  reason: 'password' | 'code' = 'password',
): Promise<void> {
  const target = { region, id: account.id };
  // Under enumeration protection an address without an account gets the same answers in the same
  // time: what is written only for an account is written after the answer, not before it.
  const soon = async (task: () => Promise<void>) => {
    if (ctx.options.enumerationProtection) ctx.afterAnswer.run('recording a security event', answered, task);
    else await task();
  };
  const lockEnded = account.locked_until;
  if (lockEnded !== null && lockEnded <= ctx.now()) {
    await soon(async () => {
      await insert(ctx, region, row(account.id, 'account_unlocked', lockEnded, null, { by: 'expiry' }, `unlock-${account.id}-${lockEnded}`));
    });
  }
  try {
    await checkPasswordLocked(ctx, { db: ctx.region(region), table: 'accounts', id: account.id }, verify, onWrong);
  } catch (err) {
    if (err instanceof ApiFailure && (err.code === E.wrongCredentials || err.code === E.accountLocked)) {
      const locksNow = err.code === E.wrongCredentials && (err.result as { remainAttempts?: number } | undefined)?.remainAttempts === 0;
      await soon(async () => {
        await recordSecurityEvent(ctx, target, failureKind, context, { reason: err.code === E.accountLocked ? 'locked' : reason });
        if (locksNow) await recordSecurityEvent(ctx, target, 'account_locked', context);
      });
    }
    throw err;
  }
}

/** A password reset (mailed link): recorded, with the lock it ended. */
export async function recordPasswordReset(ctx: Ctx, region: RegionCode, account: AccountTable, context: EventContext): Promise<void> {
  await recordSecurityEvent(ctx, { region, id: account.id }, 'password_reset', context);
  if (account.locked_until !== null && account.locked_until > ctx.now()) await recordSecurityEvent(ctx, { region, id: account.id }, 'account_unlocked', context, { by: 'reset' });
}

function toEvent(r: SecurityEventTable): SecurityEvent {
  let detail: SecurityEventDetail | null = null;
  try {
    detail = r.detail ? (JSON.parse(r.detail) as SecurityEventDetail) : null;
  } catch {
    detail = null;
  }
  return { id: r.id, kind: r.kind as SecurityEventKind, at: Number(r.created_at), ip: r.ip, country: r.country, city: r.city, browser: r.browser, os: r.os, detail };
}

/** A page cursor: the last event's time and id (opaque to the client). */
export function encodeCursor(event: { at: number; id: string }): string {
  return Buffer.from(`${event.at}.${event.id}`).toString('base64url');
}
export function decodeCursor(cursor: string): { at: number; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(text);
  return match ? { at: Number(match[1]), id: match[2]! } : null;
}

/** Newest first, `limit` a page, older than `before`; rows of kinds this server does not know are left out. */
export async function listSecurityEvents(ctx: Ctx, region: RegionCode, accountId: string, limit: number, before: { at: number; id: string } | null): Promise<{ events: SecurityEvent[]; nextCursor: string | null }> {
  let query = ctx
    .region(region)
    .selectFrom('security_events')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('created_at', '>', ctx.now() - RETENTION_MS)
    .where('kind', 'in', [...SECURITY_EVENT_KINDS]);
  if (before) query = query.where((eb) => eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)])]));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
  const events = rows.slice(0, limit).map(toEvent);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return { events, nextCursor: last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null };
}

const PRUNE_BATCH = 500;

/** Deletes events older than the retention, a batch at a time. Resolves the number deleted. */
export async function pruneSecurityEvents(db: Kysely<RegionalDb>, now: number): Promise<number> {
  const before = now - RETENTION_MS;
  let deleted = 0;
  for (;;) {
    const res = await db
      .deleteFrom('security_events')
      .where('created_at', '<', before)
      .where('id', 'in', (eb) => eb.selectFrom('security_events').select('id').where('created_at', '<', before).limit(PRUNE_BATCH))
      .executeTakeFirst();
    const n = Number(res.numDeletedRows);
    deleted += n;
    if (n < PRUNE_BATCH) return deleted;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
