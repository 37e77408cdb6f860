/** Server options: what main.ts reads from the environment and what tests pass in. */
import { OPS_CONFIRM_MS } from '../core/contract/ops';
import type { ServerPlugin } from './plugin-api';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { APP_TYPES, type AppType } from '../core/contract/partnerApp';
import type { RegionCode } from '../core/contract/regions';
import { SECURITY_TOKEN_SECONDS } from '../core/contract/security';
import type { ThemeOverrides } from '../themes/tokens';
import { DEFAULT_OUTBOX_SETTINGS, DEFAULT_WORKER_SETTINGS, type OutboxSettings, type WorkerSettings } from './mail/settings';
import type { SecretsKeySettings } from './db/secretsAtRest';
import { ConfigFileError, readJsonFile } from './config/readJsonFile';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ClientConfig {
  id: string;
  name: string;
  /** Exact redirect URIs; no prefix or wildcard matching. */
  redirectUris: string[];
  /** Where "signed in" sends the browser for this client when the login started elsewhere. */
  serviceUrl?: string;
  requireCaptcha?: boolean;
  /** OpenID Connect: the client's secret (confidential client; stored hashed); without it a public client that must use PKCE. */
  secret?: string;
  /** The secret's SHA-256 in hex, where only that is kept (a stored version of the clients, a secret the ops console made). */
  secretHash?: string;
  /** During a secret's rotation (ops console): the previous secret's SHA-256, which works until `previousSecretUntil` (epoch ms). */
  previousSecretHash?: string;
  previousSecretUntil?: number;
  /** Grants the client may use (default authorization_code and refresh_token); the code flow always. */
  grantTypes?: Array<'authorization_code' | 'refresh_token'>;
  /** How a confidential client authenticates at the token endpoint (default client_secret_basic). */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
  /** Scopes the client may ask for (default openid, email, profile, offline_access). */
  scopes?: Array<'openid' | 'email' | 'profile' | 'offline_access'>;
  /** OpenID Connect: exact URIs the client may send the browser back to after RP-initiated logout. */
  postLogoutRedirectUris?: string[];
  /** OpenID Connect back-channel logout: where the portal posts a logout token when the user's portal session ends. */
  backchannelLogoutUri?: string;
  /** Login page plugins this client allows (narrows the deployment config). */
  plugins?: string[];
  branding?: {
    title?: string;
    language?: string;
    logoUrl?: string;
    titleLogoUrl?: string;
    signUpUrl?: string;
    /** Slides; `texts` gives a slide's caption and link text per portal language (`{ "de_DE": { "description": "…" } }`). */
    carousel?: Array<{ fileUrl: string; description?: string; link?: string; linkText?: string; texts?: Record<string, { description?: string; linkText?: string }> }>;
    /** The login page's theme for this client: a discovered base theme (themes/<name>.theme.ts) and token overrides. */
    theme?: { name: string; overrides?: ThemeOverrides };
  };
}

/** The help-desk secret of the demo set-up (published in this repository): never for production. */
export const DEMO_HELPDESK_SECRET = 'demo-helpdesk-shared-secret-change-me-0123456789';

export interface HelpdeskConfig {
  /** Shared HS256 secret with the help desk. */
  secret: string;
  /** The help desk's JWT endpoint (Zendesk: https://<sub>.zendesk.com/access/jwt). */
  jwtUrl: string;
  /** Exact origins return_to may point at. */
  returnOrigins: string[];
}

export interface Limits {
  maxFailedLogins: number;
  /** First lock duration in minutes; doubles for each further lock, capped at 24 h. */
  lockMinutes: number;
  mfaMaxFailures: number;
  mfaLockMinutes: number;
  /** Failed sign-ins from one client network (IPv4 address, IPv6 /64) within 15 minutes before a captcha is required. */
  captchaAfterFailures: number;
  /** Failed sign-ins for one email address from all clients together within 15 minutes before that address needs a captcha. */
  captchaAfterAccountFailures: number;
  /** Registrations from one client network within an hour before a captcha is required. */
  captchaAfterRegistrations: number;
  /** Registrations for one email domain from all clients together within an hour before that domain needs a captcha. */
  captchaAfterDomainRegistrations: number;
  /** Slider puzzles issued per 15 minutes to one client network, and for one sign-in address (from all clients). */
  captchaPuzzlesPerClient: number;
  captchaPuzzlesPerAccount: number;
  /** Slider answers tried per 15 minutes from one client network, and on puzzles of one sign-in address. */
  captchaAnswersPerClient: number;
  captchaAnswersPerAccount: number;
  /** Requests per minute and client for sign-in and registration calls. */
  authPerMinute: number;
  /** Requests per minute and client for everything else. */
  apiPerMinute: number;
  accessTokenSeconds: number;
  /**
   * A just-rotated refresh token presented again within this many seconds gets the same new pair
   * (two tabs refreshing at once); later, it is taken as theft and the token family is revoked.
   */
  refreshReuseGraceSeconds: number;
  /** Lifetime of the security-settings unlock (spec: 5 minutes); tests shorten it. */
  securityTokenSeconds: number;
  /** How long an operator's second-factor confirmation covers dangerous console actions (OPS_CONFIRM_SECONDS; tests shorten it). */
  opsConfirmSeconds: number;
  /** How often each instance looks for a newer stored config version (CONFIG_POLL_MS): an operator's change applies everywhere within it. */
  configPollMs: number;
  authCodeSeconds: number;
  loginSessionSeconds: number;
  invitesPerUserPerDay: number;
  invitesPerOrgPerDay: number;
  /** Wrong invite codes or company codes (each kind counted apart) from one client network within 15 minutes before its lookups are refused (-60001). */
  codeGuessesPerClient: number;
  /** The same per signed-in account, from all its clients together. */
  codeGuessesPerAccount: number;
}

