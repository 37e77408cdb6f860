/**
 * Start-up: reads the environment, opens the stores, seeds demo data on the first start and
 * prints the banner (URL, demo users, development mailbox).
 *
 * Environment: PORT (8080), HOST (127.0.0.1), PUBLIC_ORIGIN (http://localhost:PORT on loopback), DATA_DIR (server/data),
 * DATABASE_URL (PostgreSQL), SMTP_URL, MAIL_FROM, PORTAL_CONFIG (JSON injected into
 * index.html), NODE_ENV=production, CLIENTS_FILE (extra connected services, JSON array),
 * HELPDESK_SECRET, HELPDESK_JWT_URL, HELPDESK_RETURN_ORIGINS (comma-separated),
 * PRIVACY_POLICY_VERSION, PRIVACY_POLICY_URL, SEED_DEMO=0|1 and DEMO_PAGES=0|1 (demo data and the demo
 * service/help-desk pages: on in development; in production refused unless UNSAFE_DEMO_IN_PRODUCTION=1 too), LOG=1|0 (request log; on in production), ACCESS_TOKEN_SECONDS (900; short values let tests see a refresh),
 * SECURITY_TOKEN_SECONDS (300; short values let tests see the security lock return),
 * PORTAL_APP_CONFIGS (partner_app_android=<file>,partner_app_ios=<file>: the partner apps' configs;
 * in development config/app-android.json and config/app-ios.json), ENUMERATION_PROTECTION=1 (sign-in,
 * METRICS_PORT (Prometheus /metrics on its own listener, same HOST) or METRICS_TOKEN (/metrics of the portal
 * behind that bearer token), reset and registration answer alike for known and unknown addresses; see server/README.md),
 * SHUTDOWN_GRACE_MS (10000: on SIGTERM/SIGINT, how long requests under way may finish), MAIL_MAX_ATTEMPTS (8)
 * and MAIL_RETENTION_HOURS (168: sent and failed rows of the mail outbox are deleted after),
 * SECRETS_KEY or SECRETS_KEY_FILE (the key, 32 bytes base64 or hex, that seals the keys kept in the database;
 * required in production, in development made in the data folder) and SECRETS_KEY_PREVIOUS (comma-separated)
 * or SECRETS_KEY_PREVIOUS_FILE (the keys it replaces, while rotating: docs/operations.md), OPS_CONFIG (the ops
 * console's config; config/ops.json in development, none in production unless set; `off`: no console).
 */
import path from 'node:path';
import { buildServer, type BuiltServer } from './app';
import { InvalidConfigs } from './config/servedConfigs';
import { demoSwitches, productionProblems } from './config/productionEnv';
import { describeSecretsKey, secretsSettingsFromEnv, SecretsKeyProblem } from './db/secretsAtRest';
import { isTrustedDeviceAtReauth, opsConfigFromEnv, parseAppConfigs, parseTrustProxy, readPluginSecrets, TRUSTED_DEVICE_AT_REAUTH, type TrustProxy } from './options';
import * as OTPAuth from 'otpauth';

