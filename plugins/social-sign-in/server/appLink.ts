/**
 * Linking a social provider from inside a partner app, whose web view the providers refuse:
 *   the app's Security page (unlocked) asks for a one-time ticket → the app opens the portal's
 *   /social/app-link page in the device's browser with it → that page takes the ticket once, which
 *   binds the hand-off to that browser (its own cookie), and names the ID and the app → only on the
 *   person's "Continue" does a link flow start (flows.ts, purpose 'appLink') → back from the provider
 *   the page names the provider's account and the ID, and only the person's "Link" makes the link
 *   (the ticket's ID may be someone else's: whoever lured them there) → the way back to the app (its
 *   config's `returnUri`). The device's browser has no portal session: the ticket stands for the account.
 */
import { APP_RETURN_URI, ERROR_CODES as E, type AppType, type RegionCode } from '@portal/plugin-api/contract';
import { ApiFailure, fail, randomToken, sha256, type EventContext, type ServerContext as Ctx } from '@portal/server-api';
import { APP_LINK_PATH, isSocialProvider, type AppLinkFailure, type AppLinkState, type AppLinkTicket, type SocialProvider } from '../contract';
import { linkIdentity } from './flows';
import { offeredIn } from './providers';
import { socialStore, type SocialAppLinkTable } from './tables';

/** A ticket must be opened this soon after the app asked for it. */
export const TICKET_MINUTES = 5;
/** Once opened, the hand-off lasts this long: the confirmation, the provider's pages, the way back. */
export const HANDOFF_MINUTES = 15;
export const APP_LINK_COOKIE = 'uid_social_app_link';

/**
 * A ticket for the signed-in account (the caller checked the unlock), from a partner app's session,
 * for a provider that app's config offers in the account's region. Earlier unopened tickets of the
 * account end.
 */
export async function issueTicket(ctx: Ctx, account: { region: RegionCode; id: string }, appType: AppType, provider: SocialProvider): Promise<AppLinkTicket> {
  if (!offeredIn(ctx, account.region, appType).includes(provider)) fail(E.invalidParameter, { field: 'provider' }, 'This provider is not offered in your region.');
  const ticket = randomToken(32);
  const now = ctx.now();
  const db = socialStore(ctx);
  // A new ticket ends the account's earlier hand-offs, and the flows they started: an answer that comes after carries nothing on.
  const earlier = await db.selectFrom('social_app_links').select('id').where('account_id', '=', account.id).where('status', 'in', ['issued', 'opened', 'linking', 'review']).execute();
  if (earlier.length) {
    const ids = earlier.map((row) => row.id);
    await db.deleteFrom('social_sign_in_flows').where('purpose', '=', 'appLink').where('session_code', 'in', ids).where('status', 'in', ['started', 'review']).execute();
    await db.deleteFrom('social_app_links').where('id', 'in', ids).execute();
  }
  await db
    .insertInto('social_app_links')
    .values({ id: sha256(ticket), account_region: account.region, account_id: account.id, app_type: appType, provider, status: 'issued', browser_hash: null, flow_id: null, provider_email: null, failure: null, created_at: now, expires_at: now + TICKET_MINUTES * 60_000 })
    .execute();
  const url = new URL(APP_LINK_PATH, ctx.options.publicOrigin);
  url.hash = new URLSearchParams({ token: ticket }).toString();
  return { url: url.toString(), expiresIn: TICKET_MINUTES * 60 };
}

const gone = (): never => fail(E.invalidToken, undefined, 'This link has expired or was opened already. Please start again in the app.', 404);

/** Takes the ticket, once: the hand-off is this browser's from now on (the returned cookie secret). */
export async function openTicket(ctx: Ctx, ticket: string): Promise<{ state: AppLinkState; browserSecret: string }> {
  const browserSecret = randomToken(32);
  const now = ctx.now();
  const db = socialStore(ctx);
  const taken = await db
    .updateTable('social_app_links')
    .set({ status: 'opened', browser_hash: sha256(browserSecret), expires_at: now + HANDOFF_MINUTES * 60_000 })
    .where('id', '=', sha256(ticket))
    .where('status', '=', 'issued')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) gone();
  const row = await db.selectFrom('social_app_links').selectAll().where('id', '=', sha256(ticket)).executeTakeFirstOrThrow();
  return { state: await stateOf(ctx, row), browserSecret };
}

/** The hand-off of this browser (its cookie), still within its time. */
export async function handoffOf(ctx: Ctx, browserSecret: string | undefined): Promise<SocialAppLinkTable> {
  if (!browserSecret || browserSecret.length > 128) return gone();
  const row = await socialStore(ctx).selectFrom('social_app_links').selectAll().where('browser_hash', '=', sha256(browserSecret)).executeTakeFirst();
  if (!row || row.expires_at <= ctx.now()) return gone();
  return row;
}

