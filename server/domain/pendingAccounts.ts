/**
 * Accounts registered but not yet activated. Whoever proves control of the mailbox decides the
 * password: registering a pending address again replaces the pending registration and ends
 * every activation link mailed before it, so a link activates only the password set with it
 * (an address registered by someone else cannot be activated with their password by the owner
 * who registers it later and follows the newest mail).
 *
 * Two people may take turns, though: an attacker who registers the address again after its
 * owner would have the owner's next click activate the attacker's password. So once a pending
 * registration has been replaced (contested), its link activates only together with the
 * newest password: whoever holds both the mailbox and that password decides.
 *
 * Both steps lock the account row first (its UPDATE), then touch its links in the same
 * transaction: a replacement and an activation racing each other serialise on that row, on
 * SQLite and on PostgreSQL alike.
 */
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { Transaction } from 'kysely';
import type { AccountTable, RegionalDb } from '../db/types';
import { hashSecret } from './tokens';

/** What a registration of a pending address replaces. */
export type PendingRegistration = Pick<
  AccountTable,
  'password_hash' | 'first_name' | 'last_name' | 'phone' | 'country' | 'language' | 'subscription' | 'product_line' | 'topic_subscription' | 'privacy_version'
> & { region: RegionCode };

/** Thrown inside a transaction to roll it back; never leaves this module. */
class NotApplied extends Error {}

async function inTransaction(ctx: Ctx, region: RegionCode, step: (trx: Transaction<RegionalDb>) => Promise<void>): Promise<boolean> {
  try {
    await ctx.region(region).transaction().execute(step);
    return true;
  } catch (err) {
    if (err instanceof NotApplied) return false;
    throw err;
  }
}

/**
 * Replaces the registration of a still pending account and ends its live activation links;
 * `contested` (another password than the pending one) makes its links ask for the password.
 * Returns the account as it now is, or null when it was activated in the meantime.
 */
export async function replacePendingRegistration(ctx: Ctx, region: RegionCode, account: AccountTable, contested: boolean, next: PendingRegistration): Promise<AccountTable | null> {
  const now = ctx.now();
  const { region: chosenRegion, ...fields } = next;
  const applied = await inTransaction(ctx, region, async (trx) => {
    const updated = await trx
      .updateTable('accounts')
      .set({
        ...fields,
        // Another region than the pending account's: asked (and moved) at the first sign-in.
        region_confirmed: chosenRegion === region ? account.region_confirmed : 0,
        failed_attempts: 0,
        locked_until: null,
        // Only ever raised here: a same-password registration racing a contest must not clear it.
        ...(contested ? { registration_contested: 1 } : {}),
        updated_at: now,
      })
      .where('id', '=', account.id)
      .where('activated_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new NotApplied();
    // Expired as of their own creation, not as of `now`: an activation that read its clock
    // a moment earlier, waiting for this row, must see them expired all the same.
    await trx
      .updateTable('one_time_tokens')
      .set((eb) => ({ expires_at: eb.ref('created_at') }))
      .where('account_id', '=', account.id)
      .where('kind', '=', 'activation')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
  });
  if (!applied) return null;
  return (await ctx.region(region).selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirst()) ?? null;
}

/**
 * Activates the account of a link and spends the link, both or neither: false when the
 * account is already active or the link was used, expired or replaced meanwhile.
 */
export async function activateWithLink(ctx: Ctx, region: RegionCode, accountId: string, token: string): Promise<boolean> {
  const now = ctx.now();
  return inTransaction(ctx, region, async (trx) => {
    const activated = await trx
      .updateTable('accounts')
      .set({ activated_at: now, updated_at: now })
      .where('id', '=', accountId)
      .where('activated_at', 'is', null)
      .executeTakeFirst();
    if (Number(activated.numUpdatedRows) !== 1) throw new NotApplied();
    const spent = await trx
      .updateTable('one_time_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashSecret(token))
      .where('kind', '=', 'activation')
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new NotApplied();
  });
}
