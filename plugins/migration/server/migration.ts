/**
 * Local accounts of the other business systems (partner program, partner app), held in their
 * own store, and their migration into a vendor ID or merge into an existing one.
 */
import type { LocalAccountItem, MergeRequest, MigrateRequest, MigrationRequiredResult, RegionCode } from '@portal/plugin-api/contract';
import { ERROR_CODES as E, isRegionCode } from '@portal/plugin-api/contract';
import {
  accountRow,
  checkName,
  checkNewPassword,
  checkPasswordLocked,
  confirmRegion,
  createAccount,
  createOneTimeToken,
  fail,
  findAccount,
  languageOr,
  normalizeEmail,
  randomToken,
  resolveRegionChoice,
  sendActivationMail,
  sha256,
  type AccountTable,
  type LegacyAccountTable,
  type ServerContext as Ctx,
} from '@portal/server-api';
import { legacyStore } from './tables';

export const MIGRATION_TOKEN_MINUTES = 15;
const PROVIDER_ORDER = ['partnerProgram', 'partnerApp'];

export async function localAccounts(ctx: Ctx, email: string): Promise<LegacyAccountTable[]> {
  const rows = await legacyStore(ctx)
    .selectFrom('legacy_accounts')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .where('migrated_at', 'is', null)
    .execute();
  return rows.sort((a, b) => PROVIDER_ORDER.indexOf(a.provider) - PROVIDER_ORDER.indexOf(b.provider));
}

export function legacyItem(row: LegacyAccountTable): LocalAccountItem {
  return {
    email: row.email,
    identityProvider: row.provider as LocalAccountItem['identityProvider'],
    uuidProvider: row.uuid,
    firstName: row.first_name,
    lastName: row.last_name,
    region: isRegionCode(row.region) ? row.region : null,
    mfa: row.mfa === 1,
    subscription: row.subscription === 1,
    productLine: row.product_line,
    subscriptionTopic: row.subscription_topic,
  };
}

export function vendorItem(region: RegionCode, account: AccountTable): LocalAccountItem {
  return {
    email: account.email,
    identityProvider: 'vendorId',
    uuidProvider: account.uuid_provider,
    firstName: account.first_name,
    lastName: account.last_name,
    region,
    mfa: account.mfa_enabled === 1,
    subscription: account.subscription === 1,
    productLine: account.product_line,
    subscriptionTopic: account.topic_subscription,
  };
}

export async function createMigrationToken(ctx: Ctx, email: string): Promise<string> {
  const token = randomToken(32);
  const now = ctx.now();
  await legacyStore(ctx)
    .insertInto('migration_tokens')
    .values({ token_hash: sha256(token), email: normalizeEmail(email), created_at: now, expires_at: now + MIGRATION_TOKEN_MINUTES * 60_000, used_at: null })
    .execute();
  return token;
}

async function checkMigrationToken(ctx: Ctx, token: string, email: string): Promise<void> {
  const row = await legacyStore(ctx).selectFrom('migration_tokens').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= ctx.now() || row.email !== normalizeEmail(email)) fail(E.tokenExpired, undefined, undefined, 400);
}

async function spendMigrationToken(ctx: Ctx, token: string): Promise<void> {
  const res = await legacyStore(ctx)
    .updateTable('migration_tokens')
    .set({ used_at: ctx.now() })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) fail(E.tokenExpired, undefined, undefined, 400);
}

async function chosenLocal(ctx: Ctx, email: string, provider: string, uuid: string): Promise<LegacyAccountTable> {
  const row = (await localAccounts(ctx, email)).find((r) => r.uuid === uuid && r.provider === provider);
  if (!row) fail(E.accountNotExist);
  return row;
}

