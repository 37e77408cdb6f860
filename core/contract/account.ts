/** Account, profile, registration and recovery calls (spec section 7). */
import type { UserInfo } from './api';
import type { RegionCode } from './regions';

/** `GET /user-info`: the user info plus profile fields. */
export interface UserProfile extends UserInfo {
  /** Country/region (two-letter code) of the profile. */
  country: string | null;
  nickname: string | null;
  jobTitle: string | null;
  timezone: string | null;
  subscription: boolean;
  regionConfirmed: boolean;
  mfaEnabled: boolean;
  createdAt: number;
}

/** `POST /account/updateInfo`; email and accountId identify the account and cannot change. */
export interface UpdateInfoRequest {
  email: string;
  accountId: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  nickname?: string | null;
  jobTitle?: string | null;
  country?: string | null;
  timezone?: string | null;
  language?: string;
  subscription?: boolean;
}

/** `POST /accounts/conflictInfo {email}`. */
export interface ConflictInfoRequest {
  email: string;
}
/** `result` of `POST /accounts/conflictInfo`: whether the profile conflicts with another account, and why. */
export interface ConflictInfoResult {
  conflict: boolean;
  /** The -4002x code that explains the conflict, if any. */
  errorCode: number | null;
  reasons: Array<'unmergedAccounts' | 'regionUnconfirmed' | 'profileIncomplete'>;
}

/**
 * `result` of a -10020 refusal of an uploaded file (avatar or licence) by its content: a file
 * that is not what its name says (`type`), an empty one, or bytes whose MD5 is not the one sent.
 */
export interface UploadRefusedResult {
  field: 'file' | 'md5';
  reason: 'type' | 'empty' | 'checksum';
}

/** Whether an error's `result` is an upload refusal (wrong type, empty file, checksum mismatch). */
export function isUploadRefusedResult(value: unknown): value is UploadRefusedResult {
  if (!value || typeof value !== 'object') return false;
  const { field, reason } = value as Record<string, unknown>;
  return (field === 'file' && (reason === 'type' || reason === 'empty')) || (field === 'md5' && reason === 'checksum');
}

/** `POST /accounts/avatar/upload` (multipart: file, md5, accountId). */
export interface AvatarUploadResult {
  avatarFileId: string;
  url: string;
}
/** `POST /accounts/avatar/update`. */
export interface AvatarUpdateRequest {
  avatarFileId: string;
  accountId: string;
}

/**
 * `POST /register/captcha`. `regionCode` is the chosen country/region (two-letter code, e.g.
 * SG) or directly a data region (Use/Aps/Euw); the data region follows from it.
 */
export interface RegisterRequest {
  email: string;
  password: string;
  regionCode: string;
  firstName: string;
  lastName: string;
  phone?: string;
  subscription?: boolean;
  productLine?: string;
  topicSubscription?: string;
  language?: string;
  terminalUUID?: string;
  inviteCode?: string;
  /** After the captcha frame reported success (-23029). */
  captchaToken?: string;
}
/** `result` of a registration: the address, the account's data region, and whether a mail was sent. */
export interface RegisterResult {
  email: string;
  region: RegionCode;
  /** True when an invitation proved the address: no activation mail needed. */
  activated: boolean;
}

/** `POST /activations/email`, `POST /auth/password-reset-request`. */
export interface EmailLanguageRequest {
  email: string;
  language?: string;
}
/** `result` of a call that mailed a link (activation, reset): the address, and how long before another may be asked for. */
export interface MailSentResult {
  email: string;
  /** Seconds before another mail of this kind can be asked for. */
  resendAfterSeconds: number;
}

/**
 * Mailed links (activation, password reset) open the SPA's login page:
 * `/login?module=<view>&lang=<mail language>&client=<client id>#token=<token>`. The token sits
 * in the fragment (never sent to a server, never in a Referer); `client` names the connected
 * service the flow started from (its branding: `GET /client/custom/banner-and-logo?clientId=`).
 */
export const MAIL_LINK_VIEWS = { activation: 'activation', reset: 'newPassword' } as const;
/** Query parameter of a mailed link that carries its token. */
export const MAIL_LINK_TOKEN_PARAM = 'token';
/** Query parameter of a mailed link that names the connected service the flow started from. */
export const MAIL_LINK_CLIENT_PARAM = 'client';

/** `POST /password-reset/check`, `/activations/verify`, `/password-reset/renew`, `/activations/renew`. */
export interface MailLinkRequest {
  token: string;
  /** Renewals: the language of the new mail. */
  language?: string;
}

/** `POST /activations/verify`: a contested registration's link also needs its newest password. */
export interface ActivationRequest extends MailLinkRequest {
  password?: string;
}

/**
 * The `result` of -10020 (no password given) or -20601 (another password) from
 * `/activations/verify`: the address was registered again while pending, so the link
 * activates only with the password of the newest registration.
 */
export interface ActivationPasswordProblem {
  field: 'password';
  reason: 'contested';
}
/** `POST /password-reset`. */
export interface PasswordResetRequest {
  token: string;
  password: string;
  confirmPassword?: string;
}
/** `POST /password-reset/check`: the link works; whose password it sets. */
export interface ResetLinkInfo {
  email: string;
  expiresAt: number;
  /** The account's country: its password rule (10 to 32 for Singapore, else 8 to 32). */
  country: string | null;
}
/** A reset or activation done (also -20623's result): the address and where to sign in. */
export interface MailLinkResult {
  email: string;
  /** The connected service the flow started from; null for the portal itself. */
  serviceUrl: string | null;
}
/** `result` of -20679 on a mailed link: why it no longer works. */
export type MailLinkReason = 'expired' | 'used' | 'invalid';
/** `result` of -20679: why a mailed link no longer works. */
export interface MailLinkProblem {
  reason: MailLinkReason;
}

/**
 * `result` of -20213 (403) when the ID was closed by its person ("Delete my account"): it signs in
 * nowhere until restored by the link mailed then, and is erased when the grace ends.
 */
export interface ClosedAccountResult {
  reason: 'closed';
}

/** `GET /region?countryCode=XX`, `GET /accounts/region` (visitor, from the Viewer-Country header). */
export interface RegionLookupResult {
  regionCode: RegionCode | null;
  countryCode: string | null;
}
/** `GET /region/white-list`: two-letter country codes per data region. */
export type RegionWhiteList = Record<RegionCode, string[]>;

/** `POST /account` (regional host): confirm or create the account's data region after -9. */
export interface RegionConfirmRequest {
  email: string;
  firstName: string;
  regionCode: RegionCode | string;
  processId: string;
}
/** `result` of `POST /account` (the region step): the account's address and its data region now. */
export interface RegionConfirmResult {
  email: string;
  region: RegionCode;
}

/** `POST /accounts/{id}/password` (Security-Token). */
export interface PasswordChangeRequest {
  oldPassword: string;
  newPassword: string;
}
