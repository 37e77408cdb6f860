/** Shared pieces of the HTTP layer: result wrapping, auth guards, cookies, schema fragments. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSO_COOKIE } from '../../core/contract/auth';
import { HEADERS } from '../../core/contract/headers';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import { safeEqual } from '../domain/crypto';
import type { RegionUnavailableResult } from '../../core/contract/api';
import { authenticateAccess, bearer, touchSession, type AuthContext } from '../domain/sessions';
import { requirePortalAudience } from '../domain/clientAuth';
import { clientNetwork } from '../domain/limits';
import { hashSecret, parseRegionalSecret } from '../domain/tokens';
import { fail } from './errors';

export function ok<T>(result: T): { result: T } {
  return { result };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Region of the regional host the call came in on; null on the global host. */
    hostRegion: RegionCode | null;
  }
}

/**
 * Resolves once the answer to this request has been handed to the network (or the client left):
 * work queued on it (enumeration protection) cannot delay the answer or show in its time.
 */
export function answerSent(reply: FastifyReply): Promise<void> {
  return new Promise<void>((resolve) => {
    reply.raw.once('finish', () => resolve());
    reply.raw.once('close', () => resolve());
  });
}

export function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

/** What a per-client limit counts a request under: its address, an IPv6 one by its /64 (one subscriber's). */
export function clientKey(req: FastifyRequest): string {
  return clientNetwork(clientIp(req));
}

