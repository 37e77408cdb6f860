/**
 * Mailed links (activation, password reset): where they point in the SPA, what state a link's
 * token is in, and the connected service it belongs to. A link remembers the client whose login
 * page the flow started on (`one_time_tokens.client_id`), so the page it opens is branded as that
 * client and "sign in" leads back to it.
 */
import { MAIL_LINK_CLIENT_PARAM, MAIL_LINK_TOKEN_PARAM, MAIL_LINK_VIEWS, type MailLinkReason } from '../../core/contract/account';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { AccountTable } from '../db/types';
import { clientOfLoginSession, getClient, PORTAL_CLIENT_ID } from './oauth';
import { hashSecret, parseRegionalSecret } from './tokens';

export type MailLinkKind = keyof typeof MAIL_LINK_VIEWS;

/** The SPA address of a mailed link (language: the mail's); the token goes in the fragment. */
export function mailLink(ctx: Ctx, kind: MailLinkKind, token: string, language: string | null, clientId: string | null): string {
  const url = new URL('/login', ctx.options.publicOrigin);
  url.searchParams.set('module', MAIL_LINK_VIEWS[kind]);
  if (language) url.searchParams.set('lang', language);
  url.searchParams.set(MAIL_LINK_CLIENT_PARAM, clientId ?? PORTAL_CLIENT_ID);
  url.hash = `${MAIL_LINK_TOKEN_PARAM}=${encodeURIComponent(token)}`;
  return url.toString();
}

/**
 * The client behind a request's `session_code` header, if any: its login session may have
 * expired (a register page left open long), the flow still started at that service.
 */
export async function clientOfSessionCode(ctx: Ctx, header: string | string[] | undefined): Promise<string | null> {
  const code = Array.isArray(header) ? header[0] : header;
  return clientOfLoginSession(ctx, code);
}

/** Where "sign in" leads after a mailed link: the connected service, or null for the portal. */
export async function clientServiceUrl(ctx: Ctx, clientId: string | null): Promise<string | null> {
  if (!clientId || clientId === PORTAL_CLIENT_ID) return null;
  return (await getClient(ctx, clientId))?.service_url ?? null;
}

export type MailLinkState =
  | { state: 'invalid' }
  | { state: Exclude<MailLinkReason, 'invalid'> | 'valid'; region: RegionCode; account: AccountTable; clientId: string | null; expiresAt: number };

/** Looks a link's token up without using it: valid, used, expired, or invalid (unknown). */
export async function inspectMailLink(ctx: Ctx, token: string | undefined, kind: 'activation' | 'reset'): Promise<MailLinkState> {
  const parsed = parseRegionalSecret(token);
  if (!token || !parsed) return { state: 'invalid' };
  const db = ctx.region(parsed.region);
  const row = await db.selectFrom('one_time_tokens').selectAll().where('token_hash', '=', hashSecret(token)).where('kind', '=', kind).executeTakeFirst();
  if (!row) return { state: 'invalid' };
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', row.account_id).executeTakeFirst();
  if (!account) return { state: 'invalid' };
  const state = row.used_at !== null ? 'used' : row.expires_at <= ctx.now() ? 'expired' : 'valid';
  return { state, region: parsed.region, account, clientId: row.client_id ?? null, expiresAt: row.expires_at };
}
