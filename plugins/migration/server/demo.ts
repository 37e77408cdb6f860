/**
 * The migration feature's demo data: an address with one old local account (migrate), one with
 * two (pick one), and a vendor ID with an old account of the same address (merge).
 */
import { randomId, type DemoSeeding, type ServerContext as Ctx } from '@portal/server-api';
import { legacyStore } from './tables';

/** The old accounts' password in the demo (and the reference server's tests). */
export const LEGACY_PASSWORD = 'Legacy-pass-2024';

export async function seedOldAccounts(ctx: Ctx, demo: DemoSeeding): Promise<void> {
  const hash = await ctx.passwords.hash(LEGACY_PASSWORD);
  const local = (email: string, provider: string, first: string, last: string, region: string | null = null) =>
    legacyStore(ctx)
      .insertInto('legacy_accounts')
      .values({ uuid: randomId(), provider, email, password_hash: hash, first_name: first, last_name: last, region, mfa: 0, subscription: 1, product_line: 'NVR', subscription_topic: 'news', migrated_at: null, migrated_to: null })
      .execute();
  await local('legacy-one@example.com', 'partnerProgram', 'Leo', 'Local');
  demo.listUser({ email: 'legacy-one@example.com', password: LEGACY_PASSWORD, state: 'one partner-program local account, no vendor ID (-6 migrate)' });
  await local('legacy-many@example.com', 'partnerProgram', 'Lena', 'Many', 'Euw');
  await local('legacy-many@example.com', 'partnerApp', 'Lena', 'Many', 'Aps');
  demo.listUser({ email: 'legacy-many@example.com', password: LEGACY_PASSWORD, state: 'partner-program and partner-app local accounts, no vendor ID (-6 pick)' });
  await demo.account('merge@example.com', 'vendor ID plus a partner-app local account to merge (-6)', 'Euw', { first: 'Max', last: 'Merge' });
  await local('merge@example.com', 'partnerApp', 'Max', 'Merge');
}
