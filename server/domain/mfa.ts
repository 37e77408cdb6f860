/**
 * Two-step verification's process, shared by every method: the MFA step of a sign-in (its
 * process, 10 minutes, spent once when the sign-in completes), the wrong-code lock (wrong codes
 * counted atomically; too many lock two-step verification for 10 minutes, -20684) and the
 * account's settings (on, off, primary method). The code methods themselves (authenticator app,
 * mailed codes) are contributions to the `secondFactorMethods` point (the mfa plugin's server
 * half), used only where their plugin is on for the account's region.
 */
import type { MfaType } from '../../core/contract/auth';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import type { TotpUrlResult } from '../../core/contract/security';
import type { Ctx } from '../context';
import type { AccountTable } from '../db/types';
import { fail } from '../http/errors';
import { safeEqual } from './crypto';
import { createOneTimeToken, forgetTrustedBrowsers, useOneTimeToken } from './accounts';
import { hashSecret, parseRegionalSecret } from './tokens';
import { switchedOff, type MethodColumns, type SecondFactorScope, type ServerPoints } from '../plugin-host/points';

export const MFA_PROCESS_MINUTES = 10;

type Method = ServerPoints['secondFactorMethods'];

/** The code methods on for an account of `region`, in the order of contribution. */
function methodsOn(ctx: Ctx, region: RegionCode): Method[] {
  return ctx.extensions.for(ctx, 'secondFactorMethods', region);
}

/** Where a method `pick` chooses exists but its plugin is off for `region`: refused as switched off (403 -19999). */
function refuseIfSwitchedOff(ctx: Ctx, region: RegionCode, pick: (method: Method) => boolean): void {
  const off = ctx.extensions.find('secondFactorMethods', pick);
  if (off) switchedOff(off.plugin, region);
}

/** The methods an account of `region` may set up: those on there (`offeredMFATypes`). */
export function offeredTypes(ctx: Ctx, region: RegionCode): MfaType[] {
  return methodsOn(ctx, region).map((m) => m.type);
}

/** The methods the account has set up, of those on for its region (`supportedMFATypes`). */
export function supportedTypes(ctx: Ctx, region: RegionCode, account: AccountTable): MfaType[] {
  return methodsOn(ctx, region).filter((m) => m.bound(account)).map((m) => m.type);
}

/**
 * The methods an account with two-step verification can pass its step with. Where every method it
 * has set up is off for its region, its sign-in is refused as switched off (403 -19999), never
 * passed on its password alone.
 */
export function stepMethods(ctx: Ctx, region: RegionCode, account: AccountTable): MfaType[] {
  const types = supportedTypes(ctx, region, account);
  if (types.length === 0) refuseIfSwitchedOff(ctx, region, (m) => m.bound(account));
  return types;
}

/** The method of `type` on for `region`: refused as switched off (403 -19999) where its plugin is off, as unknown where none offers it. */
function methodOf(ctx: Ctx, region: RegionCode, type: MfaType): Method {
  const on = methodsOn(ctx, region).find((m) => m.type === type);
  if (on) return on;
  refuseIfSwitchedOff(ctx, region, (m) => m.type === type);
  fail(E.invalidParameter, { field: 'mfaType' });
}

/** The primary method's code goes out with the step (a mailed code); nothing for a method that sends none. A failed send does not stop the step. */
export async function sendStepCode(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, processId: string, language?: string): Promise<void> {
  const method = methodsOn(ctx, region).find((m) => m.type === type);
  if (method?.send) await method.send(ctx, region, account, { purpose: 'login', processId }, language).catch(() => undefined);
}

/**
 * A code of the method `type` sent on request (`POST /email/code`): for a sign-in's step (the account
 * must have the method: else -20683) or to set it up (it must not: else -20682). Refused (403 -19999)
 * where the method's plugin is off for the account's region.
 */
export async function sendMethodCode(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, scope: SecondFactorScope, language?: string): Promise<{ resendAfterSeconds: number; expiresIn: number }> {
  const method = methodOf(ctx, region, type);
  if (scope.purpose === 'login' && !method.bound(account)) fail(E.mfaTypeDisabled);
  if (scope.purpose === 'bind' && method.bound(account)) fail(E.mfaTypeEnabled);
  if (!method.send) fail(E.invalidParameter, { field: 'mfaType' });
  return method.send(ctx, region, account, scope, language);
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const head = local.slice(0, Math.min(2, local.length));
  return `${head}${'*'.repeat(Math.max(3, local.length - head.length))}@${domain}`;
}

