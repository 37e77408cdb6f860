/**
 * Two-factor authentication: TOTP (RFC 6238, SHA-1, 6 digits, 30 s, ±1 step, each step usable
 * once) and email codes (6 digits, 10 minutes, single use, 60 s between sends; a sign-in code
 * completes only the attempt it was mailed for). Wrong codes are counted atomically; too many
 * lock two-factor verification for 10 minutes (-20684).
 */
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { WhereInterface } from 'kysely';
import { MFA_TYPES, type MfaType } from '../../core/contract/auth';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { AccountTable, RegionalDb } from '../db/types';
import { fail } from '../http/errors';
import { randomDigits, randomId, safeEqual, sha256 } from './crypto';
import { createOneTimeToken, languageOr, useOneTimeToken } from './accounts';
import { hashSecret, parseRegionalSecret } from './tokens';

export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_RESEND_SECONDS = 60;
export const TOTP_PENDING_MINUTES = 10;
export const MFA_PROCESS_MINUTES = 10;
const ISSUER = 'Unified ID';

export function supportedTypes(account: AccountTable): MfaType[] {
  const types: MfaType[] = [];
  if (account.mfa_email === 1) types.push(MFA_TYPES.email);
  if (account.mfa_totp_secret) types.push(MFA_TYPES.totp);
  return types;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const head = local.slice(0, Math.min(2, local.length));
  return `${head}${'*'.repeat(Math.max(3, local.length - head.length))}@${domain}`;
}

