/**
 * The server plugin API (`@portal/server-api`): the one module of the server that a plugin's
 * server half (`plugins/<id>/server/`) imports. The half gets its capabilities through the
 * context the core hands it (stores per region, mail, counters, options, switches) and the helpers
 * below; it never imports the server's files. Contract types and error codes come from
 * `@portal/plugin-api/contract`, shared with the browser half.
 */
import type { FastifyInstance } from 'fastify';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { PointName, ServerPoints } from '../plugin-host/points';
import type { MigrationSet } from '../db/migrations';

/** What the core lends a server half: the stores per region, mail, counters, options and the plugin switches. */
export type ServerContext = Ctx;
export type { DirectoryCompany, ErasedPerson, ExternalProof, ExternalSignInRequired, LinkedIdentity, MethodColumns, PasskeyProof, PersonalFiles, PersonalTable, PointName, SecondFactorScope, ServerPoints, TrustedBrowserRequest, TrustedSkip } from '../plugin-host/points';
export type { MigrationSet, SqlDialect } from '../db/migrations';
export type { AuthContext, SsoSessionRef } from '../domain/sessions';
export type { DemoSeeding, DemoUser } from '../demo/seed';
export type { AccountTable, LegacyAccountTable, RegionalDb } from '../db/types';

/** Where a server half contributes at start. */
export interface ServerPluginHost {
  /** `plugin`: the switch the contribution answers to, when it is another plugin's flow (default: this half's). */
  contribute<K extends PointName>(point: K, value: ServerPoints[K], options?: { plugin?: string }): void;
}

export interface ServerPlugin {
  /** The plugin's id: its folder's name under plugins/. */
  id: string;
  /** Once at start, before any route: contributions to the core's server extension points. */
  setup?(host: ServerPluginHost): void;
  /**
   * The plugin's API routes, registered under /api and under each regional prefix, in a Fastify
   * scope of their own. Each answers only where the deployment config turns the plugin on (a
   * route may name another plugin in `config.plugin`); none is registered where no served config does.
   */
  routes?(api: FastifyInstance, ctx: ServerContext): Promise<void>;
  /**
   * The plugin's own tables: Kysely migrations per kind of store (`regional`: each region's store,
   * where accounts live; `global`: the one shared store; `legacy`: the old system's accounts, which
   * the migration plugin reads), by dialect ('sqlite' | 'postgres'). They run at start after the
   * core's, whatever the switches say (data outlives a switch), with bookkeeping of their own. Name
   * new tables after the plugin (`<id>_…`; the features shipped before this rule keep their tables'
   * names); query them with `ctx.region(r).withTables<T>()`.
   */
  migrations?: { regional?: MigrationSet; global?: MigrationSet; legacy?: MigrationSet };
  /**
   * The kinds of mail the plugin sends (`ctx.mailer.send({ kind, … })`), with their texts in
   * `locales/<lang>/mail/<id>.json` (`subject.<kind>`, `body.<kind>`, plural forms as i18next's) for
   * every language; read and checked at start.
   */
  mails?: readonly string[];
  /**
   * Scheduled work (clean-ups, reminders): each job runs every `everyMs` in the background, never
   * twice at once, handed the regions where the plugin is on at that moment; it does not run where
   * the plugin is on in no region. Stopped, and awaited, when the server closes.
   */
  /**
   * The plugin's routes in the ops console's API (`/api/ops`), registered where the console's config
   * (OPS_CONFIG) turns the plugin on. Each route must say who may call it in `config.ops`
   * (`{ allow: 'read' | 'configure' | 'helpdesk' | 'operators' | 'public', fresh? }`); the scope
   * checks the operator's session, role and fresh confirmation before the handler runs, and
   * refuses any end user's token (server/ops/consoleScope.ts).
   */
  opsRoutes?(api: FastifyInstance, ctx: ServerContext): Promise<void>;
  /**
   * Lazily loaded modules of the browser half (file names without extension, e.g. `SignedInConsole`)
   * whose chunks only a signed-in operator may fetch: anyone else gets 404 (server/ops/operatorAssets.ts).
   */
  operatorAssets?: readonly string[];
  jobs?: ReadonlyArray<{ name: string; everyMs: number; run(ctx: ServerContext, regions: RegionCode[]): Promise<unknown> }>;
}

