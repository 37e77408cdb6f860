/**
 * SSO sessions (the browser's login session, one per device, in the account's region) and the
 * access/refresh tokens issued to clients under them. The session list of the security page
 * shows SSO sessions; logging one out revokes every token under it. The account's session
 * timeout bounds a session's life from its sign-in and is enforced on every refresh.
 */
import type { ClosedAccountResult } from '../../core/contract/account';
import type { RegionCode } from '../../core/contract/regions';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import type { AccountTable, SsoSessionTable, TokenTable } from '../db/types';
import { fail } from '../http/errors';
import { randomId, safeEqual } from './crypto';
import { hashSecret, parseRegionalSecret, regionalSecret } from './tokens';
import { openSuccessor, sealSuccessor } from './refreshSuccessor';
import { revokeGrantsOfPortalSessions } from '../oidc/adapter';
import { formatMethods, type AuthMethod } from './authMethods';

export interface SsoSessionRef {
  region: RegionCode;
  session: SsoSessionTable;
  account: AccountTable;
}

export function sessionExpiry(session: SsoSessionTable, account: AccountTable): number {
  return Math.min(session.expires_at, session.created_at + account.session_timeout * 1000);
}

/** The cookie value is `<region>.<sessionId>.<secret>`. */
export async function createSsoSession(
  ctx: Ctx,
  region: RegionCode,
  account: AccountTable,
  meta: { ip: string | null; userAgent: string | null },
  methods: readonly AuthMethod[],
): Promise<{ id: string; cookie: string; expiresAt: number }> {
  const now = ctx.now();
  const id = randomId();
  const secret = regionalSecret(region);
  const expiresAt = now + account.session_timeout * 1000;
  await ctx
    .region(region)
    .insertInto('sso_sessions')
    .values({
      id,
      account_id: account.id,
      secret_hash: hashSecret(secret),
      created_at: now,
      last_active_at: now,
      expires_at: expiresAt,
      webview_secret_hash: null,
      ip: meta.ip?.slice(0, 64) ?? null,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      revoked_at: null,
      auth_methods: formatMethods(methods),
      authenticated_at: now,
    })
    .execute();
  // Closed while this sign-in was under way: the closure revoked every session before this one was
  // written, so this one is revoked here (read after the write: one of the two always sees the other).
  const current = await ctx.region(region).selectFrom('accounts').select('closed_at').where('id', '=', account.id).executeTakeFirst();
  if (!current || current.closed_at !== null) {
    await ctx.region(region).updateTable('sso_sessions').set({ revoked_at: ctx.now() }).where('id', '=', id).execute();
    refuseClosed({ closed_at: current?.closed_at ?? ctx.now() });
  }
  return { id, cookie: `${id}~${secret}`, expiresAt };
}

/** -20213 with `reason: 'closed'` (403): the ID is closed, its erasure pending; the mailed link restores it. */
export function refuseClosed(account: Pick<AccountTable, 'closed_at'>): void {
  if (account.closed_at !== null) fail(E.accountError, { reason: 'closed' } satisfies ClosedAccountResult, 'This ID is being deleted. To keep it, open the restore link we mailed you.', 403);
}

/**
 * The signed-in user proved it again (a connected service asked for a fresh sign-in): the same
 * session, so what other services were given under it goes on, with a new sign-in time and methods.
 */
export async function renewSessionSignIn(ctx: Ctx, region: RegionCode, sessionId: string, methods: readonly AuthMethod[]): Promise<void> {
  const now = ctx.now();
  await ctx.region(region).updateTable('sso_sessions').set({ auth_methods: formatMethods(methods), authenticated_at: now, last_active_at: now }).where('id', '=', sessionId).execute();
}

