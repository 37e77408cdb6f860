/** The account's security activity: `GET /account/{id}/security-events` (signed in, own account). */

/**
 * Every kind of security event the server records. The passkey, recovery-code,
 * trusted-device and company kinds belong to those features; each is recorded where that
 * feature acts. `company_application_*`: a company's manager answered the account's application
 * to join (recorded without the manager's device or place). `data_export_*`: "Download my data"
 * (plugins/your-data) was asked for, or its archive downloaded. `account_closed`, `account_restored`:
 * "Delete my account" closed the ID, and its mailed link brought it back before it was erased.
 */
export const SECURITY_EVENT_KINDS = [
  'sign_in_success',
  'sign_in_failure',
  'account_locked',
  'account_unlocked',
  'security_unlocked',
  'security_unlock_failed',
  'password_changed',
  'password_reset',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_method_added',
  'mfa_method_removed',
  'mfa_primary_changed',
  'session_timeout_changed',
  'sessions_ended',
  'email_changed',
  'passkey_added',
  'passkey_removed',
  'passkey_renamed',
  'passkey_sign_in',
  'sign_in_linked',
  'sign_in_unlinked',
  'recovery_codes_generated',
  'recovery_code_used',
  'trusted_device_added',
  'trusted_device_revoked',
  'second_factor_reset',
  'activation_mail_sent',
  'company_application_accepted',
  'company_application_rejected',
  'data_export_requested',
  'data_export_downloaded',
  'account_closed',
  'account_restored',
] as const;
/** One of SECURITY_EVENT_KINDS. */
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** What an event adds to its kind; every field optional, only what that kind knows. */
export interface SecurityEventDetail {
  /** `sign_in_failure`: a wrong password, a refusal while locked, or a wrong second-factor code. */
  reason?: 'password' | 'locked' | 'code';
  /** `mfa_*`: the method. */
  method?: 'totp' | 'email';
  /** `sessions_ended`: how many sessions; `recovery_code_used`: how many codes remain; `second_factor_reset`: how many codes and trusted browsers ended. */
  count?: number;
  /** `sessions_ended`: one chosen session, or every session but the current one. */
  scope?: 'one' | 'others';
  /** `sign_in_success`: the first sign-in from this browser, system and country. */
  newDevice?: boolean;
  /** `passkey_*`, `trusted_device_*`: the name the user gave (or the device's); `sign_in_linked`/`unlinked`: the provider's or company's name. */
  name?: string;
  /** `account_unlocked`: the lock ran out, or a password reset ended it; any kind: the ops console's help desk did it. */
  by?: 'expiry' | 'reset' | 'helpdesk';
  /** `company_application_*`: the company's name. */
  org?: string;
}

/** One entry of the account's security activity. */
export interface SecurityEvent {
  id: string;
  kind: SecurityEventKind;
  /** Epoch milliseconds. */
  at: number;
  ip: string | null;
  /** Two-letter country code, from the request's Viewer-Country header. */
  country: string | null;
  city: string | null;
  /** Browser with major version ("Chrome 131") and system ("Windows"), from the User-Agent. */
  browser: string | null;
  os: string | null;
  detail: SecurityEventDetail | null;
}

/** Newest first; `before` is the `nextCursor` of the page before. */
export interface SecurityEventsQuery {
  before?: string;
  limit?: number;
}
/** `result` of the security activity: a page of events, newest first. */
export interface SecurityEventsResult {
  events: SecurityEvent[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** The account's profile time zone (IANA), or null: the page then uses the browser's. */
  timeZone: string | null;
}

/** Page size: default and the most one call returns. */
export const SECURITY_EVENTS_PAGE = 20;
/** The most events one call returns. */
export const SECURITY_EVENTS_MAX_PAGE = 50;
/** How long events are kept. */
export const SECURITY_EVENTS_RETENTION_DAYS = 90;
