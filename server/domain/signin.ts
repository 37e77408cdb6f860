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
import type { LoginRequest, NotActivatedResult } from '../../core/contract/auth';
import { MFA_TYPES, type MfaType } from '../../core/contract/auth';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { AccountTable } from '../db/types';
import { ApiFailure, fail } from '../http/errors';
import { dummyPasswordHash } from './crypto';
import { activationResendWait, createOneTimeToken, findAccount, MAIL_WAIT_SECONDS, resendActivationIfDue } from './accounts';
import { clientNetwork, type HeldHit } from './limits';
import { regionOfCountry } from './countries';
import { completeMfaProcess, maskEmail, mfaProcessPassedCaptcha, readMfaProcess, sendStepCode, startMfaProcess, stepMethods, verifyMfaProcess, verifyRecoveryCodeProcess, MFA_PROCESS_MINUTES } from './mfa';
import { humanCheckFor, signInCheckRegions } from './humanCheck';
import { checkPasswordLocked } from './passwordLock';
import { refuseClosed } from './sessions';
import { checkAccountCredentialRecorded, checkAccountPasswordRecorded, recordSecurityEvent, type EventContext } from './securityEvents';
import { normalizeEmail } from './validation';
import type { ExternalProof, PasskeyProof, ServerPoints, TrustedSkip } from '../plugin-host/points';
import { emailCodeMethods, externalMethods, passkeyMethods, signInMethods, type AuthMethod, type SecondFactor } from './authMethods';

export interface SignInMeta {
  ip: string;
  clientRequiresCaptcha: boolean;
  /** The regional host's region (null or absent: the global host): where the human check's plugin must be on. */
  hostRegion?: RegionCode | null;
  /** The login session's client: a re-sent activation mail links back to its page. */
  clientId?: string | null;
  /** Where the attempt came from: its failures are recorded in the account's security activity. */
  context: EventContext;
  /** Resolves once the answer went out (enumeration protection records after it). */
  answered?: Promise<void>;
  /** The request's cookies: a trusted-device cookie of the account skips the second factor. */
  cookies?: Record<string, string>;
  /** The login session demands the second factor (reauth.ts): a trusted device does not skip it. */
  secondFactorDemanded?: boolean;
  userAgent?: string | null;
  /** What a passkey proof must be bound to: the login session's code (passkeySignIn.ts). */
  loginBinding?: string;
}

/** One sign-in attempt, counted as a failure of its client and of its email address until it proves otherwise. */
interface HeldAttempt {
  client: HeldHit;
  account: HeldHit;
}

async function holdAttempt(ctx: Ctx, meta: SignInMeta, email: string): Promise<HeldAttempt> {
  const { captchaAfterFailures, captchaAfterAccountFailures } = ctx.options.limits;
  const [client, account] = await Promise.all([ctx.loginFailures.hold(clientNetwork(meta.ip), captchaAfterFailures), ctx.accountFailures.hold(email, captchaAfterAccountFailures)]);
  return { client, account };
}

/**
 * Asks for the human check (the `humanCheck` point: the captcha plugin's, where it is on for the
 * host's region or the account's, humanCheck.ts) when the attempt is risky: one issued for this
 * address (counted against it, its token valid only here). The code submission of an MFA sign-in
 * that already solved one (its live process, of this account, says so) is the same sign-in: it is
 * not asked again. Returns whether this request spent a captcha token.
 */
async function requireCaptchaIfRisky(ctx: Ctx, meta: SignInMeta, attempt: HeldAttempt, input: LoginRequest, email: string, found: { region: RegionCode; account: AccountTable } | null): Promise<boolean> {
  const { captchaAfterFailures, captchaAfterAccountFailures } = ctx.options.limits;
  const risky = meta.clientRequiresCaptcha || attempt.client.before >= captchaAfterFailures || attempt.account.before >= captchaAfterAccountFailures;
  if (!risky) return false;
  const check = humanCheckFor(ctx, signInCheckRegions(ctx, meta.hostRegion, found?.region));
  if (!check) return false;
  if (found && input.mfaProcessId && (await mfaProcessPassedCaptcha(ctx, input.mfaProcessId, found.region, found.account.id))) return false;
  if (await check.passes(ctx, input.captchaToken, email)) return true;
  // Under enumeration protection the captcha's region does not tell where (or whether) the account lives.
  const serviceRegion = (!ctx.options.enumerationProtection && found?.region) || ctx.options.defaultRegion;
  fail(E.captchaRequired, { serviceRegion, captchaUrl: await check.url(ctx, email) });
}