export interface ServerOptions {
  host: string;
  port: number;
  /** Public origin of the portal (SPA and API), e.g. http://localhost:8080 (server/main.ts on loopback). */
  publicOrigin: string;
  dataDir: string;
  databaseUrl?: string;
  databaseUrls?: Partial<Record<'global' | 'legacy' | 'use' | 'aps' | 'euw', string>>;
  /** Built SPA (index.html + assets/). */
  distDir: string;
  /** JSON deployment config injected into index.html (PORTAL_CONFIG). */
  portalConfigFile?: string;
  /** The partner apps' deployment configs, injected instead when a page is opened by an app (PORTAL_APP_CONFIGS). */
  appConfigFiles: Partial<Record<AppType, string>>;
  /** The ops console's deployment config (OPS_CONFIG; in development config/ops.json); null: no console. */
  opsConfigFile: string | null;
  /** Server halves given in code besides those found under plugins/ (tests). */
  extraServerPlugins?: readonly ServerPlugin[];
  production: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Retries and retention of the mail outbox (MAIL_MAX_ATTEMPTS, MAIL_RETENTION_HOURS). */
  mailOutbox: OutboxSettings;
  /** How the outbox worker polls and batches (tests poll faster or slower). */
  mailWorker: WorkerSettings;
  /** On close (SIGTERM): how long requests under way may take before their connections are cut (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** The plugins' scheduled jobs run in the background (default); a test that drives a job step by step turns them off. */
  pluginJobs: boolean;
  /** Cheap argon2 parameters and no start-up banner noise: tests only, never production. */
  testMode: boolean;
  seedDemo: boolean;
  privacyPolicyVersion: number;
  privacyPolicyUrl: string;
  /** The demo service and demo help desk pages (development default; production only when asked for). */
  demoPages: boolean;
  defaultRegion: RegionCode;
  /** Extra connected services besides the portal, the demo service and the help desk. */
  clients: ClientConfig[];
  /** CLIENTS_FILE: more connected services, checked at start and followed while running. */
  clientsFile?: string;
  helpdesk: HelpdeskConfig;
  limits: Limits;
  /** Email suffixes that cannot register (internal domains). */
  reservedEmailSuffixes: string[];
  /** One JSON line per request (route patterns, never URLs or headers): on in production unless LOG=0. */
  logger: boolean;
  /** Prometheus metrics on their own listener (same host), or at /metrics of the portal behind this bearer token; neither: not served. */
  metricsPort?: number;
  metricsToken?: string;
  /** Where log lines go (tests); default stdout. */
  logStream?: Writable;
  /**
   * TRUST_PROXY: which X-Forwarded-For entries name the client (Fastify's trustProxy, proxy-addr):
   * false, none (the connection's address); a number, that many proxy hops in front of the server
   * (1: the address the one proxy saw, never what the client wrote before it); addresses or CIDR
   * ranges, the proxies trusted. Never "all": the left-most entry is the client's to write.
   */
  trustProxy: TrustProxy;
  /**
   * ENUMERATION_PROTECTION=1: sign-in, password reset and registration answer alike (body and
   * time) whether an account exists; the owner of an address learns by mail instead. Off by
   * default: the spec's codes (-3086, -20621, -20602 on registration, counters only for real
   * accounts) name unknown and known addresses.
   */
  enumerationProtection: boolean;
  /**
   * TRUSTED_DEVICE_DAYS: how long a browser that passed the second factor and asked may skip it
   * (per account; 0 turns the offer off). Default 30.
   */
  trustedDeviceDays: number;
  /**
   * TRUSTED_DEVICE_AT_REAUTH: whether a trusted device also skips the second factor when a
   * connected service asks for a fresh sign-in (`prompt=login`, an exceeded `max_age`): `skip`
   * (default, what "Don't ask again on this device" promised) or `ask`. A service that asks for
   * the MFA context (`acr_values`) is asked the second factor either way.
   */
  trustedDeviceAtReauth: TrustedDeviceAtReauth;
  /**
   * "Delete my account" (plugins/your-data): ACCOUNT_GRACE_DAYS, the days a closed ID can still be
   * restored by its mailed link before it is erased (default 14); ERASURE_RETAIN_TABLES (comma-separated
   * table names, e.g. `security_events`) and ERASURE_RETAIN_DAYS: what an erasure leaves for legal
   * retention and for how long, then removes. Default: nothing retained.
   */
  accountClosure: { graceDays: number; retainTables: readonly string[]; retainDays: number };
  /**
   * The key that seals the secrets kept in the global store (SECRETS_KEY or SECRETS_KEY_FILE, and
   * SECRETS_KEY_PREVIOUS while rotating: db/secretsAtRest.ts). Production must name one; in
   * development the data folder gets its own.
   */
  secretsKey: SecretsKeySettings;
  /**
   * PLUGIN_SECRETS_FILE: a JSON object of server-side settings per plugin id that must never reach
   * the page's deployment config (a social provider's client secret). Each plugin checks its own
   * entry at start; the file is read once.
   */
  pluginSecrets: Record<string, unknown>;
  /** Injected clock (tests move time forward). */
  now: () => number;
}

