/**
 * Table types of the three kinds of store: the global directory, one regional store per data
 * region, and the legacy store of the other business systems. Times are epoch milliseconds;
 * flags are 0/1 integers (same on SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';
import type { RegionCode } from '../../core/contract/regions';

export interface DirectoryTable {
  email: string;
  region: RegionCode;
  account_id: string;
  created_at: number;
}
export interface ClientTable {
  id: string;
  name: string;
  /** JSON array of exact redirect URIs. */
  redirect_uris: string;
  /** JSON of the login page info (branding). */
  branding: string;
  require_captcha: number;
  /** JSON array of plugin ids or null. */
  plugins: string | null;
  service_url: string | null;
  /** SHA-256 of an OpenID client's secret (CLIENTS_FILE `secret`); null for a public client. */
  secret_hash: string | null;
  updated_at: number;
}
export interface LoginSessionTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  code_challenge: string | null;
  return_url: string | null;
  scope: string | null;
  language: string | null;
  source: string | null;
  /** JSON of extra parameters (help-desk brand_id, locale_id, return_to). */
  params: string | null;
  created_at: number;
  expires_at: number;
  completed_at: number | null;
  account_id: string | null;
  region: string | null;
  sso_session_id: string | null;
}
export interface AuthCodeTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  account_id: string;
  region: RegionCode;
  sso_session_id: string;
  return_url: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  token_family: string | null;
}
export interface GlobalDb {
  directory: DirectoryTable;
  clients: ClientTable;
  login_sessions: LoginSessionTable;
  auth_codes: AuthCodeTable;
  oidc_signing_keys: OidcSigningKeyTable;
  oidc_payloads: OidcPayloadTable;
  counter_windows: CounterWindowTable;
  once_keys: OnceKeyTable;
  shared_secrets: SharedSecretTable;
  mail_outbox: MailOutboxTable;
  config_versions: ConfigVersionTable;
}

/** One version of a served config (server/config/configVersions.ts); rows are never changed. */
export interface ConfigVersionTable {
  /** 'web', a partner app's type, or 'clients'. */
  target: string;
  /** 1, 2, … per target. */
  version: number;
  /** The document's JSON, as a file of that target holds it. */
  body: string;
  /** 'file' (seeded from the file at start or on its edit) or 'console' (an operator). */
  source: string;
  /** The file's name, or the operator's address. */
  author: string;
  author_role: string | null;
  reason: string;
  /** JSON array of changes against the version before (jsonDiff.ts). */
  diff: string;
  restored_from: number | null;
  created_at: number;
}

/** One sliding-window counter of one key (domain/limits.ts). */
export interface CounterWindowTable {
  /** HMAC-SHA-256 of counter name and key under a server secret (domain/keyedDigest.ts): no address, network or account in the table. */
  key_hash: string;
  /** Times (epoch ms) of the hits in the window, at most the limit: bigint[] on PostgreSQL, a JSON array on SQLite. */
  hits: unknown;
  /** Whether the last statement on the row added its hit (1) or found the limit reached (0). */
  added: number;
  /** When the newest hit leaves the window: the row may be deleted after that. */
  expires_at: number;
}

/** A key that may be used once until it expires (replay guards, db/sharedState.ts). */
export interface OnceKeyTable {
  key_hash: string;
  expires_at: number;
}

/** A secret made by the first process that needs it and read by every other. */
export interface SharedSecretTable {
  name: string;
  value: string;
  created_at: number;
}

/** A mail waiting for (or done with) the outbox worker (server/mail/outbox.ts). */
export interface MailOutboxTable {
  id: string;
  kind: string;
  recipient: string;
  language: string;
  /** Rendered subject and plain-text body; both blanked once the mail is sent or given up. */
  subject: string;
  body: string;
  state: 'queued' | 'sent' | 'failed';
  /** Delivery attempts started (counted when claimed). */
  attempts: number;
  next_attempt_at: number;
  /** The instance working on it and until when its claim holds (another instance may take it after). */
  claimed_by: string | null;
  claimed_until: number | null;
  /** What the last attempt ended with: an SMTP reply code or an error code, never an address. */
  last_error: string | null;
  created_at: number;
  /** When it was sent or given up; the row is deleted a retention period later. */
  done_at: number | null;
}

