/**
 * Trusted devices: a browser that passed the second factor and asked not to be asked again gets a
 * signed, HttpOnly cookie of its own per account: `<device id>.<secret>.<signature>`. The device id
 * names a row (so the device can be listed and revoked); the row says until when, and for which
 * account, the second factor is skipped. The signature (HMAC under a key kept in the global store,
 * shared by every instance) binds the id and secret to the account: a cookie copied under another
 * account's name, edited, or made up is ignored, and so is one whose row is revoked or past its time.
 *
 * A copy of the cookie in another browser (issue 26) is caught two ways. The device is bound to the
 * browser family and system it was trusted in (not their versions: updates keep it); another one
 * presenting the cookie is a copy. And each skip rotates the secret (the row keeps only digests):
 * whichever of the original and a copy comes second presents a retired secret, one the signature
 * proves was ours. Either revokes the device, records `trusted_device_revoked` and asks the second
 * factor. A retired secret is still taken within REUSE_GRACE_MS of its rotation, for a parallel
 * sign-in of the same browser (two tabs, a repeated request): it gets the same new value.
 */
import crypto from 'node:crypto';
import { readUserAgent, type RegionCode, type TrustedDeviceInfo } from '@portal/plugin-api/contract';
import { hashSecret, randomId, randomToken, recordSecurityEvent, safeEqual, type EventContext, type ServerContext as Ctx, type TrustedBrowserRequest, type TrustedSkip } from '@portal/server-api';
import { trustedDeviceStore, type TrustedDeviceTable } from './tables';

const COOKIE_PREFIX = 'uid_td_';
const DAY_MS = 86_400_000;
/**
 * How long a just-retired secret still skips, as the refresh tokens' grace: long enough for two
 * sign-ins of one browser sent together, short enough that a copy used later is caught. A copy used
 * within it gets the same new value as the original and cannot be told apart from it after (a known
 * limit, server/README.md).
 */
export const REUSE_GRACE_MS = 10_000;

const deviceKey = (ctx: Ctx): Promise<Buffer> => ctx.sharedKey('trusted-devices');

const mac = async (ctx: Ctx, text: string) => crypto.createHmac('sha256', await deviceKey(ctx)).update(text).digest('base64url');

/** One cookie per account on a browser; its name does not show the account id. */
export async function trustedDeviceCookieName(ctx: Ctx, accountId: string): Promise<string> {
  return COOKIE_PREFIX + (await mac(ctx, `name:${accountId}`)).slice(0, 16);
}

/** A label of its own ("bound"): no signature of the unbound cookies (`device:<account>:<id>`) matches one of these. */
const signature = (ctx: Ctx, accountId: string, deviceId: string, secret: string) => mac(ctx, `bound:${accountId}:${deviceId}:${secret}`);

/**
 * The secret a rotation turns `secret` into: derived, not stored, so a parallel sign-in presenting
 * the one just retired is handed the same value while the row keeps only digests.
 */
const successorOf = (ctx: Ctx, accountId: string, deviceId: string, secret: string) => mac(ctx, `successor:${accountId}:${deviceId}:${secret}`);

const cookieValue = async (ctx: Ctx, accountId: string, deviceId: string, secret: string) => `${deviceId}.${secret}.${await signature(ctx, accountId, deviceId, secret)}`;

interface Presented {
  deviceId: string;
  secret: string;
}

/** The device id and secret a cookie value holds for `accountId`, when its signature holds. */
async function presentedOf(ctx: Ctx, accountId: string, value: string | undefined): Promise<Presented | null> {
  if (!value || value.length > 300) return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [deviceId, secret, sig] = parts as [string, string, string];
  if (!deviceId || !secret) return null;
  return safeEqual(sig, await signature(ctx, accountId, deviceId, secret)) ? { deviceId, secret } : null;
}

/** What a browser is bound to: its family and system ("Chrome on Windows"); an unknown one by its header without version numbers. */
export function browserFamily(userAgent: string | null): string {
  const { family, os } = readUserAgent(userAgent);
  if (family) return `${family} on ${os ?? 'unknown'}`;
  return `other ${hashSecret((userAgent ?? '').slice(0, 500).replace(/\d+/g, '')).slice(0, 32)}`;
}

/**
 * A presented secret against its row: the current one; the one just retired, within the grace and
 * while its successor is still current (a parallel sign-in); else retired (reuse).
 */
async function standingOf(ctx: Ctx, row: TrustedDeviceTable, secret: string): Promise<'current' | 'grace' | 'retired'> {
  const digest = hashSecret(secret);
  if (row.secret_digest !== null && safeEqual(digest, row.secret_digest)) return 'current';
  const withinGrace = row.previous_digest !== null && row.rotated_at !== null && ctx.now() - row.rotated_at <= REUSE_GRACE_MS && safeEqual(digest, row.previous_digest);
  if (withinGrace && row.secret_digest !== null && safeEqual(hashSecret(await successorOf(ctx, row.account_id, row.id, secret)), row.secret_digest)) return 'grace';
  return 'retired';
}

