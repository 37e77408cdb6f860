/** Migration and merge of local accounts (spec sections 3 and 4). Regional host. */
import type { IdentityProvider } from './auth';
import type { RegionCode } from './regions';

/** One item of the -6 result list (order: vendor ID, partner program, partner app). */
export interface LocalAccountItem {
  email: string;
  identityProvider: IdentityProvider;
  uuidProvider: string;
  firstName: string;
  lastName: string;
  region: RegionCode | null;
  mfa: boolean;
  subscription: boolean;
  productLine: string | null;
  subscriptionTopic: string | null;
}

/** Error result of -6. */
export interface MigrationRequiredResult {
  /** migrate: one local account; pick: several and no vendor ID; merge: vendor ID plus local ones. */
  variant: 'migrate' | 'pick' | 'merge';
  accounts: LocalAccountItem[];
  /** Proof of the password check, required by the two calls below. 15 minutes. */
  migrationToken: string;
}

/**
 * `POST /register-and-merge`: make a vendor ID from one local account (variants migrate and
 * pick). The vendor ID keeps the local password; an activation mail follows (email-sent view).
 */
export interface MigrateRequest {
  migrationToken: string;
  email: string;
  identityProvider: Exclude<IdentityProvider, 'vendorId'>;
  uuidProvider: string;
  /** Chosen country/region (two-letter) or data region. */
  regionCode: string;
  firstName: string;
  lastName: string;
  subscription?: boolean;
  productLine?: string | null;
  topicSubscription?: string | null;
  mfaEnabled?: boolean;
  mfaType?: number | null;
  language?: string;
}
/** `result` of a migration: the new account's address and region. */
export interface MigrateResult {
  email: string;
  region: RegionCode;
  /** An activation mail was sent: show the email-sent view. */
  activationMailSent: boolean;
}

/** `POST /accounts/info-and-password`: merge one local account into the existing vendor ID. */
export interface MergeRequest {
  migrationToken: string;
  email: string;
  identityProvider: Exclude<IdentityProvider, 'vendorId'>;
  uuidProvider: string;
  /** The local account's password (checked; -20601 when wrong). */
  oldPassword: string;
  needChangePassword: boolean;
  /** New vendor-ID password when needChangePassword. */
  newPassword?: string;
  needSetRegion: boolean;
  regionCode?: string;
  subscriptionDTO?: Array<{ productLine: string; topicSubscription: string }>;
}
/** `result` of merging accounts. */
export interface MergeResult {
  email: string;
  merged: string[];
}

/**
 * `GET /accounts/local-accounts` (signed in, regional host): the local accounts with the
 * signed-in vendor ID's address that are not merged yet. A session that never passed the
 * sign-in check (a partner app hands over its tokens) can still have some; they block
 * joining or creating a company (-40024). The token feeds `POST /accounts/info-and-password`.
 */
export interface LocalAccountsResult {
  vendor: LocalAccountItem;
  accounts: LocalAccountItem[];
  /** Null when there is nothing to merge. */
  migrationToken: string | null;
}