export function parseCookies(header: string | undefined): Record<string, string> {
  // No prototype: a cookie's name comes from the request, and `cookies.toString` must be no cookie.
  const out = Object.create(null) as Record<string, string>;
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export function ssoCookie(req: FastifyRequest): string | undefined {
  return parseCookies(req.headers.cookie)[SSO_COOKIE];
}

/**
 * A cookie that binds a sign-in step to the browser that began it (an email code, a provider's
 * flow): HttpOnly; Lax, so a provider's redirect back (a top-level navigation) carries it; Path /api,
 * so it goes with the calls that use the step and nowhere else; Secure on an https origin.
 */
export function setBrowserBindingCookie(ctx: Ctx, reply: FastifyReply, name: string, value: string, minutes: number): void {
  const secure = ctx.options.publicOrigin.startsWith('https:') ? '; Secure' : '';
  reply.header('Set-Cookie', `${name}=${value}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${minutes * 60}${secure}`);
}

export function setSsoCookie(ctx: Ctx, reply: FastifyReply, value: string, expiresAt: number): void {
  const secure = ctx.options.publicOrigin.startsWith('https:') ? '; Secure' : '';
  const maxAge = Math.max(0, Math.floor((expiresAt - ctx.now()) / 1000));
  reply.header('Set-Cookie', `${SSO_COOKIE}=${encodeURIComponent(value)}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`);
}

/** The Set-Cookie value that removes the SSO cookie. */
export function clearSsoCookieValue(ctx: Ctx): string {
  const secure = ctx.options.publicOrigin.startsWith('https:') ? '; Secure' : '';
  return `${SSO_COOKIE}=; Path=/api; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export function clearSsoCookie(ctx: Ctx, reply: FastifyReply): void {
  reply.header('Set-Cookie', clearSsoCookieValue(ctx));
}

/**
 * A regional host (`/api/region/<r>`) serves only accounts whose data lives in its own region:
 * for any other account it refuses with -19999 (503) and names the account's region. The
 * global host (`hostRegion` null) serves every region.
 */
export function requireHostRegion(req: FastifyRequest, accountRegion: RegionCode): void {
  if (req.hostRegion !== null && req.hostRegion !== accountRegion) {
    const result: RegionUnavailableResult = { region: accountRegion, hostRegion: req.hostRegion };
    fail(E.regionUnavailable, result);
  }
}

/**
 * The same check from a secret that carries the account's region (access, refresh and
 * security tokens, MFA and region process ids): decided before anything is read or written.
 * A value that is no regional secret is left to the call's own checks.
 */
export function requireHostRegionOf(req: FastifyRequest, secret: string | null | undefined): void {
  const parsed = parseRegionalSecret(secret);
  if (parsed) requireHostRegion(req, parsed.region);
}

/** Callers already authenticated in this request (the plugin gate did), so the token is read once. */
const authenticated = new WeakMap<FastifyRequest, AuthContext>();

export function rememberAuth(req: FastifyRequest, auth: AuthContext): void {
  authenticated.set(req, auth);
}

/** The portal's login page with these parameters (empty ones left out). */
export function loginUrl(ctx: Ctx, params: Record<string, string | undefined>): string {
  const url = new URL('/login', ctx.options.publicOrigin);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url.toString();
}

/** The login page's session-code header (lower case, as Fastify keys headers). */
export const SESSION_CODE_HEADER = HEADERS.sessionCode.toLowerCase();

/** What the login page's calls are bound to: its session code (none for the help desk's own page). */
export function loginBindingOf(req: FastifyRequest): string {
  const header = req.headers[SESSION_CODE_HEADER];
  return (Array.isArray(header) ? header[0] : header) ?? '';
}

/** The signed-in caller (access token); also refreshes the session's last activity. */
export async function requireAuth(ctx: Ctx, req: FastifyRequest): Promise<AuthContext> {
  requireHostRegionOf(req, bearer(req.headers.authorization));
  const auth = authenticated.get(req) ?? (await authenticateAccess(ctx, req.headers.authorization));
  requirePortalAudience(auth.token.client_id, req.routeOptions.config.serviceTokens === true);
  if (ctx.now() - auth.session.last_active_at > 60_000) await touchSession(ctx, auth.region, auth.session.id);
  return auth;
}

/** The `Security-Token` header's value, if the request has one. */
function securityTokenOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['security-token'];
  return Array.isArray(raw) ? raw[0] : raw;
}

/**
 * Ends the security unlock named in `Security-Token` (if any) for this account: security
 * disable, and sign-out, which the client sends with the header so an unlock never
 * outlives the session that made it.
 */
export async function endSecurityUnlock(ctx: Ctx, req: FastifyRequest, region: RegionCode, accountId: string): Promise<void> {
  const value = securityTokenOf(req);
  if (!value) return;
  await ctx
    .region(region)
    .updateTable('one_time_tokens')
    .set({ used_at: ctx.now() })
    .where('token_hash', '=', hashSecret(value))
    .where('account_id', '=', accountId)
    .where('kind', '=', 'security')
    .where('used_at', 'is', null)
    .execute();
}

/** Sensitive calls: a live 5-minute security token of this account and session in `Security-Token`. */
export async function requireSecurityToken(ctx: Ctx, req: FastifyRequest, auth: AuthContext): Promise<void> {
  const value = securityTokenOf(req);
  const parsed = parseRegionalSecret(value);
  if (!value || !parsed || parsed.region !== auth.region) fail(E.tokenFailure);
  const row = await ctx
    .region(auth.region)
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', hashSecret(value))
    .where('kind', '=', 'security')
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= ctx.now() || !safeEqual(row.account_id, auth.account.id)) fail(E.tokenFailure);
  // Only the session that unlocked: not another device of the account, not one signed in after it.
  if (row.session_id === null || !safeEqual(row.session_id, auth.session.id)) fail(E.tokenFailure);
}

/** A path's account id must be the caller's own. */
export function ensureSelf(auth: AuthContext, accountId: string): void {
  if (!safeEqual(accountId, auth.account.id)) fail(E.accountError);
}

/** Per-client limit for sign-in, registration and mail-sending calls. */
export async function limitAuth(ctx: Ctx, req: FastifyRequest, bucket: string): Promise<void> {
  const wait = await ctx.authRate.take(`${bucket}:${clientKey(req)}`, ctx.options.limits.authPerMinute);
  if (wait !== null) fail(E.rateLimited, { retryAfterSeconds: wait });
}

// JSON Schema fragments.
export const S = {
  str: (max: number, min = 0) => ({ type: 'string', minLength: min, maxLength: max }) as const,
  email: { type: 'string', minLength: 1, maxLength: 320 } as const,
  password: { type: 'string', minLength: 1, maxLength: 128 } as const,
  bool: { type: 'boolean' } as const,
  region: { type: 'string', enum: ['Use', 'Aps', 'Euw'] } as const,
  mfaType: { type: 'integer', enum: [2, 3] } as const,
  language: { type: 'string', maxLength: 16 } as const,
  id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const,
};

export function body(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

export const authHeaders = {
  type: 'object',
  properties: { authorization: { type: 'string', maxLength: 1024 } },
} as const;

export const securityHeaders = {
  type: 'object',
  properties: {
    authorization: { type: 'string', maxLength: 1024 },
    'security-token': { type: 'string', maxLength: 256 },
  },
} as const;

export const idParams = { type: 'object', properties: { id: S.id }, required: ['id'] } as const;