/** Security settings: a method set up from a secret shown once (the authenticator app); -20682 when the account has it already. */
export async function enrolMethod(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType): Promise<TotpUrlResult> {
  const method = methodOf(ctx, region, type);
  if (!method.enrol) fail(E.invalidParameter, { field: 'mfaType' });
  if (method.bound(account)) fail(E.mfaTypeEnabled);
  return method.enrol(ctx, region, account);
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
 * One code checked under the wrong-code lock: refused while locked (-20684); a wrong one counts
 * (-20607 with the attempts left, or the lock on the last); a right one clears the count.
 */
async function checkUnderLock(ctx: Ctx, region: RegionCode, account: AccountTable, check: () => Promise<boolean>): Promise<void> {
  await guardLock(ctx, account);
  if (!(await check())) return countWrongCode(ctx, region, account);
  await clearWrongCodes(ctx, region, account);
}

/** A method's code for the scope, checked under the lock. */
async function verifyMfa(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, code: string, scope: SecondFactorScope): Promise<void> {
  const method = methodOf(ctx, region, type);
  await checkUnderLock(ctx, region, account, () => method.check(ctx, region, account, code, scope));
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
  return verifyProcessWith(ctx, region, account, processId, () => checkUnderLock(ctx, region, account, spend));
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
/**
 * Recovery codes and trusted browsers belong to the enrolment they came from: when two-step
 * verification is turned off, a method removed, or a new enrolment starts, they end (whatever the
 * switches say, as forgetting does). Resolves how many unused codes and live browsers ended: the
 * caller records it and tells the owner.
 */
async function endEnrolmentExtras(ctx: Ctx, region: RegionCode, accountId: string): Promise<number> {
  let ended = 0;
  for (const codes of ctx.extensions.all('backupCodes')) ended += await codes.discard(ctx, region, accountId);
  return ended + (await forgetTrustedBrowsers(ctx, region, accountId));
}

/** A new enrolment: starts clean. Resolves how many leftovers of an earlier one ended (see endEnrolmentExtras). */
export async function enableMfa(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, code: string): Promise<number> {
  if (account.mfa_enabled === 1) fail(E.mfaTypeEnabled);
  await addMethod(ctx, region, account, type, code, true);
  return endEnrolmentExtras(ctx, region, account.id);
}

export async function addMethod(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType, code: string, enabling = false): Promise<void> {
  if (!enabling && account.mfa_enabled !== 1) fail(E.mfaTypeDisabled);
  if (supportedTypes(ctx, region, account).includes(type)) fail(E.mfaTypeEnabled);
  const method = methodOf(ctx, region, type);
  await verifyMfa(ctx, region, account, type, code, { purpose: 'bind' });
  const db = ctx.region(region);
  const fresh = await db.selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
  await db
    .updateTable('accounts')
    .set({ ...method.bind(fresh), mfa_enabled: 1, mfa_primary: fresh.mfa_primary ?? type, updated_at: ctx.now() })
    .where('id', '=', account.id)
    .execute();
}

export async function setPrimary(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType): Promise<void> {
  methodOf(ctx, region, type); // a method switched off for the region: 403 -19999
  if (account.mfa_enabled !== 1 || !supportedTypes(ctx, region, account).includes(type)) fail(E.mfaTypeDisabled);
  await ctx.region(region).updateTable('accounts').set({ mfa_primary: type, updated_at: ctx.now() }).where('id', '=', account.id).execute();
}

/** Removing the last method turns two-factor off. Resolves how many recovery codes and trusted browsers ended with it. */
export async function deleteMethod(ctx: Ctx, region: RegionCode, account: AccountTable, type: MfaType): Promise<number> {
  methodOf(ctx, region, type); // a method switched off for the region: 403 -19999
  const types = supportedTypes(ctx, region, account);
  if (account.mfa_enabled !== 1 || !types.includes(type)) fail(E.mfaTypeDisabled);
  const rest = types.filter((t) => t !== type);
  await ctx
    .region(region)
    .updateTable('accounts')
    .set({ ...methodOf(ctx, region, type).unbind(), mfa_enabled: rest.length ? 1 : 0, mfa_primary: rest.length ? (account.mfa_primary === type ? rest[0]! : account.mfa_primary) : null, updated_at: ctx.now() })
    .where('id', '=', account.id)
    .execute();  return endEnrolmentExtras(ctx, region, account.id);
}

/**
 * Two-step verification off: every method's columns cleared, whatever the switches say now (a method
 * switched back on later is not set up). Refused (403 -19999) where no method is on for the region:
 * there the account cannot sign in on its password alone, and a session from before the switch must
 * not turn that into a password-only account (an attack review found this downgrade).
 */
export async function disableMfa(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<number> {
  if (methodsOn(ctx, region).length === 0) refuseIfSwitchedOff(ctx, region, () => true);
  if (account.mfa_enabled !== 1) fail(E.mfaTypeDisabled);
  const unbound = ctx.extensions.all('secondFactorMethods').reduce<MethodColumns>((columns, m) => ({ ...columns, ...m.unbind() }), {});
  await ctx
    .region(region)
    .updateTable('accounts')
    .set({ ...unbound, mfa_enabled: 0, mfa_primary: null, updated_at: ctx.now() })
    .where('id', '=', account.id)
    .execute();  return endEnrolmentExtras(ctx, region, account.id);
}