const env = process.env;
const production = env.NODE_ENV === 'production';
const port = Number(env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
const host = env.HOST ?? '127.0.0.1';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
if (env.SECURITY_TOKEN_SECONDS !== undefined && !(Number.isInteger(Number(env.SECURITY_TOKEN_SECONDS)) && Number(env.SECURITY_TOKEN_SECONDS) > 0)) {
  throw new Error(`SECURITY_TOKEN_SECONDS must be a positive whole number of seconds, got ${env.SECURITY_TOKEN_SECONDS}`);
}

/** A whole number of at least `min` from the environment, or undefined when unset. */
function wholeNumber(name: string, min: number): number | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${raw}`);
  return value;
}
const shutdownGraceMs = wholeNumber('SHUTDOWN_GRACE_MS', 0);
const mailMaxAttempts = wholeNumber('MAIL_MAX_ATTEMPTS', 1);
const mailRetentionHours = wholeNumber('MAIL_RETENTION_HOURS', 1);
const trustedDeviceDays = wholeNumber('TRUSTED_DEVICE_DAYS', 0);
const accountGraceDays = wholeNumber('ACCOUNT_GRACE_DAYS', 0);
const erasureRetainDays = wholeNumber('ERASURE_RETAIN_DAYS', 1);
const erasureRetainTables = env.ERASURE_RETAIN_TABLES?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
if (erasureRetainTables.length > 0 && erasureRetainDays === undefined) throw new Error('ERASURE_RETAIN_TABLES needs ERASURE_RETAIN_DAYS: how long the retained rows stay');

const trustedDeviceAtReauth = env.TRUSTED_DEVICE_AT_REAUTH;
if (trustedDeviceAtReauth !== undefined && !isTrustedDeviceAtReauth(trustedDeviceAtReauth)) {
  throw new Error(`TRUSTED_DEVICE_AT_REAUTH must be ${TRUSTED_DEVICE_AT_REAUTH.join(' or ')}, got ${trustedDeviceAtReauth}`);
}

if (env.ENUMERATION_PROTECTION !== undefined && !['0', '1'].includes(env.ENUMERATION_PROTECTION)) {
  throw new Error(`ENUMERATION_PROTECTION must be 0 or 1, got ${env.ENUMERATION_PROTECTION}`);
}

/** A config the server cannot serve stops it here: one readable message, no stack trace, exit 1. */
function refuse(problems: string[], heading = 'The portal did not start: its configuration is invalid.'): never {
  console.error([heading, ...problems.map((p) => `  ${p}`)].join('\n'));
  process.exit(1);
}

if (production) {
  const problems = productionProblems(env);
  if (problems.length) refuse(problems, 'The portal did not start: production (NODE_ENV=production) needs these settings.');
}
const demo = demoSwitches(env, production);

let pluginSecrets: Record<string, unknown> | undefined;
try {
  pluginSecrets = env.PLUGIN_SECRETS_FILE ? readPluginSecrets(path.resolve(env.PLUGIN_SECRETS_FILE)) : undefined;
} catch (err) {
  refuse([(err as Error).message]);
}

let appConfigFiles: ReturnType<typeof parseAppConfigs> | undefined;
try {
  appConfigFiles = env.PORTAL_APP_CONFIGS !== undefined ? parseAppConfigs(env.PORTAL_APP_CONFIGS) : undefined;
} catch (err) {
  refuse([(err as Error).message]);
}

let trustProxy: TrustProxy = false;
try {
  trustProxy = parseTrustProxy(env.TRUST_PROXY);
} catch (err) {
  refuse([(err as Error).message]);
}

let server: BuiltServer;
try {
  server = await buildServer({
    host,
    port,
    // On this machine alone the address is localhost, not 127.0.0.1: browsers refuse WebAuthn
    // (passkeys) on an IP address, and this is the address the start prints.
    publicOrigin: env.PUBLIC_ORIGIN ?? (LOOPBACK.has(host) ? `http://localhost:${port}` : undefined),
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : undefined,
    databaseUrl: env.DATABASE_URL,
    databaseUrls: {
      global: env.DATABASE_URL_GLOBAL,
      legacy: env.DATABASE_URL_LEGACY,
      use: env.DATABASE_URL_USE,
      aps: env.DATABASE_URL_APS,
      euw: env.DATABASE_URL_EUW,
    },
    portalConfigFile: env.PORTAL_CONFIG ? path.resolve(env.PORTAL_CONFIG) : undefined,
    ...(appConfigFiles ? { appConfigFiles } : {}),
    ...(opsConfigFromEnv(env.OPS_CONFIG) !== undefined ? { opsConfigFile: opsConfigFromEnv(env.OPS_CONFIG) } : {}),
    production,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailOutbox: {
      ...(mailMaxAttempts !== undefined ? { maxAttempts: mailMaxAttempts } : {}),
      ...(mailRetentionHours !== undefined ? { retentionMs: mailRetentionHours * 3_600_000 } : {}),
    },
    ...(shutdownGraceMs !== undefined ? { shutdownGraceMs } : {}),
    seedDemo: demo.seedDemo,
    demoPages: demo.demoPages,
    ...(env.PRIVACY_POLICY_URL ? { privacyPolicyUrl: env.PRIVACY_POLICY_URL } : {}),
    privacyPolicyVersion: env.PRIVACY_POLICY_VERSION ? Number(env.PRIVACY_POLICY_VERSION) : undefined,
    clientsFile: env.CLIENTS_FILE ? path.resolve(env.CLIENTS_FILE) : undefined,
    ...(pluginSecrets ? { pluginSecrets } : {}),
    helpdesk: {
      ...(env.HELPDESK_SECRET ? { secret: env.HELPDESK_SECRET } : {}),
      ...(env.HELPDESK_JWT_URL ? { jwtUrl: env.HELPDESK_JWT_URL } : {}),
      ...(env.HELPDESK_RETURN_ORIGINS ? { returnOrigins: env.HELPDESK_RETURN_ORIGINS.split(',').map((s) => s.trim()) } : {}),
    },
    logger: env.LOG === '1' || (production && env.LOG !== '0'),
    ...(env.METRICS_PORT ? { metricsPort: Number(env.METRICS_PORT) } : {}),
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    trustProxy,
    secretsKey: secretsSettingsFromEnv(env),
    enumerationProtection: env.ENUMERATION_PROTECTION === '1',
    ...(trustedDeviceDays !== undefined ? { trustedDeviceDays } : {}),
    accountClosure: { graceDays: accountGraceDays ?? 14, retainTables: erasureRetainTables, retainDays: erasureRetainDays ?? 0 },
    ...(trustedDeviceAtReauth !== undefined ? { trustedDeviceAtReauth } : {}),
    limits: {
      ...(env.ACCESS_TOKEN_SECONDS ? { accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS) } : {}),
      ...(env.SECURITY_TOKEN_SECONDS ? { securityTokenSeconds: Number(env.SECURITY_TOKEN_SECONDS) } : {}),
      ...(wholeNumber('OPS_CONFIRM_SECONDS', 1) !== undefined ? { opsConfirmSeconds: wholeNumber('OPS_CONFIRM_SECONDS', 1) } : {}),
      ...(wholeNumber('CONFIG_POLL_MS', 100) !== undefined ? { configPollMs: wholeNumber('CONFIG_POLL_MS', 100) } : {}),
      // Tests of the lockout warning need more wrong passwords than the captcha risk rule allows.
      ...(env.CAPTCHA_AFTER_FAILURES ? { captchaAfterFailures: Number(env.CAPTCHA_AFTER_FAILURES) } : {}),
      ...(env.CAPTCHA_AFTER_ACCOUNT_FAILURES ? { captchaAfterAccountFailures: Number(env.CAPTCHA_AFTER_ACCOUNT_FAILURES) } : {}),
      // Tests of the registration captcha lower it, so the second sign-up from one browser asks.
      ...(env.CAPTCHA_AFTER_REGISTRATIONS ? { captchaAfterRegistrations: Number(env.CAPTCHA_AFTER_REGISTRATIONS) } : {}),
      ...(env.CAPTCHA_AFTER_DOMAIN_REGISTRATIONS ? { captchaAfterDomainRegistrations: Number(env.CAPTCHA_AFTER_DOMAIN_REGISTRATIONS) } : {}),
    },
  });
} catch (err) {
  if (err instanceof InvalidConfigs) refuse(err.problems);
  if (err instanceof SecretsKeyProblem) refuse([err.message], 'The portal did not start: the secrets key (SECRETS_KEY) does not fit.');
  throw err;
}

