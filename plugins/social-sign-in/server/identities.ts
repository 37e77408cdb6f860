/**
 * The Security page's linked sign-ins: every plugin's (the linkedIdentities point: social ones
 * here, a company's from enterprise-sso), what this account may still link, and the rule that the
 * last way in is never unlinked (no known password, no passkey, no other link).
 */
import { ERROR_CODES as E, type RegionCode } from '@portal/plugin-api/contract';
import { fail, type AccountTable, type EventContext, type LinkedIdentity, type ServerContext as Ctx } from '@portal/server-api';
import { tellOwner } from './flows';
import { isSocialProvider, type LinkedSignIns, type SocialProvider, type UnlinkProblem } from '../contract';
import { offeredIn } from './providers';
import { socialStore } from './tables';

/** This plugin's contribution to the linkedIdentities point. */
export const socialIdentities = {
  async list(ctx: Ctx, _region: RegionCode, accountId: string): Promise<LinkedIdentity[]> {
    const rows = await socialStore(ctx).selectFrom('social_sign_in_links').select(['provider', 'email', 'linked_at']).where('account_id', '=', accountId).orderBy('linked_at').execute();
    return rows.map((r) => ({ id: `social:${r.provider}`, kind: 'social', provider: r.provider, email: r.email, linkedAt: r.linked_at, removable: true }));
  },
  async unlink(ctx: Ctx, _region: RegionCode, accountId: string, id: string): Promise<boolean> {
    const [kind, provider] = id.split(':');
    if (kind !== 'social' || !isSocialProvider(provider)) return false;
    const gone = await socialStore(ctx).deleteFrom('social_sign_in_links').where('account_id', '=', accountId).where('provider', '=', provider).executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  },
};

async function allLinks(ctx: Ctx, region: RegionCode, accountId: string): Promise<LinkedIdentity[]> {
  const lists = await Promise.all(ctx.extensions.all('linkedIdentities').map((c) => c.list(ctx, region, accountId)));
  return lists.flat().sort((a, b) => a.linkedAt - b.linkedAt);
}

/** What the card shows. `appType`: the partner app whose config says what its region offers (null: the web). */
export async function linkedSignIns(ctx: Ctx, region: RegionCode, account: AccountTable, appType: Parameters<Ctx['configs']['settingsOf']>[0]): Promise<LinkedSignIns> {
  const identities = await allLinks(ctx, region, account.id);
  const linked = new Set(identities.filter((i) => i.kind === 'social').map((i) => i.provider));
  const linkable: SocialProvider[] = offeredIn(ctx, region, appType).filter((p) => !linked.has(p));
  return { identities, linkable, passwordSet: account.password_set === 1 };
}

/** The ways into the account besides the link being removed: its known password, a passkey, another link. */
async function otherWaysIn(ctx: Ctx, region: RegionCode, account: AccountTable, removing: string, links: LinkedIdentity[]): Promise<number> {
  // A passkey counts where passkeys sign in: the plugin on in the account's region.
  const passkeys = ctx.extensions.first(ctx, 'passkeys', region);
  const hasPasskey = passkeys ? await passkeys.has(ctx, region, account.id) : false;
  return (account.password_set === 1 ? 1 : 0) + (hasPasskey ? 1 : 0) + links.filter((l) => l.id !== removing).length;
}

/** Unlinks one identity, never the last way in (-10020 `lastWayIn`) nor one the company requires (`required`). */
export async function unlinkIdentity(ctx: Ctx, region: RegionCode, account: AccountTable, id: string, context: EventContext): Promise<void> {
  const links = await allLinks(ctx, region, account.id);
  const link = links.find((l) => l.id === id);
  if (!link) fail(E.invalidParameter, { field: 'identity' }, 'No such linked sign-in.');
  const refuse = (reason: UnlinkProblem, message: string) => fail(E.invalidParameter, { field: 'identity', reason }, message, 409);
  if (!link.removable) refuse('required', 'Your company requires this sign-in.');
  if ((await otherWaysIn(ctx, region, account, id, links)) === 0) refuse('lastWayIn', 'This is your only way to sign in. Set a password first ("Forgot password"), or add a passkey.');
  for (const c of ctx.extensions.all('linkedIdentities')) {
    if (await c.unlink(ctx, region, account.id, id)) return tellOwner(ctx, region, account, 'unlinked', link.provider, context);
  }
}
