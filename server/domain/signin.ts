/**
 * Sign-in with password. Order of checks: rate limit (route) → captcha under risk → account →
 * lock → password (atomic failure count) → activation → privacy policy → MFA → local accounts
 * to merge → region confirmation. Every refusal carries a catalogue code and, where the spec
 * says so, a result the login page needs.
 *
 * Captcha risk: failed sign-ins from the client's network, and failed sign-ins for the email
 * address from all clients. Each attempt is counted before its password is checked and taken
 * back unless the password turned out wrong, so parallel attempts cannot all pass the check.
 */
import type { LoginRequest } from '../../core/contract/auth';
import { MFA_TYPES, type MfaType } from '../../core/contract/auth';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { Expression, ExpressionBuilder } from 'kysely';
import type { AccountTable, RegionalDb } from '../db/types';
import { fail } from '../http/errors';
import { dummyPasswordHash } from './crypto';
import { createOneTimeToken, findAccount, resendActivationIfDue } from './accounts';
import { consumeCaptchaToken } from './captcha';
import { clientNetwork, type HeldHit } from './limits';
import { regionOfCountry } from './countries';
import { createMigrationToken, legacyItem, localAccounts, vendorItem } from './migration';
import { maskEmail, readMfaProcess, sendEmailCode, startMfaProcess, supportedTypes, verifyMfa, MFA_PROCESS_MINUTES } from './mfa';
import { normalizeEmail } from './validation';

export interface SignInMeta {
  ip: string;
  clientRequiresCaptcha: boolean;
  /** The login session's client: a re-sent activation mail links back to its page. */
  clientId?: string | null;
}

function lockMinutesFor(ctx: Ctx, lockCount: number): number {
  return Math.min(ctx.options.limits.lockMinutes * 2 ** lockCount, 24 * 60);
}

/** `CASE lock_count WHEN 0 THEN … END`: the lock the next one starts, in ms (bound values only). */
function lockDurationMs(ctx: Ctx, eb: ExpressionBuilder<RegionalDb, 'accounts'>): Expression<number> {
  const ms = (n: number) => eb.cast<number>(eb.val(lockMinutesFor(ctx, n) * 60_000), 'bigint');
  let builder = eb.case('lock_count').when(eb.cast<number>(eb.val(0), 'integer')).then(ms(0));
  for (let n = 1; n < 32 && lockMinutesFor(ctx, n) > lockMinutesFor(ctx, n - 1); n++) {
    builder = builder.when(eb.cast<number>(eb.val(n), 'integer')).then(ms(n));
  }
  return builder.else(ms(32)).end();
}

function lockedResult(ctx: Ctx, account: AccountTable) {
  const max = ctx.options.limits.maxFailedLogins;
  return { remainAttempts: 0, failedAttempts: max, lockedMinutes: Math.max(1, Math.ceil(((account.locked_until ?? ctx.now()) - ctx.now()) / 60_000)) };
}

/** One sign-in attempt, counted as a failure of its client and of its email address until it proves otherwise. */
interface HeldAttempt {
  client: HeldHit;
  account: HeldHit;
}

function holdAttempt(ctx: Ctx, meta: SignInMeta, email: string): HeldAttempt {
  return { client: ctx.loginFailures.hold(clientNetwork(meta.ip)), account: ctx.accountFailures.hold(email) };
}

async function requireCaptchaIfRisky(ctx: Ctx, meta: SignInMeta, attempt: HeldAttempt, token: string | undefined, region: RegionCode): Promise<void> {
  const { captchaAfterFailures, captchaAfterAccountFailures } = ctx.options.limits;
  const risky = meta.clientRequiresCaptcha || attempt.client.before >= captchaAfterFailures || attempt.account.before >= captchaAfterAccountFailures;
  if (!risky) return;
  if (await consumeCaptchaToken(ctx, token)) return;
  fail(E.captchaRequired, { serviceRegion: region, captchaUrl: `${ctx.options.publicOrigin}/api/captcha/frame` });
}

async function checkPassword(ctx: Ctx, region: RegionCode, account: AccountTable, password: string, onWrongPassword: () => void): Promise<void> {
  const db = ctx.region(region);
  const max = ctx.options.limits.maxFailedLogins;
  let now = ctx.now();
  if (account.locked_until !== null) {
    if (account.locked_until > now) fail(E.accountLocked, lockedResult(ctx, account));
    // The lock has run out: start counting afresh (once, however many requests race here).
    await db.updateTable('accounts').set({ failed_attempts: 0, locked_until: null }).where('id', '=', account.id).where('locked_until', '=', account.locked_until).execute();
  }
  const ok = await ctx.passwords.verify(account.password_hash, password);
  now = ctx.now();
  if (ok) {
    const res = await db
      .updateTable('accounts')
      .set({ failed_attempts: 0 })
      .where('id', '=', account.id)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return;
    const fresh = await db.selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
    fail(E.accountLocked, lockedResult(ctx, fresh));
  }
  onWrongPassword();
  // Count the failure and, on the last allowed one, start the lock — in one conditional UPDATE,
  // so that parallel attempts (50 at once, on SQLite or PostgreSQL) count exactly up to the
  // limit and no right password can slip in between the count and the lock. SET expressions
  // see the row as it was before the update. Once locked, no further failure counts.
  const lockingNow = (eb: ExpressionBuilder<RegionalDb, 'accounts'>) => eb('failed_attempts', '>=', max - 1);
  const counted = await db
    .updateTable('accounts')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      locked_until: eb
        .case()
        .when(lockingNow(eb))
        .then(eb(eb.cast<number>(eb.val(now), 'bigint'), '+', lockDurationMs(ctx, eb)))
        .else(eb.ref('locked_until'))
        .end(),
      lock_count: eb.case().when(lockingNow(eb)).then(eb('lock_count', '+', 1)).else(eb.ref('lock_count')).end(),
    }))
    .where('id', '=', account.id)
    .where('failed_attempts', '<', max)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['failed_attempts', 'lock_count'])
    .executeTakeFirst();
  if (!counted) {
    const fresh = await db.selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
    fail(E.accountLocked, lockedResult(ctx, fresh));
  }
  if (counted.failed_attempts >= max) {
    fail(E.wrongCredentials, { remainAttempts: 0, failedAttempts: counted.failed_attempts, lockedMinutes: lockMinutesFor(ctx, counted.lock_count - 1) });
  }
  fail(E.wrongCredentials, { remainAttempts: max - counted.failed_attempts, failedAttempts: counted.failed_attempts, lockedMinutes: lockMinutesFor(ctx, counted.lock_count) });
}

