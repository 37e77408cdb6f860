/**
 * The company sign-ins linked to an account, for the Security page's card (the linkedIdentities
 * point): one per company provider, named by the company, kept while the company requires it.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import type { LinkedIdentity, ServerContext as Ctx } from '@portal/server-api';
import { connectionById, directory } from './connections';
import { ssoStore } from './tables';

const PREFIX = 'enterprise:';

export const enterpriseIdentities = {
  async list(ctx: Ctx, _region: RegionCode, accountId: string): Promise<LinkedIdentity[]> {
    const links = await ssoStore(ctx).selectFrom('enterprise_sso_links').select(['connection_id', 'linked_at']).where('account_id', '=', accountId).execute();
    const out: LinkedIdentity[] = [];
    for (const link of links) {
      const connection = await connectionById(ctx, link.connection_id);
      if (!connection) continue;
      const company = await directory(ctx).company(ctx, connection.company_region, connection.company_id, null);
      out.push({ id: `${PREFIX}${link.connection_id}`, kind: 'enterprise', provider: company?.name ?? '', email: null, linkedAt: link.linked_at, removable: connection.required !== 1 });
    }
    return out;
  },
  async unlink(ctx: Ctx, _region: RegionCode, accountId: string, id: string): Promise<boolean> {
    if (!id.startsWith(PREFIX)) return false;
    const gone = await ssoStore(ctx).deleteFrom('enterprise_sso_links').where('account_id', '=', accountId).where('connection_id', '=', id.slice(PREFIX.length)).executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  },
};