/** Email has no vendor ID: local accounts whose password matches lead to migration (-6). */
async function signInLocal(ctx: Ctx, email: string, password: string, onWrongPassword: () => void): Promise<never> {
  // The account's region is not known yet: old accounts count where migration is on in some region.
  const legacy = legacyAccounts(ctx, null);
  const locals = legacy ? await legacy.find(ctx, email) : [];
  if (!legacy || locals.length === 0) {
    const verifyDummy = async () => {
      await ctx.passwords.verify(await dummyPasswordHash(ctx.passwords), password);
      return false;
    };
    if (ctx.options.enumerationProtection) {
      // Counted and locked per address like an account (the same statements, the same answers).
      await checkPasswordLocked(ctx, { db: ctx.stores.legacy, table: 'legacy_password_locks', id: email }, verifyDummy, onWrongPassword);
    }
    await verifyDummy();
    onWrongPassword();
    fail(E.wrongCredentials);
  }
  // The same lock as a vendor ID's, counted per address over all its local accounts.
  await checkPasswordLocked(
    ctx,
    { db: ctx.stores.legacy, table: 'legacy_password_locks', id: email },
    async () => {
      let matched = false;
      for (const local of locals) {
        if (await ctx.passwords.verify(local.password_hash, password)) matched = true;
      }
      return matched;
    },
    onWrongPassword,
  );
  fail(E.needMergeOrMigrate, await legacy.required(ctx, email, locals.length === 1 ? 'migrate' : 'pick', locals));
}

/**
 * The account a passkey proof stands for. Proofs are made where passkeys are on in some region; the
 * account's own region must have them on too (else 403 -19999, as its routes answer there).
 */
async function passkeyProofOf(ctx: Ctx, proof: string, loginBinding: string, email: string): Promise<PasskeyProof> {
  const passkeys = ctx.extensions.first(ctx, 'passkeys', null);
  if (!passkeys) fail(E.invalidToken, undefined, 'The passkey sign-in has expired. Please try again.');
  const found = await passkeys.proofAccount(ctx, proof, loginBinding, email);
  ctx.switches.require('passkeys', { region: found.region, appType: null });
  return found;
}

/** The contribution that knows an address's old accounts (the migration plugin's), where it is on for `region`. */
function legacyAccounts(ctx: Ctx, region: RegionCode | null): ServerPoints['legacyAccounts'] | null {
  return ctx.extensions.for(ctx, 'legacyAccounts', region)[0] ?? null;
}

/** A completed sign-in: the account and how it proved itself (RFC 8176 methods). */
export interface SignedIn {
  region: RegionCode;
  account: AccountTable;
  methods: AuthMethod[];
  /** Set when the sign-in asked to trust this browser: the Set-Cookie header to send. */
  deviceCookie?: string;
}