export async function readSsoCookie(ctx: Ctx, cookie: string | undefined): Promise<SsoSessionRef | null> {
  if (!cookie || cookie.length > 300) return null;
  const tilde = cookie.indexOf('~');
  if (tilde <= 0) return null;
  const id = cookie.slice(0, tilde);
  const secret = cookie.slice(tilde + 1);
  const parsed = parseRegionalSecret(secret);
  if (!parsed) return null;
  const db = ctx.region(parsed.region);
  const session = await db.selectFrom('sso_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!session || session.revoked_at !== null) return null;
  // Both secrets are compared every time: the timing does not tell which one matched.
  const hash = hashSecret(secret);
  const browser = safeEqual(session.secret_hash, hash);
  const webview = safeEqual(session.webview_secret_hash ?? '', hash);
  if (!browser && !webview) return null;
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', session.account_id).executeTakeFirst();
  if (!account || account.closed_at !== null || ctx.now() >= sessionExpiry(session, account)) return null;
  return { region: parsed.region, session, account };
}

export async function touchSession(ctx: Ctx, region: RegionCode, sessionId: string): Promise<void> {
  await ctx.region(region).updateTable('sso_sessions').set({ last_active_at: ctx.now() }).where('id', '=', sessionId).execute();
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  familyId: string;
}

export async function issueTokens(
  ctx: Ctx,
  region: RegionCode,
  accountId: string,
  sessionId: string,
  clientId: string,
  familyId: string = randomId(),
): Promise<IssuedTokens> {
  const now = ctx.now();
  const accessToken = regionalSecret(region);
  const refreshToken = regionalSecret(region);
  const ttl = ctx.options.limits.accessTokenSeconds;
  await ctx
    .region(region)
    .insertInto('tokens')
    .values({
      id: randomId(),
      account_id: accountId,
      session_id: sessionId,
      client_id: clientId,
      family_id: familyId,
      access_hash: hashSecret(accessToken),
      access_expires_at: now + ttl * 1000,
      refresh_hash: hashSecret(refreshToken),
      rotated_at: null,
      revoked_at: null,
      created_at: now,
      successor: null,
    })
    .execute();
  return { accessToken, refreshToken, expiresIn: ttl, familyId };
}

export interface AuthContext {
  region: RegionCode;
  account: AccountTable;
  session: SsoSessionTable;
  token: TokenTable;
}

async function sessionAndAccount(ctx: Ctx, region: RegionCode, token: TokenTable) {
  const db = ctx.region(region);
  const session = await db.selectFrom('sso_sessions').selectAll().where('id', '=', token.session_id).executeTakeFirst();
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', token.account_id).executeTakeFirst();
  return { session, account };
}

/** Parses `Authorization: <type> <token>`. */
export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(\S+)\s+(\S+)$/.exec(header.trim());
  if (!match || match[1]!.toLowerCase() !== 'bearer') return null;
  return match[2]!;
}

/** Resolves an access token: 401 -20679 when expired (refresh), 401 -20651 when invalid or revoked (sign out). */
export async function authenticateAccess(ctx: Ctx, header: string | undefined): Promise<AuthContext> {
  const raw = bearer(header);
  const parsed = parseRegionalSecret(raw);
  if (!raw || !parsed) fail(E.invalidToken);
  const db = ctx.region(parsed.region);
  const token = await db.selectFrom('tokens').selectAll().where('access_hash', '=', hashSecret(raw)).executeTakeFirst();
  if (!token || token.revoked_at !== null) fail(E.invalidToken);
  if (ctx.now() >= token.access_expires_at) fail(E.tokenExpired);
  const { session, account } = await sessionAndAccount(ctx, parsed.region, token);
  if (!session || !account || session.revoked_at !== null || account.closed_at !== null) fail(E.invalidToken);
  if (ctx.now() >= sessionExpiry(session, account)) fail(E.tokenExpired);
  return { region: parsed.region, account, session, token };
}

type Refreshed = IssuedTokens & { region: RegionCode; accountId: string };