export interface OidcPayloadTable {
  /** `<model>:<id>` */
  key: string;
  model: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface OidcSigningKeyTable {
  kid: string;
  alg: string;
  /** The private key as a JWK (JSON). */
  private_jwk: string;
  created_at: number;
  /** When a newer key became current; null for the current key. */
  retired_at: number | null;
  /** A retired key stays in the JWKS until then (its last ID token has expired). */
  published_until: number | null;
}

export interface AccountTable {
  id: string;
  email: string;
  password_hash: string;
  /** 0 for an ID made at another provider (a company's, a social one) until its person sets a password ("forgot password"). */
  password_set: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  nickname: string | null;
  job_title: string | null;
  country: string | null;
  timezone: string | null;
  language: string;
  avatar_file_id: string | null;
  identity_provider: string;
  uuid_provider: string;
  region_confirmed: number;
  activated_at: number | null;
  subscription: number;
  product_line: string | null;
  topic_subscription: string | null;
  privacy_version: number;
  failed_attempts: number;
  locked_until: number | null;
  lock_count: number;
  session_timeout: number;
  mfa_enabled: number;
  mfa_email: number;
  mfa_totp_secret: string | null;
  mfa_totp_last_step: number | null;
  mfa_primary: number | null;
  totp_pending_secret: string | null;
  totp_pending_expires: number | null;
  mfa_failed: number;
  mfa_locked_until: number | null;
  activation_sent_at: number | null;
  /** 1 once a pending registration was replaced by another: activation then asks for the password. */
  registration_contested: number;
  reset_sent_at: number | null;
  /**
   * When its person closed the ID ("Delete my account", plugins/your-data): nothing signs it in, no
   * session or token of it holds, until it is restored by the mailed link or erased after the grace.
   */
  closed_at: number | null;
  created_at: number;
  updated_at: number;
}
export interface OneTimeTokenTable {
  token_hash: string;
  account_id: string;
  /** activation | reset | security | mfa | region */
  kind: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The connected service a mailed link belongs to (activation, reset); null for others. */
  client_id: string | null;
  /** An MFA process whose sign-in passed the captcha: when; null for others. */
  captcha_passed_at: number | null;
  /** An MFA process whose code was verified: when; null before and for others. */
  verified_at: number | null;
  /** A security unlock: the session that made it (and alone may use it); null for others. */
  session_id: string | null;
}
export interface SsoSessionTable {
  id: string;
  account_id: string;
  secret_hash: string;
  /** The partner-app web view's own cookie secret for this session (POST /app/session). */
  webview_secret_hash: string | null;
  created_at: number;
  last_active_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
  revoked_at: number | null;
  /** RFC 8176 methods of the last sign-in, space-separated ("pwd otp mfa"); null: "pwd" (older rows). */
  auth_methods: string | null;
  /** When the session was last signed in to (a re-authentication renews it); null: created_at. */
  authenticated_at: number | null;
}
export interface TokenTable {
  id: string;
  account_id: string;
  session_id: string;
  client_id: string;
  family_id: string;
  access_hash: string;
  access_expires_at: number;
  refresh_hash: string;
  rotated_at: number | null;
  revoked_at: number | null;
  created_at: number;
  /** The pair this token was rotated into, sealed with the token itself (refreshSuccessor.ts). */
  successor: string | null;
}
export interface FileTable {
  id: string;
  account_id: string;
  kind: string;
  original_name: string;
  mime: string;
  size: number;
  md5: string;
  stored_name: string;
  created_at: number;
}

/** One entry of an account's security activity (domain/securityEvents.ts); kept 90 days. */
export interface SecurityEventTable {
  id: string;
  account_id: string;
  /** A `SecurityEventKind` of core/contract/securityEvents.ts. */
  kind: string;
  created_at: number;
  ip: string | null;
  /** Two-letter country and city from the request's Viewer-Country / Viewer-City headers. */
  country: string | null;
  city: string | null;
  /** Browser family with major version, and system, from the User-Agent. */
  browser: string | null;
  os: string | null;
  /** SHA-256 of browser family, system and country: the "device and place" a new-device mail compares. */
  device_hash: string | null;
  /** JSON of `SecurityEventDetail`, or null. */
  detail: string | null;
}

/** The core's tables of a region's store; a plugin's own are added with `withTables` (its server/tables.ts). */
export interface RegionalDb {
  accounts: AccountTable;
  one_time_tokens: OneTimeTokenTable;
  sso_sessions: SsoSessionTable;
  tokens: TokenTable;
  files: FileTable;
  security_events: SecurityEventTable;
}

/**
 * An old system's local account as the `legacyAccounts` point hands it to the sign-in (its table,
 * `legacy_accounts`, is the migration plugin's: plugins/migration/server/tables.ts).
 */
export interface LegacyAccountTable {
  uuid: string;
  provider: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  region: string | null;
  mfa: number;
  subscription: number;
  product_line: string | null;
  subscription_topic: string | null;
  migrated_at: number | null;
  migrated_to: string | null;
}
/** The password-lock counters of an address that has only local accounts, or none (enumeration protection). */
export interface LegacyPasswordLockTable {
  /** HMAC-SHA-256 of the address under a server secret (domain/passwordLock.ts lockRowId), never the address. */
  id: string;
  failed_attempts: number;
  locked_until: number | null;
  lock_count: number;
  /** Two days after the last attempt (past any lock): the row is pruned after that. */
  expires_at: number;
}
export interface LegacyDb {
  legacy_password_locks: LegacyPasswordLockTable;
}

/** A connection pool's counts (pg.Pool). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface Stores {
  global: Kysely<GlobalDb>;
  /** PostgreSQL pools by store name (`global`, `legacy`, `region:Euw`, …); empty on SQLite. */
  pools: Array<[string, PoolStats]>;
  regions: Record<RegionCode, Kysely<RegionalDb>>;
  legacy: Kysely<LegacyDb>;
  close(): Promise<void>;
  dialect: 'sqlite' | 'postgres';
}
