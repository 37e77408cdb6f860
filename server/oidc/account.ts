/** The provider's view of a portal account: `sub` is the account id; claims by scope. */
import type { Account, ClaimsParameterMember, FindAccount } from 'oidc-provider';
import { intlLocale } from '../../core/i18n/numbers';
import type { Ctx } from '../context';
import { sessionExpiry } from '../domain/sessions';
import { portalSessionOfGrant } from './adapter';

/** Claims released per scope (`openid`: the subject and how and when it signed in). */
export const OIDC_CLAIMS = {
  openid: ['sub', 'auth_time', 'acr', 'amr'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'locale'],
};

/**
 * The account behind `sub`. With a token (code exchange, refresh, userinfo) only while the portal
 * sign-in its grant was given under lasts: not revoked and within the session timeout.
 */
export async function findPortalAccount(ctx: Ctx, sub: string, grantId?: string): Promise<Account | undefined> {
  const entry = await ctx.stores.global.selectFrom('directory').select(['region', 'account_id']).where('account_id', '=', sub).executeTakeFirst();
  if (!entry) return undefined;
  const account = await ctx.region(entry.region).selectFrom('accounts').selectAll().where('id', '=', sub).executeTakeFirst();
  // A closed ID (being deleted) is no one's to hand out: its grants end with it.
  if (!account || account.closed_at !== null) return undefined;
  if (grantId !== undefined) {
    const ssoSessionId = await portalSessionOfGrant(ctx.stores.global, grantId);
    const session = ssoSessionId ? await ctx.region(entry.region).selectFrom('sso_sessions').selectAll().where('id', '=', ssoSessionId).executeTakeFirst() : undefined;
    if (!session || session.account_id !== sub || session.revoked_at !== null || sessionExpiry(session, account) <= ctx.now()) return undefined;
  }
  return {
    accountId: sub,
    async claims(_use: string, _scope: string, _claims: { [key: string]: null | ClaimsParameterMember }, _rejected: string[]) {
      const name = `${account.first_name} ${account.last_name}`.trim();
      return {
        sub,
        email: account.email,
        email_verified: account.activated_at !== null,
        ...(name ? { name } : {}),
        ...(account.first_name ? { given_name: account.first_name } : {}),
        ...(account.last_name ? { family_name: account.last_name } : {}),
        locale: intlLocale(account.language),
      };
    },
  };
}

export function accountFinder(ctx: Ctx): FindAccount {
  return (_koa, sub, token) => findPortalAccount(ctx, sub, token && 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined);
}