export type TrustProxy = false | number | string[];

/** TRUST_PROXY: unset or `0` none, `<n>` hops, or comma-separated proxy addresses and CIDR ranges. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((s) => s.trim());
  // proxy-addr's own names (loopback, linklocal, uniquelocal) and IPv4/IPv6 addresses with an optional /bits.
  const address = /^(loopback|linklocal|uniquelocal|[0-9.]+(\/\d{1,2})?|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*(\/\d{1,3})?)$/;
  const wrong = entries.filter((e) => !address.test(e));
  if (wrong.length) throw new Error(`TRUST_PROXY must be 0, a number of proxy hops, or comma-separated proxy addresses or CIDR ranges; not ${wrong.map((e) => `'${e}'`).join(', ')}`);
  return entries;
}

/**
 * TRUST_PROXY as Fastify's trustProxy: addresses as they are (proxy-addr compiles them); a hop
 * count as proxy-addr's trust function, the `n` addresses nearest the server being proxies
 * (this Fastify ignores a bare number: a hop count cannot tell a proxy from a client that
 * connects directly, so the server must be reachable through its proxy only).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export const TRUSTED_DEVICE_AT_REAUTH = ['skip', 'ask'] as const;
export type TrustedDeviceAtReauth = (typeof TRUSTED_DEVICE_AT_REAUTH)[number];
export const isTrustedDeviceAtReauth = (value: string): value is TrustedDeviceAtReauth => (TRUSTED_DEVICE_AT_REAUTH as readonly string[]).includes(value);

export const DEFAULT_LIMITS: Limits = {
  maxFailedLogins: 5,
  lockMinutes: 30,
  mfaMaxFailures: 5,
  mfaLockMinutes: 10,
  captchaAfterFailures: 3,
  captchaAfterAccountFailures: 3,
  captchaAfterRegistrations: 3,
  captchaAfterDomainRegistrations: 10,
  captchaPuzzlesPerClient: 20,
  captchaPuzzlesPerAccount: 10,
  captchaAnswersPerClient: 20,
  captchaAnswersPerAccount: 10,
  authPerMinute: 30,
  apiPerMinute: 600,
  accessTokenSeconds: 900,
  refreshReuseGraceSeconds: 10,
  securityTokenSeconds: SECURITY_TOKEN_SECONDS,
  opsConfirmSeconds: OPS_CONFIRM_MS / 1000,
  configPollMs: 1000,
  authCodeSeconds: 60,
  loginSessionSeconds: 3600,
  invitesPerUserPerDay: 3,
  invitesPerOrgPerDay: 50,
  codeGuessesPerClient: 20,
  codeGuessesPerAccount: 10,
};

export type ServerOptionsInput = Partial<Omit<ServerOptions, 'limits' | 'helpdesk' | 'mailOutbox' | 'mailWorker'>> & {
  limits?: Partial<Limits>;
  helpdesk?: Partial<HelpdeskConfig>;
  mailOutbox?: Partial<OutboxSettings>;
  mailWorker?: Partial<WorkerSettings>;
};

/** Default bound on a shutdown's wait for requests under way. */
export const SHUTDOWN_GRACE_MS = 10_000;

