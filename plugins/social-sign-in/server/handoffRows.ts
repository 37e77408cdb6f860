/**
 * The two steps of a partner app's hand-off that the provider's answer takes (flows.ts), apart from
 * appLink.ts so that neither module imports the other. Each is a claim: it changes the row only from
 * the step it expects and within its time, so a hand-off ended meanwhile (a new ticket, Cancel, too
 * late) is never carried on by an answer that comes after.
 */
import type { ServerContext as Ctx } from '@portal/server-api';
import type { AppLinkFailure } from '../contract';
import { socialStore } from './tables';

/** The provider answered: the person reviews which of its accounts is linked to which ID. False: the hand-off ended meanwhile. */
export async function reviewHandoff(ctx: Ctx, handoffId: string, review: { flowId: string; providerEmail: string | null; browserHash: string }): Promise<boolean> {
  const claimed = await socialStore(ctx)
    .updateTable('social_app_links')
    .set({ status: 'review', flow_id: review.flowId, provider_email: review.providerEmail, browser_hash: review.browserHash })
    .where('id', '=', handoffId)
    .where('status', '=', 'linking')
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The provider's answer ended the hand-off without a link. */
export async function failHandoff(ctx: Ctx, handoffId: string, failure: AppLinkFailure): Promise<void> {
  await socialStore(ctx).updateTable('social_app_links').set({ status: 'failed', failure }).where('id', '=', handoffId).where('status', 'in', ['linking', 'review']).execute();
}