/** Variants "migrate" and "pick": a new vendor ID from one local account. */
export async function migrateLocal(ctx: Ctx, input: MigrateRequest, clientId: string | null = null) {
  const email = normalizeEmail(input.email);
  await checkMigrationToken(ctx, input.migrationToken, email);
  if (await findAccount(ctx, email)) fail(E.userExists);
  const local = await chosenLocal(ctx, email, input.identityProvider, input.uuidProvider);
  const choice = resolveRegionChoice(input.regionCode);
  if (!choice) fail(E.regionCodeInvalid);
  const firstName = checkName(input.firstName, 'firstName')!;
  const lastName = checkName(input.lastName, 'lastName')!;
  await spendMigrationToken(ctx, input.migrationToken);
  const language = languageOr(input.language);
  const row = accountRow(ctx, {
    email,
    passwordHash: local.password_hash,
    firstName,
    lastName,
    country: choice.country,
    language,
    identityProvider: 'vendorId',
    activated: false,
    subscription: input.subscription ?? local.subscription === 1,
    productLine: input.productLine ?? local.product_line,
    topicSubscription: input.topicSubscription ?? local.subscription_topic,
    privacyVersion: 0,
    mfaEmail: local.mfa === 1 && (input.mfaEnabled ?? true) && (input.mfaType ?? 2) === 2,
  });
  await createAccount(ctx, choice.region, row, async (account) => {
    await sendActivationMail(ctx, choice.region, account, language, clientId);
    await legacyStore(ctx).updateTable('legacy_accounts').set({ migrated_at: ctx.now(), migrated_to: account.id }).where('email', '=', email).where('migrated_at', 'is', null).execute();
  });
  return { email, region: choice.region, activationMailSent: true };
}

/**
 * Variant "merge": one local account into the existing vendor ID. `checkRegion` sees the vendor
 * ID's region before anything is checked or written (regional hosts refuse other regions).
 */
export async function mergeLocal(ctx: Ctx, input: MergeRequest, checkRegion: (region: RegionCode) => void = () => undefined) {
  const email = normalizeEmail(input.email);
  await checkMigrationToken(ctx, input.migrationToken, email);
  const found = await findAccount(ctx, email);
  if (!found) fail(E.accountNotExist);
  checkRegion(found.region);
  const local = await chosenLocal(ctx, email, input.identityProvider, input.uuidProvider);
  // The local password under the same lock as at sign-in: a migration token is no licence to guess.
  await checkPasswordLocked(ctx, { db: ctx.stores.legacy, table: 'legacy_password_locks', id: email }, () => ctx.passwords.verify(local.password_hash, input.oldPassword));
  if (input.needChangePassword) {
    if (!input.newPassword) fail(E.invalidPasswordFormat);
    checkNewPassword(input.newPassword, found.account.country);
  }
  let regionTarget: string | null = null;
  if (input.needSetRegion) {
    if (!input.regionCode || !resolveRegionChoice(input.regionCode)) fail(E.regionCodeInvalid);
    regionTarget = input.regionCode;
  }
  for (const s of input.subscriptionDTO ?? []) {
    if (!/^[A-Za-z0-9 _,.-]{1,200}$/.test(s.productLine) || !/^[A-Za-z0-9 _,.-]{0,500}$/.test(s.topicSubscription)) fail(E.invalidProductLine);
  }
  await spendMigrationToken(ctx, input.migrationToken);

  const { region, account } = found;
  const patch: Partial<AccountTable> = { updated_at: ctx.now() };
  if (input.needChangePassword && input.newPassword) patch.password_hash = await ctx.passwords.hash(input.newPassword);
  if (input.subscriptionDTO?.length) {
    patch.product_line = [...new Set([account.product_line, ...input.subscriptionDTO.map((s) => s.productLine)].filter(Boolean))].join(',').slice(0, 200);
    patch.topic_subscription = [...new Set([account.topic_subscription, ...input.subscriptionDTO.map((s) => s.topicSubscription)].filter(Boolean))].join(',').slice(0, 500);
    patch.subscription = 1;
  }
  await ctx.region(region).updateTable('accounts').set(patch).where('id', '=', account.id).execute();
  await legacyStore(ctx).updateTable('legacy_accounts').set({ migrated_at: ctx.now(), migrated_to: account.id }).where('uuid', '=', local.uuid).execute();
  if (regionTarget) {
    const processId = await createOneTimeToken(ctx, region, account.id, 'region', 600);
    await confirmRegion(ctx, { email, firstName: account.first_name || email.split('@')[0]!, regionCode: regionTarget, processId });
  }
  return { email, merged: [local.uuid] };
}

/** The -6 answer of a sign-in that found old accounts of its address (server extension point `legacyAccounts`). */
export async function migrationRequired(
  ctx: Ctx,
  email: string,
  variant: MigrationRequiredResult['variant'],
  locals: LegacyAccountTable[],
  vendor?: { region: RegionCode; account: AccountTable },
): Promise<MigrationRequiredResult> {
  const accounts = [...(vendor ? [vendorItem(vendor.region, vendor.account)] : []), ...locals.map(legacyItem)];
  return { variant, accounts, migrationToken: await createMigrationToken(ctx, email) };
}