/** A server half's default export. */
export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  return plugin;
}

// Answers and failures.
export { ApiFailure, fail, failPage, type ProblemHint } from '../http/errors';
export { ConfigProblems, VersionConflict, type VersionChange } from '../config/servedConfigs';
export { ok, answerSent, authHeaders, body, clientIp, endSecurityUnlock, ensureSelf, idParams, limitAuth, loginBindingOf, loginUrl, parseCookies, requireAuth, requireHostRegion, requireHostRegionOf, requireSecurityToken, S, securityHeaders, SESSION_CODE_HEADER, setBrowserBindingCookie, setSsoCookie, ssoCookie } from '../http/common';
export { limitCodeGuesses } from '../http/codeGuesses';
export { readUploadForm } from '../routes/accounts';
// Storage.
export { isUniqueViolation, LOCK_SPACE, lockKey, lockRow } from '../db/portable';
export { firstUse, pruneExpired, sharedSecret } from '../db/sharedState';
export { openTotpSecret, sealTotpSecret } from '../db/secretsAtRest';
export { LICENSE_MAX, saveUpload } from '../domain/files';
export { collectPersonalData, connectedServicesOf, personalUploads, type ConnectedService, type PersonalDataSet, type PersonalRows, type PersonalUpload } from '../domain/personalData';
// Accounts, secrets and checks every feature shares.
export { accountRow, getAccount, confirmRegion, conflictInfo, createAccount, createOneTimeToken, fileUrl, findAccount, forgetTrustedBrowsers, languageOr, sendActivationMail } from '../domain/accounts';
export { checkPasswordLocked } from '../domain/passwordLock';
export { checkAccountPasswordRecorded, decodeCursor, eventContext, listSecurityEvents, recordSecurityEvent, type EventContext } from '../domain/securityEvents';
export { joinSessionFromWebView, readSsoCookie, revokeSessions, sessionExpiry } from '../domain/sessions';
export { createLoginSession, HELPDESK_CLIENT_ID, isLiveLoginSession, renewLoginSession } from '../domain/oauth';
export { clientOfSessionCode } from '../domain/mailLinks';
export { dummyPasswordHash, randomDigits, randomId, randomToken, safeEqual, sha256 } from '../domain/crypto';
export { hashSecret, parseRegionalSecret, regionalSecret } from '../domain/tokens';
export { erasePerson, eraseRetained, flushErased, type ErasureReport } from '../domain/erasure';
// Two-step verification: the MFA process and the account's settings are the core's; the code methods come from the
// `secondFactorMethods` point (the mfa plugin), so these refuse (403 -19999) where a method's plugin is off for the account.
export { addMethod, deleteMethod, disableMfa, enableMfa, enrolMethod, maskEmail, readMfaProcess, sendMethodCode, offeredTypes, setPrimary, supportedTypes } from '../domain/mfa';
export { isCountryCode, regionOfCountry, resolveRegionChoice } from '../domain/countries';
export { checkEmail, checkFreeText, checkName, checkNewPassword, checkPhone, checkPostCode, checkUrl, isValidEmail, normalizeEmail } from '../domain/validation';
export { intlLocale } from '../../core/i18n/numbers';
export { DEFAULT_LANGUAGE, isLanguageCode, languageByCode, LANGUAGE_CODES, type LanguageCode } from '../../core/i18n/languages';
export { nonEmpty, readPluralForms } from '../localeTexts';
// The ops console: the request's operator, and the audit log every operator action goes to.
export { requireOperator, type OperatorRef, type OpsAccess } from '../ops/consoleScope';
export { appendAudit, auditOperatorAction, requiredReason, REASON_MAX, type OpsActor, type OpsAuditRecord } from '../ops/audit';
// Counters and pages.
export { clientNetwork, type SlidingCounter } from '../domain/limits';
export { escapeHtml } from '../http/html';
// Themes: the base themes (themes/<name>.theme.ts) as the login page composes them, for checks that must agree with it.
export { loadBaseThemes } from '../http/loginShell';
export type { ThemeTokens } from '../../themes/tokens';
export { newNonce } from '../http/spa';
export { appTypeOfClient } from '../plugin-host/switches';
