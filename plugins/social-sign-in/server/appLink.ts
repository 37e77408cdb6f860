/**
 * Linking a social provider from inside a partner app, whose web view the providers refuse:
 *   the app's Security page (unlocked) asks for a one-time ticket → the app opens the portal's
 *   /social/app-link page in the device's browser with it → that page takes the ticket once, which
 *   binds the hand-off to that browser (its own cookie), and names the ID and the app → only on the
 *   person's "Continue" does a link flow start (flows.ts, purpose 'appLink') → back from the provider
 *   the link is made there and then, and the page offers the way back to the app (its config's
 *   `returnUri`). The device's browser has no portal session: the ticket stands for the account.
 */
import { APP_RETURN_URI, ERROR_CODES as E, type AppType, type RegionCode } from '@portal/plugin-api/contract';
import { fail, randomToken, sha256, type ServerContext as Ctx } from '@portal/server-api';
import { APP_LINK_PATH, isSocialProvider, type AppLinkFailure, type AppLinkState, type AppLinkTicket, type SocialProvider } from '../contract';
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
  await db.deleteFrom('social_app_links').where('account_id', '=', account.id).where('status', 'in', ['issued', 'opened', 'linking']).execute();
  await db
    .insertInto('social_app_links')
    .values({ id: sha256(ticket), account_region: account.region, account_id: account.id, app_type: appType, provider, status: 'issued', browser_hash: null, failure: null, created_at: now, expires_at: now + TICKET_MINUTES * 60_000 })
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
  const status = row.status === 'linked' || row.status === 'failed' || row.status === 'linking' ? row.status : 'confirm';
  return {
    status,
    provider: row.provider,
    email: account.email,
    appName: appName(ctx, row.app_type),
    returnUri: status === 'linked' || status === 'failed' ? returnUriOf(ctx, row.app_type, row.account_region) : null,
    ...(status === 'failed' ? { failure: (row.failure ?? 'provider') as AppLinkFailure } : {}),
  };
}

/** The person said no: nothing is linked, an open flow of the hand-off ends. */
export async function cancelHandoff(ctx: Ctx, row: SocialAppLinkTable): Promise<AppLinkState> {
  if (row.status !== 'opened' && row.status !== 'linking') return stateOf(ctx, row);
  const db = socialStore(ctx);
  await db.updateTable('social_app_links').set({ status: 'failed', failure: 'cancelled' }).where('id', '=', row.id).where('status', 'in', ['opened', 'linking']).execute();
  await db.deleteFrom('social_sign_in_flows').where('purpose', '=', 'appLink').where('session_code', '=', row.id).where('status', '=', 'started').execute();
  return stateOf(ctx, { ...row, status: 'failed', failure: 'cancelled' });
}

/** The hand-off's end, from the flow back from the provider. */
export async function settleHandoff(ctx: Ctx, handoffId: string, outcome: { linked: true } | { failure: AppLinkFailure }): Promise<void> {
  await socialStore(ctx)
    .updateTable('social_app_links')
    .set('linked' in outcome ? { status: 'linked', failure: null } : { status: 'failed', failure: outcome.failure })
    .where('id', '=', handoffId)
    .where('status', '=', 'linking')
    .execute();
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
