import type { AccountFact, RegionCode } from '@portal/plugin-api/contract';
import type { ServerContext as Ctx } from '@portal/server-api';
import { activeMembership } from './companies';
import { companyStore } from './tables';

/** The help desk's view of an account's company (the `accountFacts` point): the one it is a member of, if any. */
export async function companyFacts(ctx: Ctx, region: RegionCode, accountId: string): Promise<AccountFact[]> {
  const membership = await activeMembership(ctx, region, accountId);
  const org = membership ? await companyStore(ctx, region).selectFrom('orgs').select('name').where('id', '=', membership.org_id).executeTakeFirst() : undefined;
  return [{ id: 'company', count: org ? 1 : 0, items: org ? [{ name: org.name, at: membership?.joined_at ?? null }] : [] }];
}