const url = await server.listen();
const origin = server.ctx.options.publicOrigin;
const lines = [
  '',
  `Unified ID portal and reference API server`,
  `  Portal:        ${origin}/`,
  `  API:           ${origin}/api  (regional: ${origin}/api/region/{use,aps,euw})`,
  ...(server.ctx.options.demoPages
    ? [`  Demo service:  ${origin}/demo-service/  (OpenID Connect; the spec's hand-off: ${origin}/demo-service/handoff/)`, `  Demo helpdesk: ${origin}/demo-helpdesk/`]
    : []),
  ...(server.ctx.options.opsConfigFile ? [`  Ops console:   ${origin}/ops  (its first admin: npm run ops:add-admin <email>)`] : []),
  server.ctx.mailer.devMailbox && !production ? `  Dev mailbox:   ${origin}/dev/mail  (JSON: ${origin}/dev/mail.json)` : `  Mail:          SMTP`,
  `  Data:          ${server.ctx.stores.dialect === 'postgres' ? 'PostgreSQL' : server.ctx.options.dataDir}`,
  `  Secrets key:   ${describeSecretsKey(server.ctx.secrets)}`,
];
if (server.demo && production) {
  // Never secrets on stdout in production (its log stream is read by others): the file is the owner's alone.
  lines.push('', `Demo users (UNSAFE_DEMO_IN_PRODUCTION): their passwords and codes are in ${path.join(server.ctx.options.dataDir, 'demo.json')}`);
} else if (server.demo) {
  lines.push('', 'Demo users:');
  for (const u of server.demo.users) lines.push(`  ${u.email.padEnd(26)} ${u.password.padEnd(18)} ${u.state}`);
  lines.push(
    `  TOTP secret of mfa@example.com: ${server.demo.totpSecret} (current code ${OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(server.demo.totpSecret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() })})`,
  );
  for (const note of server.demo.notes) lines.push(`  ${note}`);
}
// The bind address without its scheme: the one address to open (and click) is the origin.
lines.push('', `Listening on ${url.replace(/^https?:\/\//, '')}: open ${origin}/`, '');
console.log(lines.join('\n'));

// A proxy or orchestrator stops an instance with SIGTERM: no new connections, requests under way
// finish (cut after SHUTDOWN_GRACE_MS), the mail being sent is finished, then the pools close.
// The backstop exits even if a store never answers its close.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const grace = server.ctx.options.shutdownGraceMs;
    console.log(`${signal}: shutting down (requests under way have up to ${grace} ms)`);
    setTimeout(() => process.exit(1), grace + 5000).unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`shutdown: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  });
}