export function resolveOptions(input: ServerOptionsInput = {}): ServerOptions {
  const host = input.host ?? '127.0.0.1';
  const port = input.port ?? 8080;
  const publicOrigin = (input.publicOrigin ?? `http://${host}:${port}`).replace(/\/$/, '');
  if (input.testMode && input.production) throw new Error('testMode cannot be used in production');
  return {
    host,
    port,
    publicOrigin,
    dataDir: input.dataDir ?? path.join(REPO_ROOT, 'server', 'data'),
    databaseUrl: input.databaseUrl,
    databaseUrls: input.databaseUrls,
    distDir: input.distDir ?? path.join(REPO_ROOT, 'dist'),
    portalConfigFile: input.portalConfigFile,
    appConfigFiles: input.appConfigFiles ?? (input.production ? {} : repoAppConfigs()),
    opsConfigFile: input.opsConfigFile !== undefined ? input.opsConfigFile : input.production ? null : path.join(REPO_ROOT, 'config', 'ops.json'),
    extraServerPlugins: input.extraServerPlugins,
    production: input.production ?? false,
    smtpUrl: input.smtpUrl,
    mailFrom: input.mailFrom ?? 'Unified ID <no-reply@unified-id.example>',
    mailOutbox: { ...DEFAULT_OUTBOX_SETTINGS, ...input.mailOutbox },
    mailWorker: { ...DEFAULT_WORKER_SETTINGS, ...input.mailWorker },
    shutdownGraceMs: input.shutdownGraceMs ?? SHUTDOWN_GRACE_MS,
    pluginJobs: input.pluginJobs ?? true,
    accountClosure: { graceDays: 14, retainTables: [], retainDays: 0, ...input.accountClosure },
    testMode: input.testMode ?? false,
    seedDemo: input.seedDemo ?? true,
    privacyPolicyVersion: input.privacyPolicyVersion ?? 2,
    privacyPolicyUrl: input.privacyPolicyUrl ?? `${publicOrigin}/demo-service/privacy.html`,
    demoPages: input.demoPages ?? !input.production,
    defaultRegion: input.defaultRegion ?? 'Euw',
    clients: input.clients ?? [],
    pluginSecrets: input.pluginSecrets ?? {},
    clientsFile: input.clientsFile,
    helpdesk: {
      secret: input.helpdesk?.secret ?? DEMO_HELPDESK_SECRET,
      jwtUrl: input.helpdesk?.jwtUrl ?? `${publicOrigin}/demo-helpdesk/access/jwt`,
      returnOrigins: input.helpdesk?.returnOrigins ?? [publicOrigin],
    },
    limits: { ...DEFAULT_LIMITS, ...input.limits },
    reservedEmailSuffixes: input.reservedEmailSuffixes ?? ['.internal', '.invalid'],
    logger: input.logger ?? false,
    logStream: input.logStream,
    metricsPort: input.metricsPort,
    metricsToken: input.metricsToken,
    trustProxy: input.trustProxy || false,
    enumerationProtection: input.enumerationProtection ?? false,
    trustedDeviceDays: input.trustedDeviceDays ?? 30,
    trustedDeviceAtReauth: input.trustedDeviceAtReauth ?? 'skip',
    secretsKey: input.secretsKey ?? {},
    now: input.now ?? Date.now,
  };
}

/** Development default: the repository's app configs (config/app-android.json, config/app-ios.json). */
function repoAppConfigs(): Partial<Record<AppType, string>> {
  const files: Partial<Record<AppType, string>> = {};
  for (const appType of APP_TYPES) files[appType] = path.join(REPO_ROOT, 'config', `app-${appType.replace('partner_app_', '')}.json`);
  return files;
}

/** `PORTAL_APP_CONFIGS=partner_app_android=config/app-android.json,partner_app_ios=…` */
export function parseAppConfigs(value: string): Partial<Record<AppType, string>> {
  const files: Partial<Record<AppType, string>> = {};
  for (const entry of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [appType, file] = entry.split('=').map((s) => s.trim());
    if (!appType || !file || !(APP_TYPES as readonly string[]).includes(appType)) {
      throw new Error(`PORTAL_APP_CONFIGS: '${entry}' is not <${APP_TYPES.join('|')}>=<file>`);
    }
    files[appType as AppType] = path.resolve(file);
  }
  return files;
}

/** `OPS_CONFIG`: the console's config file, `off` for no console; unset: the option's default (config/ops.json in development). */
export function opsConfigFromEnv(value: string | undefined): string | null | undefined {
  if (value === undefined || value === '') return undefined;
  return value === 'off' ? null : path.resolve(value);
}

/** PLUGIN_SECRETS_FILE: a JSON object keyed by plugin id (each plugin checks its own entry at start). */
export function readPluginSecrets(file: string): Record<string, unknown> {
  const value = readJsonFile(file);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigFileError(file, 'PLUGIN_SECRETS_FILE must hold a JSON object keyed by plugin id.');
  return value as Record<string, unknown>;
}
