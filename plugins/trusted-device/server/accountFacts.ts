import { readUserAgent, type AccountFact, type RegionCode } from '@portal/plugin-api/contract';
import type { ServerContext as Ctx } from '@portal/server-api';
import { listTrustedDevices } from './trustedDevices';

/** The help desk's view of an account's trusted browsers (the `accountFacts` point): the live ones, by browser and system. */
export async function trustedDeviceFacts(ctx: Ctx, region: RegionCode, accountId: string): Promise<AccountFact[]> {
  const devices = await listTrustedDevices(ctx, region, accountId, null);
  return [
    {
      id: 'trustedDevices',
      count: devices.length,
      items: devices.map((d) => {
        const ua = readUserAgent(d.userAgent);
        return { name: [ua.browser, ua.os].filter(Boolean).join(', ') || '–', at: d.lastUsedAt };
      }),
    },
  ];
}