/** The password part: the account whose password this is, and whether a captcha was spent on the way. */
async function checkPassword(ctx: Ctx, input: LoginRequest, meta: SignInMeta, email: string, password: string): Promise<{ found: { region: RegionCode; account: AccountTable }; captchaPassed: boolean }> {
  const found = email.length <= 320 ? await findAccount(ctx, email) : null;
  // Counted and read in one statement per counter: parallel attempts on any process see each other.
  const attempt = await holdAttempt(ctx, meta, email);
  let wrongPassword = false;
  let captchaPassed = false;
  const onWrongPassword = () => {
    wrongPassword = true;
  };
  try {
    captchaPassed = await requireCaptchaIfRisky(ctx, meta, attempt, input, email, found);
    if (!found) return await signInLocal(ctx, email, password, onWrongPassword);
    await checkAccountPasswordRecorded(ctx, found.region, found.account, password, meta.context, 'sign_in_failure', onWrongPassword, meta.answered);
  } finally {
    // Only a wrong password stays counted: not a right one, a locked account or a missing captcha.
    await Promise.all(wrongPassword ? [attempt.client.confirm(), attempt.account.confirm()] : [attempt.client.release(), attempt.account.release()]);
  }
  return { found, captchaPassed };
}

/**
 * A mailed sign-in code in place of the password (the `signInCode` point, the email-code plugin):
 * counted, captcha'd, locked and recorded exactly as a password is. An address without an account
 * (or whose region has the plugin off: no code was mailed there) fails as a wrong password would.
 */
async function checkEmailCode(ctx: Ctx, input: LoginRequest, meta: SignInMeta, email: string, code: string, processId: string): Promise<{ found: { region: RegionCode; account: AccountTable }; captchaPassed: boolean }> {
  const found = email.length <= 320 ? await findAccount(ctx, email) : null;
  const attempt = await holdAttempt(ctx, meta, email);
  let wrong = false;
  let captchaPassed = false;
  const onWrong = () => {
    wrong = true;
  };
  try {
    captchaPassed = await requireCaptchaIfRisky(ctx, meta, attempt, input, email, found);
    const codes = found ? ctx.extensions.first(ctx, 'signInCode', found.region) : null;
    if (!found || !codes) {
      if (ctx.options.enumerationProtection) await checkPasswordLocked(ctx, { db: ctx.stores.legacy, table: 'legacy_password_locks', id: email }, async () => false, onWrong);
      onWrong();
      fail(E.wrongCredentials);
    }
    const check = async () => {
      try {
        return await codes.check(ctx, found.region, found.account, { processId, code, loginBinding: meta.loginBinding ?? '', cookies: meta.cookies ?? {} });
      } catch (err) {
        if (err instanceof ApiFailure && err.code === E.verificationCodeInvalid) {
          // Under enumeration protection "no live code" would tell an account from none (which can
          // only be wrong): it is a wrong code, counted as one.
          if (ctx.options.enumerationProtection) return false;
          // Otherwise it says so, but costs the asker an attempt toward the captcha all the same:
          // made-up processes are no free probe of which addresses have an account.
          onWrong();
        }
        throw err;
      }
    };
    await checkAccountCredentialRecorded(ctx, found.region, found.account, check, meta.context, 'sign_in_failure', onWrong, meta.answered, 'code');
  } finally {
    await Promise.all(wrong ? [attempt.client.confirm(), attempt.account.confirm()] : [attempt.client.release(), attempt.account.release()]);
  }
  return { found, captchaPassed };
}

/** The first factor a sign-in brings: a password, a passkey's proof, a mailed code or another provider's proof; exactly one. */
function firstFactorOf(input: LoginRequest): 'password' | 'passkey' | 'emailCode' | 'external' {
  if (input.emailCode !== undefined) {
    // A passkey may come beside a password (as the second factor); a mailed code comes alone (or beside an identity to link).
    if (input.password !== undefined || input.passkeyProof !== undefined) fail(E.invalidParameter, { field: 'emailCode' });
    if (!input.emailCodeProcessId) fail(E.invalidParameter, { field: 'emailCodeProcessId' });
    return 'emailCode';
  }
  if (input.password !== undefined) return 'password';
  if (input.passkeyProof !== undefined) return 'passkey';
  // Alone, another provider's proof is the whole first factor (an identity to link is refused below).
  if (input.externalProof !== undefined) return 'external';
  fail(E.invalidParameter, { field: 'password' });
}

/**
 * Another provider's proof of this login session (the `externalSignIn` point: the contribution
 * its prefix names), read where its plugin is on for the account's region (else 403 -19999).
 */
