import type { AccountFact, RegionCode } from '@portal/plugin-api/contract';
import type { ServerContext as Ctx } from '@portal/server-api';
import { recoveryCodesStatus } from './recoveryCodes';

/** The help desk's view of an account's recovery codes (the `accountFacts` point): how many are left. */
export async function recoveryCodeFacts(ctx: Ctx, region: RegionCode, accountId: string): Promise<AccountFact[]> {
  const status = await recoveryCodesStatus(ctx, region, accountId);
  return [{ id: 'recoveryCodes', count: status.remaining }];
}