function totpFor(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** The current code of a secret (demo banner, tests). */
export function totpNow(secret: string, timestamp: number): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export async function createTotpEnrolment(ctx: Ctx, region: RegionCode, account: AccountTable) {
  const secret = newTotpSecret();
  const expires = ctx.now() + TOTP_PENDING_MINUTES * 60_000;
  await ctx.region(region).updateTable('accounts').set({ totp_pending_secret: secret, totp_pending_expires: expires }).where('id', '=', account.id).execute();
  const otpauthUrl = totpFor(secret, account.email).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { otpauthUrl, secret, qrCode, expiresIn: TOTP_PENDING_MINUTES * 60 };
}

async function guardLock(ctx: Ctx, account: AccountTable): Promise<void> {
  if (account.mfa_locked_until !== null && account.mfa_locked_until > ctx.now()) {
    fail(E.mfaTooManyWrong, { lockedMinutes: Math.ceil((account.mfa_locked_until - ctx.now()) / 60_000) });
  }
}

async function countWrongCode(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<never> {
  const db = ctx.region(region);
  const max = ctx.options.limits.mfaMaxFailures;
  const minutes = ctx.options.limits.mfaLockMinutes;
  const now = ctx.now();
  // Count and, on the last allowed wrong code, lock — in one conditional UPDATE (SET sees the
  // row as it was), so parallel wrong codes never count past the limit on either store.
  const row = await db
    .updateTable('accounts')
    .set((eb) => ({
      mfa_failed: eb.case().when('mfa_failed', '>=', max - 1).then(eb.cast<number>(eb.val(0), 'integer')).else(eb('mfa_failed', '+', 1)).end(),
      mfa_locked_until: eb
        .case()
        .when('mfa_failed', '>=', max - 1)
        .then(eb.cast<number>(eb.val(now + minutes * 60_000), 'bigint'))
        .else(eb.ref('mfa_locked_until'))
        .end(),
    }))
    .where('id', '=', account.id)
    .where((eb) => eb.or([eb('mfa_locked_until', 'is', null), eb('mfa_locked_until', '<=', now)]))
    .returning(['mfa_failed', 'mfa_locked_until'])
    .executeTakeFirst();
  if (!row) {
    // Locked by a parallel request in the meantime.
    const fresh = await db.selectFrom('accounts').select('mfa_locked_until').where('id', '=', account.id).executeTakeFirstOrThrow();
    fail(E.mfaTooManyWrong, { lockedMinutes: Math.max(1, Math.ceil(((fresh.mfa_locked_until ?? now) - now) / 60_000)) });
  }
  if (row.mfa_locked_until !== null && row.mfa_locked_until > now) fail(E.mfaTooManyWrong, { lockedMinutes: minutes });
  fail(E.mfaCodeError, { remainAttempts: max - row.mfa_failed });
}

async function clearWrongCodes(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<void> {
  if (account.mfa_failed !== 0 || account.mfa_locked_until !== null) {
    const now = ctx.now();
    await ctx
      .region(region)
      .updateTable('accounts')
      .set({ mfa_failed: 0, mfa_locked_until: null })
      .where('id', '=', account.id)
      .where((eb) => eb.or([eb('mfa_locked_until', 'is', null), eb('mfa_locked_until', '<=', now)]))
      .execute();
  }
}

/**
 * Checks a TOTP code against the bound secret (or, for enrolment, the pending one). The
 * matched time step is recorded atomically; a code of a step already used is refused.
 */
export async function verifyTotp(ctx: Ctx, region: RegionCode, account: AccountTable, code: string, pending = false): Promise<void> {
  await guardLock(ctx, account);
  const now = ctx.now();
  let secret = account.mfa_totp_secret;
  if (pending) {
    if (!account.totp_pending_secret) fail(E.totpSecretMissing);
    if ((account.totp_pending_expires ?? 0) <= now) fail(E.totpSecretExpired);
    secret = account.totp_pending_secret;
  }
  if (!secret) fail(E.totpSecretMissing);
  if (!/^\d{6}$/.test(code)) return countWrongCode(ctx, region, account);
  const delta = OTPAuth.TOTP.validate({ token: code, secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: now, window: 1 });
  if (delta === null) return countWrongCode(ctx, region, account);
  const step = Math.floor(now / 30_000) + delta;
  const db = ctx.region(region);
  const claimed = await db
    .updateTable('accounts')
    .set({ mfa_totp_last_step: step })
    .where('id', '=', account.id)
    .where((eb) => eb.or([eb('mfa_totp_last_step', 'is', null), eb('mfa_totp_last_step', '<', step)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return countWrongCode(ctx, region, account); // replayed code
  await clearWrongCodes(ctx, region, account);
}

function codeHash(accountId: string, code: string): string {
  return sha256(`${accountId}:${code}`);
}

/**
 * What an emailed code is for: completing one sign-in attempt (its MFA process; a code mailed
 * for one attempt completes no other) or binding email as a method of the signed-in account.
 */
export type EmailCodeScope = { purpose: 'login'; processId: string } | { purpose: 'bind' };

/** The `email_codes` rows of an account for a scope. */
function inScope<QB extends WhereInterface<RegionalDb, 'email_codes'>>(qb: QB, accountId: string, scope: EmailCodeScope): QB {
  const scoped = qb.where('account_id', '=', accountId).where('purpose', '=', scope.purpose);
  return (scope.purpose === 'login' ? scoped.where('process_hash', '=', hashSecret(scope.processId)) : scoped.where('process_hash', 'is', null)) as QB;
}

export async function sendEmailCode(ctx: Ctx, region: RegionCode, account: AccountTable, scope: EmailCodeScope, language?: string) {
  const db = ctx.region(region);
  const now = ctx.now();
  // The resend wait is the account's (one mail a minute), whichever attempt asks.
  const last = await db
    .selectFrom('email_codes')
    .select('created_at')
    .where('account_id', '=', account.id)
    .where('purpose', '=', scope.purpose)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (last && last.created_at > now - EMAIL_RESEND_SECONDS * 1000) {
    fail(E.rateLimited, { retryAfterSeconds: Math.ceil((last.created_at + EMAIL_RESEND_SECONDS * 1000 - now) / 1000) });
  }
  const code = randomDigits(6);
  const id = randomId();
  await db.transaction().execute(async (trx) => {
    // Only the newest code of a scope stays valid.
    await inScope(trx.updateTable('email_codes').set({ used_at: now }), account.id, scope).where('used_at', 'is', null).execute();
    await trx
      .insertInto('email_codes')
      .values({
        id,
        account_id: account.id,
        purpose: scope.purpose,
        code_hash: codeHash(account.id, code),
        created_at: now,
        expires_at: now + EMAIL_CODE_MINUTES * 60_000,
        used_at: null,
        process_hash: scope.purpose === 'login' ? hashSecret(scope.processId) : null,
      })
      .execute();
  });
  try {
    await ctx.mailer.send({ to: account.email, kind: 'emailCode', language: languageOr(language, account.language), vars: { name: account.first_name, code } });
  } catch {
    await db.deleteFrom('email_codes').where('id', '=', id).execute();
    fail(E.unexpected, undefined, 'The verification email could not be sent.');
  }
  return { resendAfterSeconds: EMAIL_RESEND_SECONDS, expiresIn: EMAIL_CODE_MINUTES * 60 };
}

export async function verifyEmailCode(ctx: Ctx, region: RegionCode, account: AccountTable, scope: EmailCodeScope, code: string): Promise<void> {
  await guardLock(ctx, account);
  const db = ctx.region(region);
  const now = ctx.now();
  const live = await inScope(db.selectFrom('email_codes').selectAll(), account.id, scope).where('used_at', 'is', null).where('expires_at', '>', now).execute();
  if (live.length === 0) fail(E.verificationCodeInvalid);
  const hash = codeHash(account.id, code);
  const match = live.find((row) => safeEqual(row.code_hash, hash));
  if (!match) return countWrongCode(ctx, region, account);
  const used = await db
    .updateTable('email_codes')
    .set({ used_at: now })
    .where('id', '=', match.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) fail(E.verificationCodeInvalid);
  await clearWrongCodes(ctx, region, account);
}

export async function verifyMfa(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, code: string, scope: EmailCodeScope): Promise<void> {
  if (type === MFA_TYPES.totp) return verifyTotp(ctx, region, account, code, scope.purpose === 'bind');
  if (type === MFA_TYPES.email) return verifyEmailCode(ctx, region, account, scope, code);
  fail(E.invalidParameter, { field: 'mfaType' });
}

/** A sign-in's MFA process; `captchaPassed`: that sign-in solved the captcha it was asked for. */
export async function startMfaProcess(ctx: Ctx, region: RegionCode, account: AccountTable, captchaPassed = false): Promise<string> {
  const processId = await createOneTimeToken(ctx, region, account.id, 'mfa', MFA_PROCESS_MINUTES * 60);
  if (captchaPassed) {
    await ctx.region(region).updateTable('one_time_tokens').set({ captcha_passed_at: ctx.now() }).where('token_hash', '=', hashSecret(processId)).execute();
  }
  return processId;
}

/** The live MFA process row of `processId` in `region`; undefined when unknown, spent or expired. */
async function liveProcess(ctx: Ctx, processId: string | undefined, region: RegionCode) {
  const parsed = parseRegionalSecret(processId);
  if (!processId || !parsed || parsed.region !== region) return undefined;
  return ctx
    .region(region)
    .selectFrom('one_time_tokens')
    .select(['account_id', 'captcha_passed_at', 'verified_at'])
    .where('token_hash', '=', hashSecret(processId))
    .where('kind', '=', 'mfa')
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
}

/**
 * The second factor of a sign-in: a live process of this account whose code was verified
 * already (a step after it, region confirmation or a privacy notice, retried the sign-in)
 * passes; otherwise the code is checked and the process marked verified. The process is
 * spent only when the sign-in completes (`completeMfaProcess`).
 */
export async function verifyMfaProcess(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, code: string, processId: string): Promise<void> {
  await verifyProcessWith(ctx, region, account, processId, () => verifyMfa(ctx, region, account, type, code, { purpose: 'login', processId }));
}

/**
 * The second factor of a sign-in proved by a recovery code: a wrong or already used code counts
 * toward the same lock as a wrong authenticator code. True when this call spent a code (the
 * owner is told), false when the process was verified already.
 */
export async function verifyRecoveryCodeProcess(ctx: Ctx, region: RegionCode, account: AccountTable, spend: () => Promise<boolean>, processId: string): Promise<boolean> {
  return verifyProcessWith(ctx, region, account, processId, async () => {
    await guardLock(ctx, account);
    if (!(await spend())) return countWrongCode(ctx, region, account);
    await clearWrongCodes(ctx, region, account);
  });
}

async function verifyProcessWith(ctx: Ctx, region: RegionCode, account: AccountTable, processId: string, check: () => Promise<void>): Promise<boolean> {
  const row = await liveProcess(ctx, processId, region);
  if (!row || !safeEqual(row.account_id, account.id)) fail(E.mfaProcessMissing);
  if (row.verified_at !== null) return false;
  await check();
  await ctx.region(region).updateTable('one_time_tokens').set({ verified_at: ctx.now() }).where('token_hash', '=', hashSecret(processId)).execute();
  return true;
}

/** Spends the verified process of a completed sign-in; a second completion of it fails (-20681). */
export async function completeMfaProcess(ctx: Ctx, region: RegionCode, processId: string): Promise<void> {
  const res = await ctx
    .region(region)
    .updateTable('one_time_tokens')
    .set({ used_at: ctx.now() })
    .where('token_hash', '=', hashSecret(processId))
    .where('kind', '=', 'mfa')
    .where('used_at', 'is', null)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) fail(E.mfaProcessMissing);
}

/**
 * True when `processId` is a live MFA process of `accountId` whose sign-in passed the captcha:
 * its code submissions are the same sign-in and need no second one. Another account's process,
 * a used or expired one, or one started without a captcha does not count.
 */
export async function mfaProcessPassedCaptcha(ctx: Ctx, processId: string | undefined, region: RegionCode, accountId: string): Promise<boolean> {
  const row = await liveProcess(ctx, processId, region);
  return row !== undefined && row.captcha_passed_at !== null && safeEqual(row.account_id, accountId);
}

export async function readMfaProcess(ctx: Ctx, processId: string | undefined, consume: boolean) {
  return useOneTimeToken(ctx, processId, 'mfa', consume);
}

/** Security settings: turn two-factor on with a first method, proven by a code. */
export async function enableMfa(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, code: string): Promise<void> {
  if (account.mfa_enabled === 1) fail(E.mfaTypeEnabled);
  await addMethod(ctx, region, account, type, code, true);
}

export async function addMethod(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, code: string, enabling = false): Promise<void> {
  if (!enabling && account.mfa_enabled !== 1) fail(E.mfaTypeDisabled);
  if (supportedTypes(account).includes(type)) fail(E.mfaTypeEnabled);
  await verifyMfa(ctx, region, account, type, code, { purpose: 'bind' });
  const db = ctx.region(region);
  const fresh = await db.selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
  const patch =
    type === MFA_TYPES.totp
      ? { mfa_totp_secret: fresh.totp_pending_secret, totp_pending_secret: null, totp_pending_expires: null }
      : { mfa_email: 1 };
  await db
    .updateTable('accounts')
    .set({ ...patch, mfa_enabled: 1, mfa_primary: fresh.mfa_primary ?? type, updated_at: ctx.now() })
    .where('id', '=', account.id)
    .execute();
}

export async function setPrimary(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType): Promise<void> {
  if (account.mfa_enabled !== 1 || !supportedTypes(account).includes(type)) fail(E.mfaTypeDisabled);
  await ctx.region(region).updateTable('accounts').set({ mfa_primary: type, updated_at: ctx.now() }).where('id', '=', account.id).execute();
}

/** Removing the last method turns two-factor off. */
export async function deleteMethod(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType): Promise<void> {
  const types = supportedTypes(account);
  if (account.mfa_enabled !== 1 || !types.includes(type)) fail(E.mfaTypeDisabled);
  const rest = types.filter((t) => t !== type);
  const patch = type === MFA_TYPES.totp ? { mfa_totp_secret: null, mfa_totp_last_step: null } : { mfa_email: 0 };
  await ctx
    .region(region)
    .updateTable('accounts')
    .set({ ...patch, mfa_enabled: rest.length ? 1 : 0, mfa_primary: rest.length ? (account.mfa_primary === type ? rest[0]! : account.mfa_primary) : null, updated_at: ctx.now() })
    .where('id', '=', account.id)
    .execute();
}

export async function disableMfa(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<void> {
  if (account.mfa_enabled !== 1) fail(E.mfaTypeDisabled);
  await ctx
    .region(region)
    .updateTable('accounts')
    .set({ mfa_enabled: 0, mfa_email: 0, mfa_totp_secret: null, mfa_totp_last_step: null, mfa_primary: null, updated_at: ctx.now() })
    .where('id', '=', account.id)
    .execute();
}