async function externalProofOf(ctx: Ctx, proof: string, request: { loginBinding: string; cookies: Record<string, string> }, email: string): Promise<{ point: ServerPoints['externalSignIn']; proof: ExternalProof }> {
  const prefix = proof.slice(0, proof.indexOf('.'));
  const found = prefix ? ctx.extensions.find('externalSignIn', (c) => c.proofPrefix === prefix) : null;
  if (!found) fail(E.invalidToken, undefined, 'The sign-in at your company has expired. Please try again.');
  const read = await found.value.proofAccount(ctx, proof, request, email);
  ctx.switches.require(found.plugin, { region: read.region, appType: null });
  return { point: found.value, proof: read };
}

export async function signIn(ctx: Ctx, input: LoginRequest, meta: SignInMeta): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  const factor = firstFactorOf(input);
  // A passkey proof of this login session stands in for the password, or passes MFA beside it.
  const passkey = input.passkeyProof !== undefined ? await passkeyProofOf(ctx, input.passkeyProof, meta.loginBinding ?? '', email) : null;
  // A company's provider's proof: the whole first factor when its identity is linked, else one to
  // link once the password or mailed code beside it proved the account.
  const external = input.externalProof !== undefined ? await externalProofOf(ctx, input.externalProof, { loginBinding: meta.loginBinding ?? '', cookies: meta.cookies ?? {} }, email) : null;
  if (external && (factor === 'external') === external.proof.link) fail(E.invalidParameter, { field: 'externalProof' });
  if (external && factor === 'passkey') fail(E.invalidParameter, { field: 'externalProof' });
  const { found, captchaPassed } =
    factor === 'password'
      ? await checkPassword(ctx, input, meta, email, input.password!)
      : factor === 'emailCode'
        ? await checkEmailCode(ctx, input, meta, email, input.emailCode!, input.emailCodeProcessId!)
        : factor === 'external'
          ? { found: external!.proof, captchaPassed: false }
          : { found: passkey!, captchaPassed: false };
  // A closed ID (being deleted) signs in nowhere; said only once a factor proved it, as a lock is.
  refuseClosed(found.account);
  const byEmailCode = factor === 'emailCode';
  const byProvider = factor === 'external';
  if (passkey && passkey.account.id !== found.account.id) fail(E.accountError);
  if (external && external.proof.account.id !== found.account.id) fail(E.accountError);
  // A company that signs its members in at its own provider: any other first factor (or another
  // company's provider) is refused, once it proved the account (to a guesser it would tell membership).
  for (const point of ctx.extensions.for(ctx, 'externalSignIn', found.region)) {
    const required = await point.required(ctx, found.region, found.account, external?.proof ?? null);
    if (required) fail(E.enterpriseSignInRequired, required, `${required.company} signs you in with its own sign-in.`, 403);
  }
  const { region } = found;
  let account = found.account;
  let secondFactor: SecondFactor | null = null;
  const db = ctx.region(region);

  if (account.activated_at === null) {
    const mailSent = await resendActivationIfDue(ctx, region, account, input.language, meta.clientId ?? null);
    fail(E.notActivated, { email, mailSent, resendAfterSeconds: mailSent ? MAIL_WAIT_SECONDS : activationResendWait(ctx, account) } satisfies NotActivatedResult);
  }

  if (account.privacy_version < ctx.options.privacyPolicyVersion) {
    if (input.acceptPrivacyVersion === ctx.options.privacyPolicyVersion) {
      await db.updateTable('accounts').set({ privacy_version: ctx.options.privacyPolicyVersion }).where('id', '=', account.id).execute();
    } else {
      fail(E.privacyPolicyUpdate, { version: ctx.options.privacyPolicyVersion, url: ctx.options.privacyPolicyUrl });
    }
  }

  let trustedSkip: TrustedSkip | null = null;
  let deviceCookie: string | undefined;
  // The second factor's extras, each where its plugin is on for the account's region.
  const trustedBrowser = ctx.extensions.first(ctx, 'trustedBrowser', region);
  const backupCodes = ctx.extensions.first(ctx, 'backupCodes', region);
  // A service demands a second factor (login session `secondFactor`) of an account whose only one
  // is a passkey: the step asks for the passkey alone, no code method.
  const passkeys = ctx.extensions.first(ctx, 'passkeys', region);
  // Looked up only when the answer matters (an MFA step), once.
  let passkeyLookup: Promise<boolean> | null = null;
  const hasPasskey = () => (passkeyLookup ??= passkeys ? passkeys.has(ctx, region, account.id) : Promise.resolve(false));
  const passkeyOnly = account.mfa_enabled !== 1 && !passkey && meta.secondFactorDemanded === true && (await hasPasskey());
  // The MFA step's challenge (-20677): a new MFA process, with its first code where the primary method sends one.
  const askSecondFactor = async (types: MfaType[]): Promise<never> => {
    const processId = await startMfaProcess(ctx, region, account, captchaPassed);
    const primary = (account.mfa_primary && types.includes(account.mfa_primary as MfaType) ? account.mfa_primary : types[0]) as MfaType | undefined;
    // A primary method that sends its code (email): the first code goes out with the challenge.
    if (primary !== undefined) await sendStepCode(ctx, region, account, primary, processId, input.language);
    // "Don't ask again" would not hold where the second factor is demanded: not offered there.
    const trustDeviceDays = meta.secondFactorDemanded ? undefined : trustedBrowser?.offeredDays(ctx);
    fail(E.mfaRequired, {
      supportedMFATypes: types,
      // Absent only in the passkey-alone step, which has no code method.
      ...(primary !== undefined ? { primaryMFAType: primary } : {}),
      MFAEmail: maskEmail(account.email),
      MFAProcessId: processId,
      ...(account.identity_provider === 'partnerProgram' ? { type: 'partnerProgram' } : {}),
      ...((await hasPasskey()) ? { passkey: true } : {}),
      expiresIn: MFA_PROCESS_MINUTES * 60,
      // The count, not just "has codes": the recovery step says how many remain after the one typed.
      // Not in the passkey-alone step: it accepts the passkey only (its ID token says hwk, nothing else).
      ...(backupCodes && !passkeyOnly ? { recoveryCodes: await backupCodes.remaining(ctx, region, account.id) } : {}),
      ...(trustDeviceDays ? { trustDeviceDays } : {}),
    });
  };
  // After a mailed sign-in code, a mailed second code would prove the same mailbox again: the step
  // asks for another method, and is skipped when the mailbox is the account's only one.
  const stepTypes = () => stepMethods(ctx, region, account).filter((t) => !byEmailCode || t !== MFA_TYPES.email);
  const mailboxOnly = byEmailCode && account.mfa_enabled === 1 && !passkeyOnly && stepTypes().length === 0 && stepMethods(ctx, region, account).length > 0;
  // The company's provider passed its own second factor and the company takes it for the portal's.
  const providerMfa = byProvider && external!.proof.providerMfa;
  if ((account.mfa_enabled === 1 || passkeyOnly) && !passkey && !mailboxOnly && !providerMfa) {
    // The code methods on for the account's region (the secondFactorMethods point). Where all it has
    // set up are off there, the sign-in is refused (403 -19999): never the password alone.
    const types = passkeyOnly ? [] : stepTypes();
    const byRecovery = input.recoveryCode !== undefined;
    const answering = Boolean(input.mfaProcessId) && (byRecovery || (input.code !== undefined && input.mfaType !== undefined));
    // A copied cookie shows itself here (issue 26): its device is revoked and the step is asked.
    trustedSkip = !answering && !meta.secondFactorDemanded && trustedBrowser !== null ? await trustedBrowser.skips(ctx, region, account.id, { cookies: meta.cookies ?? {}, userAgent: meta.userAgent ?? null, context: meta.context }) : null;
    if (!answering && !trustedSkip) await askSecondFactor(types);
    if (answering) {
      const processId = input.mfaProcessId!;
      const process = await readMfaProcess(ctx, processId, false);
      if (!process || process.account.id !== account.id) fail(E.mfaProcessMissing);
      // A wrong code (or recovery code) is a failed sign-in in the account's activity.
      const recordWrong = async (err: unknown) => {
        if (err instanceof ApiFailure && (err.code === E.mfaCodeError || err.code === E.mfaTooManyWrong)) {
          await recordSecurityEvent(ctx, { region, id: account.id }, 'sign_in_failure', meta.context, { reason: 'code' });
        }
        throw err;
      };
      if (byRecovery) {
        // Where no plugin offers recovery codes for this region, a code is no way in; nor in a step that asks for the passkey alone.
        if (!backupCodes || passkeyOnly) fail(E.mfaTypeDisabled);
        const spend = () => backupCodes.spend(ctx, region, process.account.id, input.recoveryCode!);
        const used = await verifyRecoveryCodeProcess(ctx, region, process.account, spend, processId).catch(recordWrong);
        if (used) {
          await backupCodes.used(ctx, region, process.account, input.language);
          const remaining = await backupCodes.remaining(ctx, region, account.id);
          await recordSecurityEvent(ctx, { region, id: account.id }, 'recovery_code_used', meta.context, { count: remaining });
        }
        secondFactor = 'recovery';
      } else {
        if (!types.includes(input.mfaType!)) fail(E.mfaTypeDisabled);
        await verifyMfaProcess(ctx, region, process.account, input.mfaType!, input.code!, processId).catch(recordWrong);
        secondFactor = input.mfaType!;
      }
      account = await db.selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
    }
  }

  const legacy = legacyAccounts(ctx, region);
  const locals = legacy ? await legacy.find(ctx, email) : [];
  if (legacy && locals.length > 0) fail(E.needMergeOrMigrate, await legacy.required(ctx, email, 'merge', locals, { region, account }));

  if (account.region_confirmed !== 1) {
    fail(E.regionRequired, {
      email,
      firstName: email.split('@')[0],
      regionCode: regionOfCountry(account.country) ?? region,
      processId: await createOneTimeToken(ctx, region, account.id, 'region', 600),
    });
  }
  // Only a sign-in that completes spends the trusted browser's cookie value for a new one (a refusal
  // above keeps it as it was); the device stopped vouching meanwhile: the step after all.
  if (trustedSkip) deviceCookie = (await trustedSkip.complete()) ?? (await askSecondFactor(stepTypes()));
  // The sign-in completes: its MFA process is spent (once, however many retries race here).
  if (account.mfa_enabled === 1 && input.mfaProcessId && !trustedSkip && !passkey) await completeMfaProcess(ctx, region, input.mfaProcessId);
  if (passkey) await passkeys!.complete(ctx, passkey, input.mfaProcessId);
  // The mailed code is spent only now: the MFA step's answer brings it again with its own code.
  if (byEmailCode) await ctx.extensions.first(ctx, 'signInCode', region)!.complete(ctx, region, account, input.emailCodeProcessId!);
  // Linked now (an identity to link) and spent, only once the rest passed.
  if (external) await external.point.complete(ctx, external.proof);
  // Trusted only after a second factor really passed here, and only when the deployment offers it.
  if (secondFactor !== null && input.trustDevice === true && !meta.secondFactorDemanded && trustedBrowser?.offeredDays(ctx)) {
    deviceCookie = await trustedBrowser.remember(ctx, region, account.id, { ip: meta.ip, userAgent: meta.userAgent ?? null });
    await recordSecurityEvent(ctx, { region, id: account.id }, 'trusted_device_added', meta.context);
  }
  const methods = passkey ? passkeyMethods(input.password !== undefined) : byProvider ? externalMethods(providerMfa, secondFactor) : byEmailCode ? emailCodeMethods(secondFactor) : signInMethods(secondFactor);
  return { region, account, methods, ...(deviceCookie ? { deviceCookie } : {}) };
}