/** Email has no vendor ID: local accounts whose password matches lead to migration (-6). */
async function signInLocal(ctx: Ctx, email: string, password: string, onWrongPassword: () => void): Promise<never> {
  const locals = await localAccounts(ctx, email);
  let matched = false;
  for (const local of locals) {
    if (await ctx.passwords.verify(local.password_hash, password)) matched = true;
  }
  if (locals.length === 0) await ctx.passwords.verify(await dummyPasswordHash(ctx.passwords), password);
  if (!matched) {
    onWrongPassword();
    fail(E.wrongCredentials);
  }
  fail(E.needMergeOrMigrate, {
    variant: locals.length === 1 ? 'migrate' : 'pick',
    accounts: locals.map(legacyItem),
    migrationToken: await createMigrationToken(ctx, email),
  });
}

export async function signIn(ctx: Ctx, input: LoginRequest, meta: SignInMeta): Promise<{ region: RegionCode; account: AccountTable }> {
  const email = normalizeEmail(input.email);
  const found = email.length <= 320 ? await findAccount(ctx, email) : null;
  // Counted synchronously with the check that reads the counts: nothing can run in between.
  const attempt = holdAttempt(ctx, meta, email);
  let wrongPassword = false;
  const onWrongPassword = () => {
    wrongPassword = true;
  };
  try {
    await requireCaptchaIfRisky(ctx, meta, attempt, input.captchaToken, found?.region ?? ctx.options.defaultRegion);
    if (!found) return await signInLocal(ctx, email, input.password, onWrongPassword);
    await checkPassword(ctx, found.region, found.account, input.password, onWrongPassword);
  } finally {
    // Only a wrong password stays counted: not a right one, a locked account or a missing captcha.
    if (!wrongPassword) {
      attempt.client.release();
      attempt.account.release();
    }
  }
  const { region } = found;
  let account = found.account;
  const db = ctx.region(region);

  if (account.activated_at === null) {
    const mailSent = await resendActivationIfDue(ctx, region, account, input.language, meta.clientId ?? null);
    fail(E.notActivated, { email, mailSent });
  }

  if (account.privacy_version < ctx.options.privacyPolicyVersion) {
    if (input.acceptPrivacyVersion === ctx.options.privacyPolicyVersion) {
      await db.updateTable('accounts').set({ privacy_version: ctx.options.privacyPolicyVersion }).where('id', '=', account.id).execute();
    } else {
      fail(E.privacyPolicyUpdate, { version: ctx.options.privacyPolicyVersion, url: ctx.options.privacyPolicyUrl });
    }
  }

  if (account.mfa_enabled === 1) {
    const types = supportedTypes(account);
    if (!input.mfaProcessId || input.code === undefined || input.mfaType === undefined) {
      const processId = await startMfaProcess(ctx, region, account);
      const primary = (account.mfa_primary && types.includes(account.mfa_primary as MfaType) ? account.mfa_primary : types[0]) as MfaType;
      // Email as the primary method: the first code goes out with the challenge.
      if (primary === MFA_TYPES.email) await sendEmailCode(ctx, region, account, 'login', input.language).catch(() => undefined);
      fail(E.mfaRequired, {
        supportedMFATypes: types,
        primaryMFAType: primary,
        MFAEmail: maskEmail(account.email),
        MFAProcessId: processId,
        ...(account.identity_provider === 'partnerProgram' ? { type: 'partnerProgram' } : {}),
        expiresIn: MFA_PROCESS_MINUTES * 60,
      });
    }
    const process = await readMfaProcess(ctx, input.mfaProcessId, false);
    if (!process || process.account.id !== account.id) fail(E.mfaProcessMissing);
    if (!types.includes(input.mfaType)) fail(E.mfaTypeDisabled);
    await verifyMfa(ctx, region, process.account, input.mfaType, input.code, 'login');
    await readMfaProcess(ctx, input.mfaProcessId, true);
    account = await db.selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
  }

  const locals = await localAccounts(ctx, email);
  if (locals.length > 0) {
    fail(E.needMergeOrMigrate, {
      variant: 'merge',
      accounts: [vendorItem(region, account), ...locals.map(legacyItem)],
      migrationToken: await createMigrationToken(ctx, email),
    });
  }

  if (account.region_confirmed !== 1) {
    fail(E.regionRequired, {
      email,
      firstName: email.split('@')[0],
      regionCode: regionOfCountry(account.country) ?? region,
      processId: await createOneTimeToken(ctx, region, account.id, 'region', 600),
    });
  }
  return { region, account };
}
