import type { AccountFact, RegionCode } from '@portal/plugin-api/contract';
import type { ServerContext as Ctx } from '@portal/server-api';
import { listPasskeys } from './passkeys';

/** The help desk's view of an account's passkeys (the `accountFacts` point): their names and last use. */
export async function passkeyFacts(ctx: Ctx, region: RegionCode, accountId: string): Promise<AccountFact[]> {
  const rows = await listPasskeys(ctx, region, accountId);
  return [{ id: 'passkeys', count: rows.length, items: rows.map((r) => ({ name: r.name, at: r.last_used_at ?? r.created_at })) }];
}