/** What the page shows: which ID, which provider, which app, how far it got, and the way back. */
export async function stateOf(ctx: Ctx, row: SocialAppLinkTable): Promise<AppLinkState> {
  if (!isSocialProvider(row.provider)) return gone();
  const account = await ctx.region(row.account_region).selectFrom('accounts').select('email').where('id', '=', row.account_id).executeTakeFirst();
  if (!account) return gone();
  const status = row.status === 'finishing' ? 'review' : row.status === 'linked' || row.status === 'failed' || row.status === 'linking' || row.status === 'review' ? row.status : 'confirm';
  return {
    status,
    provider: row.provider,
    email: account.email,
    ...(status === 'review' ? { providerEmail: row.provider_email } : {}),
    appName: appName(ctx, row.app_type),
    returnUri: status === 'linked' || status === 'failed' ? returnUriOf(ctx, row.app_type, row.account_region) : null,
    ...(status === 'failed' ? { failure: (row.failure ?? 'provider') as AppLinkFailure } : {}),
  };
}

/** The person said no (before the provider, or on its answer): nothing is linked, an open flow of the hand-off ends. */
export async function cancelHandoff(ctx: Ctx, row: SocialAppLinkTable): Promise<AppLinkState> {
  const db = socialStore(ctx);
  const cancelled = await db.updateTable('social_app_links').set({ status: 'failed', failure: 'cancelled' }).where('id', '=', row.id).where('status', 'in', ['opened', 'linking', 'review']).executeTakeFirst();
  if (Number(cancelled.numUpdatedRows) !== 1) return stateOf(ctx, await handoffById(ctx, row.id));
  await db.deleteFrom('social_sign_in_flows').where('purpose', '=', 'appLink').where('session_code', '=', row.id).where('status', 'in', ['started', 'review']).execute();
  return stateOf(ctx, { ...row, status: 'failed', failure: 'cancelled' });
}

/**
 * "Link" on the review: the provider's account the person signed in with is linked to the ticket's ID,
 * once (the hand-off is claimed first), said in that ID's security activity and mailed to its owner.
 */
export async function finishHandoff(ctx: Ctx, row: SocialAppLinkTable, context: EventContext): Promise<AppLinkState> {
  const db = socialStore(ctx);
  // 'finishing': no Cancel or new start may come in between (they take only the steps before it).
  const claimed = row.flow_id ? await db.updateTable('social_app_links').set({ status: 'finishing' }).where('id', '=', row.id).where('status', '=', 'review').where('expires_at', '>', ctx.now()).executeTakeFirst() : null;
  if (!claimed || Number(claimed.numUpdatedRows) !== 1) return gone();
  const end = async (outcome: { failure: AppLinkFailure } | null) => {
    await db.updateTable('social_app_links').set(outcome ? { status: 'failed', failure: outcome.failure } : { status: 'linked', failure: null }).where('id', '=', row.id).where('status', '=', 'finishing').execute();
    await db.updateTable('social_sign_in_flows').set({ status: outcome ? 'failed' : 'done' }).where('id', '=', row.flow_id!).execute();
    return stateOf(ctx, await handoffById(ctx, row.id));
  };
  const account = await ctx.region(row.account_region).selectFrom('accounts').selectAll().where('id', '=', row.account_id).executeTakeFirst();
  const flow = await db.selectFrom('social_sign_in_flows').select(['provider', 'subject']).where('id', '=', row.flow_id!).where('status', '=', 'review').executeTakeFirst();
  if (!account || !flow?.subject) return end({ failure: 'expired' });
  try {
    await linkIdentity(ctx, row.flow_id!, row.account_region, account, context);
  } catch (err) {
    // Another sign-in of this provider is linked to the ID already.
    if (err instanceof ApiFailure && err.code === E.invalidParameter) return end({ failure: 'taken' });
    throw err;
  }
  // Linked to another ID meanwhile (the insert then did nothing).
  const link = await db.selectFrom('social_sign_in_links').select('account_id').where('provider', '=', flow.provider).where('subject', '=', flow.subject).executeTakeFirst();
  return end(link?.account_id === account.id ? null : { failure: 'taken' });
}

async function handoffById(ctx: Ctx, id: string): Promise<SocialAppLinkTable> {
  return (await socialStore(ctx).selectFrom('social_app_links').selectAll().where('id', '=', id).executeTakeFirst()) ?? gone();
}

/** The app's name as its deployment config's brand calls it (the header of its web view); null: the page says "the app". */
function appName(ctx: Ctx, appType: string): string | null {
  const served = ctx.configs.deploymentOf(appType as AppType);
  const title = served?.config.theme?.overrides?.brand?.title;
  return typeof title === 'string' && title.trim() ? title.trim().slice(0, 80) : null;
}

/** The app's return address from its own config (partner-app `returnUri`), never from a request. */
function returnUriOf(ctx: Ctx, appType: string, region: RegionCode): string | null {
  const own = ctx.configs.settingsOf(appType as AppType)?.[region]?.['partner-app'] as { returnUri?: unknown } | null | undefined;
  return typeof own?.returnUri === 'string' && APP_RETURN_URI.test(own.returnUri) ? own.returnUri : null;
}
