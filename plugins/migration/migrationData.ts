import {
  IDENTITY_PROVIDERS,
  isRegionCode,
  type LocalAccountItem,
  type MergeRequest,
  type MigrateRequest,
  type MigrationRequiredResult,
  type RegionCode,
} from '@portal/plugin-api';

/**
 * The -6 result as the dialog uses it, and the two request bodies (spec sections 3 and 7).
 * Pure functions: the views feed them form values, the tests feed them everything else.
 */

export type LocalItem = LocalAccountItem & { identityProvider: Exclude<LocalAccountItem['identityProvider'], 'vendorId'> };

export type Migration =
  | { variant: 'migrate'; token: string; local: LocalItem }
  | { variant: 'pick'; token: string; locals: LocalItem[] }
  | { variant: 'merge'; token: string; vendor: LocalAccountItem; locals: LocalItem[] };

const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || v === undefined || typeof v === 'string';

function isItem(value: unknown): value is LocalAccountItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isString(v.email) &&
    (IDENTITY_PROVIDERS as readonly unknown[]).includes(v.identityProvider) &&
    isString(v.uuidProvider) &&
    isNullableString(v.firstName) &&
    isNullableString(v.lastName) &&
    (v.region === null || v.region === undefined || isRegionCode(v.region)) &&
    isNullableString(v.productLine) &&
    isNullableString(v.subscriptionTopic)
  );
}

function normalize(item: LocalAccountItem): LocalAccountItem {
  return {
    email: item.email,
    identityProvider: item.identityProvider,
    uuidProvider: item.uuidProvider,
    firstName: item.firstName ?? '',
    lastName: item.lastName ?? '',
    region: item.region ?? null,
    mfa: item.mfa === true,
    subscription: item.subscription === true,
    productLine: item.productLine ?? null,
    subscriptionTopic: item.subscriptionTopic ?? null,
  };
}

const isLocal = (item: LocalAccountItem): item is LocalItem => item.identityProvider !== 'vendorId';

/** The -6 result read defensively; null when it cannot drive the dialog. */
export function readMigration(result: unknown): Migration | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as Partial<MigrationRequiredResult>;
  if (!isString(r.migrationToken) || !r.migrationToken || !Array.isArray(r.accounts) || !r.accounts.every(isItem)) return null;
  const items = r.accounts.map(normalize);
  const locals = items.filter(isLocal);
  const vendor = items.find((i) => i.identityProvider === 'vendorId');
  const token = r.migrationToken;
  switch (r.variant) {
    case 'migrate':
      return locals.length >= 1 && !vendor ? { variant: 'migrate', token, local: locals[0]! } : null;
    case 'pick':
      return locals.length >= 1 && !vendor ? { variant: 'pick', token, locals } : null;
    case 'merge':
      return vendor && locals.length >= 1 ? { variant: 'merge', token, vendor, locals } : null;
    default:
      return null;
  }
}

export interface MigrateValues {
  country: string | null;
  firstName: string;
  lastName: string;
  subscription: boolean;
}

/** `POST /register-and-merge`: the chosen country (or, with none, the account's known data region). */
export function migrateRequest(token: string, local: LocalItem, values: MigrateValues, language: string): MigrateRequest {
  return {
    migrationToken: token,
    email: local.email,
    identityProvider: local.identityProvider,
    uuidProvider: local.uuidProvider,
    regionCode: values.country ?? local.region ?? '',
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    subscription: values.subscription,
    productLine: local.productLine,
    topicSubscription: local.subscriptionTopic,
    mfaEnabled: local.mfa,
    mfaType: local.mfa ? 2 : null,
    language,
  };
}

export interface MergeValues {
  oldPassword: string;
  changePassword: boolean;
  newPassword?: string;
  country: string | null;
  subscription: boolean;
}

/** The vendor ID has no data region yet: the merge sets one (needSetRegion). */
export const needsRegion = (vendor: LocalAccountItem): boolean => vendor.region === null;

/** `POST /accounts/info-and-password`: merge `local` into the vendor ID. */
export function mergeRequest(token: string, vendor: LocalAccountItem, local: LocalItem, values: MergeValues): MergeRequest {
  const needSetRegion = needsRegion(vendor);
  const subscribe = values.subscription && local.productLine;
  return {
    migrationToken: token,
    email: local.email,
    identityProvider: local.identityProvider,
    uuidProvider: local.uuidProvider,
    oldPassword: values.oldPassword,
    needChangePassword: values.changePassword,
    ...(values.changePassword ? { newPassword: values.newPassword ?? '' } : {}),
    needSetRegion,
    ...(needSetRegion && values.country ? { regionCode: values.country } : {}),
    ...(subscribe ? { subscriptionDTO: [{ productLine: local.productLine!, topicSubscription: local.subscriptionTopic ?? '' }] } : {}),
  };
}

/** The regional host of a migrate call: the chosen country's data region, else the account's. */
export function migrateRegion(countryRegion: RegionCode | null, local: LocalItem): RegionCode | undefined {
  return countryRegion ?? local.region ?? undefined;
}