async function revokeFamily(ctx: Ctx, region: RegionCode, familyId: string): Promise<never> {
  await ctx.region(region).updateTable('tokens').set({ revoked_at: ctx.now() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  fail(E.tokenExpired);
}

/**
 * Refresh with rotation: the presented refresh token is retired and a new pair issued. A retired
 * token presented again means theft or a replay, and the whole family is revoked, with one
 * exception: within `refreshReuseGraceSeconds` of its rotation, while the pair it became is still
 * unused, it gets that same pair again. Two tabs (or two calls) refreshing at once both succeed.
 */
export async function rotateRefresh(ctx: Ctx, refreshToken: string, clientMayRefresh: (clientId: string) => boolean): Promise<Refreshed> {
  const parsed = parseRegionalSecret(refreshToken);
  if (!parsed) fail(E.tokenExpired);
  const db = ctx.region(parsed.region);
  const now = ctx.now();
  const token = await db.selectFrom('tokens').selectAll().where('refresh_hash', '=', hashSecret(refreshToken)).executeTakeFirst();
  if (!token || token.revoked_at !== null) fail(E.tokenExpired);
  if (!clientMayRefresh(token.client_id)) fail(E.invalidClient, undefined, 'This refresh token belongs to another client, or its client must authenticate.', 401);
  if (token.rotated_at !== null) return sameSuccessor(ctx, parsed.region, refreshToken);
  const { session, account } = await sessionAndAccount(ctx, parsed.region, token);
  if (!session || !account || session.revoked_at !== null || account.closed_at !== null || now >= sessionExpiry(session, account)) return revokeFamily(ctx, parsed.region, token.family_id);
  // The new pair exists before the old token names it, so whoever opens the successor finds it.
  const issued = await issueTokens(ctx, parsed.region, token.account_id, token.session_id, token.client_id, token.family_id);
  const retired = await db
    .updateTable('tokens')
    .set({ rotated_at: now, successor: sealSuccessor(issued, refreshToken), access_expires_at: Math.min(token.access_expires_at, now) })
    .where('id', '=', token.id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(retired.numUpdatedRows) !== 1) {
    // Another call rotated it first: this pair never existed; answer as a late caller would.
    await db.deleteFrom('tokens').where('refresh_hash', '=', hashSecret(issued.refreshToken)).execute();
    return sameSuccessor(ctx, parsed.region, refreshToken);
  }
  await touchSession(ctx, parsed.region, session.id);
  return { ...issued, region: parsed.region, accountId: token.account_id };
}

/** A rotated token presented again: its successor within the grace, else the family is revoked. */
async function sameSuccessor(ctx: Ctx, region: RegionCode, refreshToken: string): Promise<Refreshed> {
  const db = ctx.region(region);
  const now = ctx.now();
  const token = await db.selectFrom('tokens').selectAll().where('refresh_hash', '=', hashSecret(refreshToken)).executeTakeFirst();
  if (!token || token.revoked_at !== null) fail(E.tokenExpired);
  const withinGrace = token.rotated_at !== null && now - token.rotated_at <= ctx.options.limits.refreshReuseGraceSeconds * 1000;
  const pair = withinGrace && token.successor ? openSuccessor(token.successor, refreshToken) : null;
  const next = pair ? await db.selectFrom('tokens').selectAll().where('refresh_hash', '=', hashSecret(pair.refreshToken)).executeTakeFirst() : undefined;
  // Only while the successor is untouched: once it was itself rotated, the old token is stale.
  if (!pair || !next || next.revoked_at !== null || next.rotated_at !== null || next.family_id !== token.family_id) {
    ctx.metrics.refreshes.inc({ outcome: 'reuse_detected' });
    return revokeFamily(ctx, region, token.family_id);
  }
  const { session, account } = await sessionAndAccount(ctx, region, next);
  if (!session || !account || session.revoked_at !== null || account.closed_at !== null || now >= sessionExpiry(session, account)) return revokeFamily(ctx, region, token.family_id);
  return {
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    expiresIn: Math.max(0, Math.floor((next.access_expires_at - now) / 1000)),
    familyId: token.family_id,
    region,
    accountId: token.account_id,
  };
}

/** `/token/valid`: the refresh token is current and its session alive. */
export async function checkRefreshToken(ctx: Ctx, header: string | undefined): Promise<{ region: RegionCode; account: AccountTable; expiresIn: number }> {
  const raw = bearer(header);
  const parsed = parseRegionalSecret(raw);
  if (!raw || !parsed) fail(E.tokenExpired);
  const db = ctx.region(parsed.region);
  const token = await db.selectFrom('tokens').selectAll().where('refresh_hash', '=', hashSecret(raw)).executeTakeFirst();
  if (!token || token.revoked_at !== null || token.rotated_at !== null) fail(E.tokenExpired);
  const { session, account } = await sessionAndAccount(ctx, parsed.region, token);
  if (!session || !account || session.revoked_at !== null || account.closed_at !== null) fail(E.tokenExpired);
  const expiry = sessionExpiry(session, account);
  if (ctx.now() >= expiry) fail(E.tokenExpired);
  return { region: parsed.region, account, expiresIn: Math.floor((expiry - ctx.now()) / 1000) };
}

export async function revokeSessions(ctx: Ctx, region: RegionCode, accountId: string, sessionIds: string[] | 'all', exceptId?: string): Promise<string[]> {
  const db = ctx.region(region);
  const now = ctx.now();
  let query = db.selectFrom('sso_sessions').select('id').where('account_id', '=', accountId).where('revoked_at', 'is', null);
  if (sessionIds !== 'all') {
    if (sessionIds.length === 0) return [];
    query = query.where('id', 'in', sessionIds);
  }
  const ids = (await query.execute()).map((r) => r.id).filter((id) => id !== exceptId);
  if (ids.length === 0) return [];
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sso_sessions').set({ revoked_at: now }).where('id', 'in', ids).execute();
    await trx.updateTable('tokens').set({ revoked_at: now }).where('session_id', 'in', ids).where('revoked_at', 'is', null).execute();
  });
  // What connected services were given over OpenID Connect under these sessions ends with them.
  const ended = await revokeGrantsOfPortalSessions(ctx.stores.global, ids);
  if (ended.length) ctx.grantsEnded(ended);
  return ids;
}

/**
 * A partner app's web view joins the app's sign-in session (spec section 2: "a session
 * cookie is set from those values"): a fresh cookie secret for the same session, so the web
 * view gets an HttpOnly cookie of its own without the app's browser cookie being rotated.
 */
export async function joinSessionFromWebView(ctx: Ctx, auth: AuthContext): Promise<{ cookie: string; expiresAt: number }> {
  const secret = regionalSecret(auth.region);
  await ctx
    .region(auth.region)
    .updateTable('sso_sessions')
    .set({ webview_secret_hash: hashSecret(secret) })
    .where('id', '=', auth.session.id)
    .execute();
  return { cookie: `${auth.session.id}~${secret}`, expiresAt: sessionExpiry(auth.session, auth.account) };
}