/** The live row the request's cookie names for this account, with what it presented. */
async function presentedDevice(ctx: Ctx, region: RegionCode, accountId: string, cookies: Record<string, string>): Promise<{ row: TrustedDeviceTable; presented: Presented } | null> {
  if (trustedDaysOffered(ctx) === undefined) return null;
  const presented = await presentedOf(ctx, accountId, cookies[await trustedDeviceCookieName(ctx, accountId)]);
  if (!presented) return null;
  const row = await liveRow(ctx, region, accountId, presented.deviceId);
  return row ? { row, presented } : null;
}

const liveRow = (ctx: Ctx, region: RegionCode, accountId: string, deviceId: string) =>
  trustedDeviceStore(ctx, region)
    .selectFrom('trusted_devices')
    .selectAll()
    .where('id', '=', deviceId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();

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
  const secret = randomToken(32);
  const expiresAt = now + ctx.options.trustedDeviceDays * DAY_MS;
  await trustedDeviceStore(ctx, region)
    .insertInto('trusted_devices')
    .values({
      id,
      account_id: accountId,
      created_at: now,
      expires_at: expiresAt,
      last_used_at: now,
      revoked_at: null,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
      secret_digest: hashSecret(secret),
      previous_digest: null,
      rotated_at: null,
      browser_family: browserFamily(meta.userAgent),
    })
    .execute();
  return { name: await trustedDeviceCookieName(ctx, accountId), value: await cookieValue(ctx, accountId, id, secret), maxAgeSeconds: Math.floor((expiresAt - now) / 1000) };
}

/** The live trusted-device row id the request's cookies hold for this account, or null (no side effect: the list and "sign out other devices"). */
export async function currentTrustedDevice(ctx: Ctx, region: RegionCode, accountId: string, cookies: Record<string, string>): Promise<string | null> {
  const found = await presentedDevice(ctx, region, accountId, cookies);
  return found && (await standingOf(ctx, found.row, found.presented.secret)) !== 'retired' ? found.row.id : null;
}

/**
 * Sign-in: whether this browser skips the second factor for the account. A copy (a retired secret,
 * another browser family) revokes the device and answers null; else the skip, whose completion
 * (once the sign-in completes) rotates the secret.
 */
export async function skipsSecondFactor(ctx: Ctx, region: RegionCode, accountId: string, request: TrustedBrowserRequest): Promise<TrustedSkip | null> {
  const found = await presentedDevice(ctx, region, accountId, request.cookies);
  if (!found) return null;
  const { row, presented } = found;
  if ((await standingOf(ctx, row, presented.secret)) === 'retired' || row.browser_family !== browserFamily(request.userAgent)) {
    await revokeCopied(ctx, region, accountId, row.id, request.context);
    return null;
  }
  return { complete: () => rotate(ctx, region, accountId, row, presented.secret) };
}

/**
 * The skip completes: the presented secret is retired for its successor, the Set-Cookie header to
 * send. Only from the current secret (one statement: of parallel sign-ins, one rotates); a sign-in
 * that finds it rotated already gets the same successor within the grace. Null when the device no
 * longer vouches (revoked meanwhile: a copy was caught): the second factor is asked after all.
 */
async function rotate(ctx: Ctx, region: RegionCode, accountId: string, row: TrustedDeviceTable, secret: string): Promise<string | null> {
  const now = ctx.now();
  const next = await successorOf(ctx, accountId, row.id, secret);
  const rotated = await trustedDeviceStore(ctx, region)
    .updateTable('trusted_devices')
    .set({ secret_digest: hashSecret(next), previous_digest: hashSecret(secret), rotated_at: now, last_used_at: now })
    .where('id', '=', row.id)
    .where('account_id', '=', accountId)
    .where('secret_digest', '=', hashSecret(secret))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(rotated.numUpdatedRows) !== 1) {
    const fresh = await liveRow(ctx, region, accountId, row.id);
    if (!fresh || (await standingOf(ctx, fresh, secret)) !== 'grace') return null;
  }
  return deviceCookieHeader(ctx, { name: await trustedDeviceCookieName(ctx, accountId), value: await cookieValue(ctx, accountId, row.id, next), maxAgeSeconds: Math.floor((row.expires_at - now) / 1000) });
}

/** A copied cookie was presented: the device is revoked (once, however many copies race) and that is in the account's activity. */
async function revokeCopied(ctx: Ctx, region: RegionCode, accountId: string, deviceId: string, context: EventContext): Promise<void> {
  const revoked = await trustedDeviceStore(ctx, region)
    .updateTable('trusted_devices')
    .set({ revoked_at: ctx.now() })
    .where('id', '=', deviceId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(revoked.numUpdatedRows) === 1) await recordSecurityEvent(ctx, { region, id: accountId }, 'trusted_device_revoked', context, { count: 1 });
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
