/**
 * Trusted devices: a browser that passed the second factor and asked not to be asked again gets a
 * signed, HttpOnly cookie of its own per account. The cookie only names a row (so the device can
 * be listed and revoked); the row says until when, and for which account, the second factor is
 * skipped. The signature (HMAC under a key kept in the global store, shared by every instance)
 * binds the device id to the account: a cookie copied under another account's name, edited, or
 * made up is ignored, and so is one whose row is revoked or past its time.
 */
import crypto from 'node:crypto';
import type { RegionCode, TrustedDeviceInfo } from '@portal/plugin-api/contract';
import { randomId, safeEqual, type ServerContext as Ctx } from '@portal/server-api';
import { trustedDeviceStore } from './tables';

const COOKIE_PREFIX = 'uid_td_';
const DAY_MS = 86_400_000;

const deviceKey = (ctx: Ctx): Promise<Buffer> => ctx.sharedKey('trusted-devices');

const mac = async (ctx: Ctx, text: string) => crypto.createHmac('sha256', await deviceKey(ctx)).update(text).digest('base64url');

/** One cookie per account on a browser; its name does not show the account id. */
export async function trustedDeviceCookieName(ctx: Ctx, accountId: string): Promise<string> {
  return COOKIE_PREFIX + (await mac(ctx, `name:${accountId}`)).slice(0, 16);
}

const signature = (ctx: Ctx, accountId: string, deviceId: string) => mac(ctx, `device:${accountId}:${deviceId}`);

/** The device id a cookie value names for `accountId`, when its signature holds. */
async function deviceIdOf(ctx: Ctx, accountId: string, value: string | undefined): Promise<string | null> {
  if (!value || value.length > 200) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const deviceId = value.slice(0, dot);
  return safeEqual(value.slice(dot + 1), await signature(ctx, accountId, deviceId)) ? deviceId : null;
}

export interface DeviceCookie {
  name: string;
  value: string;
  /** The row's lifetime, fixed when it was made (not re-derived from the clock later). */
  maxAgeSeconds: number;
}

export function trustedDaysOffered(ctx: Ctx): number | undefined {
  return ctx.options.trustedDeviceDays > 0 ? ctx.options.trustedDeviceDays : undefined;
}

export async function trustDevice(ctx: Ctx, region: RegionCode, accountId: string, meta: { ip: string | null; userAgent: string | null }): Promise<DeviceCookie> {
  const now = ctx.now();
  const id = randomId();
  const expiresAt = now + ctx.options.trustedDeviceDays * DAY_MS;
  await trustedDeviceStore(ctx, region)
    .insertInto('trusted_devices')
    .values({ id, account_id: accountId, created_at: now, expires_at: expiresAt, last_used_at: now, revoked_at: null, ip: meta.ip, user_agent: meta.userAgent?.slice(0, 512) ?? null })
    .execute();
  return { name: await trustedDeviceCookieName(ctx, accountId), value: `${id}.${await signature(ctx, accountId, id)}`, maxAgeSeconds: Math.floor((expiresAt - now) / 1000) };
}

/** The live trusted-device row id the request's cookies hold for this account, or null. */
export async function currentTrustedDevice(ctx: Ctx, region: RegionCode, accountId: string, cookies: Record<string, string>): Promise<string | null> {
  if (trustedDaysOffered(ctx) === undefined) return null;
  const deviceId = await deviceIdOf(ctx, accountId, cookies[await trustedDeviceCookieName(ctx, accountId)]);
  if (!deviceId) return null;
  const row = await trustedDeviceStore(ctx, region)
    .selectFrom('trusted_devices')
    .select('id')
    .where('id', '=', deviceId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Sign-in: true when this browser is trusted for the account (and notes the use). */
export async function skipsSecondFactor(ctx: Ctx, region: RegionCode, accountId: string, cookies: Record<string, string>): Promise<boolean> {
  const deviceId = await currentTrustedDevice(ctx, region, accountId, cookies);
  if (!deviceId) return false;
  await trustedDeviceStore(ctx, region).updateTable('trusted_devices').set({ last_used_at: ctx.now() }).where('id', '=', deviceId).execute();
  return true;
}

export async function listTrustedDevices(ctx: Ctx, region: RegionCode, accountId: string, currentId: string | null): Promise<TrustedDeviceInfo[]> {
  const rows = await trustedDeviceStore(ctx, region)
    .selectFrom('trusted_devices')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.map((r) => ({ deviceId: r.id, current: r.id === currentId, createdAt: r.created_at, lastUsedAt: r.last_used_at, expiresAt: r.expires_at, ip: r.ip, userAgent: r.user_agent }));
}

/**
 * Revokes the account's devices: those listed, or all (but `exceptId`). Password changes and
 * "log out other devices" revoke all: whoever had the password may have trusted a browser.
 */
export async function revokeTrustedDevices(ctx: Ctx, region: RegionCode, accountId: string, deviceIds: string[] | 'all', exceptId?: string | null): Promise<string[]> {
  const db = trustedDeviceStore(ctx, region);
  let query = db.selectFrom('trusted_devices').select('id').where('account_id', '=', accountId).where('revoked_at', 'is', null);
  if (deviceIds !== 'all') {
    if (deviceIds.length === 0) return [];
    query = query.where('id', 'in', deviceIds);
  }
  const ids = (await query.execute()).map((r) => r.id).filter((id) => id !== exceptId);
  if (ids.length === 0) return [];
  await db.updateTable('trusted_devices').set({ revoked_at: ctx.now() }).where('id', 'in', ids).where('account_id', '=', accountId).execute();
  return ids;
}

export function deviceCookieHeader(ctx: Ctx, cookie: DeviceCookie): string {
  const secure = ctx.options.publicOrigin.startsWith('https:') ? '; Secure' : '';
  return `${cookie.name}=${cookie.value}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${cookie.maxAgeSeconds}${secure}`;
}
