/**
 * Accounts: lookup through the global directory, registration, activation, password reset and
 * change, profile, region confirmation, conflict info. A user's rows live only in its region.
 */
import type { UserProfile, ActivationPasswordProblem, ConflictInfoResult, MailLinkProblem, MailLinkResult, RegisterRequest, ResetLinkInfo, RegisterResult, UpdateInfoRequest } from '../../core/contract/account';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { NotActivatedResult } from '../../core/contract/auth';
import type { RegionCode } from '../../core/contract/regions';
import { DEFAULT_SESSION_TIMEOUT } from '../../core/contract/security';
import { LANGUAGE_CODES } from '../../core/i18n/languages';
import type { Ctx } from '../context';
import type { AccountTable } from '../db/types';
import { ApiFailure, fail } from '../http/errors';
import { randomId } from './crypto';
import { resolveRegionChoice, isCountryCode } from './countries';
import { hashSecret, parseRegionalSecret, regionalSecret } from './tokens';
import { checkEmail, checkName, checkNewPassword, checkPhone, normalizeEmail } from './validation';
import { clientServiceUrl, inspectMailLink, mailLink } from './mailLinks';
import { sendOwnerNotice } from './ownerNotices';
import { activateWithLink, replacePendingRegistration, type PendingRegistration } from './pendingAccounts';
import { revokeSessions } from './sessions';
import { recordPasswordReset, recordSecurityEvent, type EventContext } from './securityEvents';

export const ACTIVATION_HOURS = 24;
export const RESET_MINUTES = 30;
export const MAIL_WAIT_SECONDS = 60;

export function languageOr(value: string | undefined | null, fallback = 'en_US'): string {
  return value && (LANGUAGE_CODES as readonly string[]).includes(value) ? value : fallback;
}

export async function findAccount(ctx: Ctx, email: string): Promise<{ region: RegionCode; account: AccountTable } | null> {
  const entry = await ctx.stores.global.selectFrom('directory').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (!entry) return null;
  const account = await ctx.region(entry.region).selectFrom('accounts').selectAll().where('id', '=', entry.account_id).executeTakeFirst();
  return account ? { region: entry.region, account } : null;
}

export async function getAccount(ctx: Ctx, region: RegionCode, id: string): Promise<AccountTable> {
  const account = await ctx.region(region).selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!account) fail(E.accountNotExist);
  return account;
}

export function fileUrl(ctx: Ctx, region: RegionCode, fileId: string): string {
  return `${ctx.options.publicOrigin}/api/files/${region.toLowerCase()}/${fileId}`;
}

export function toProfile(ctx: Ctx, region: RegionCode, a: AccountTable): UserProfile {
  return {
    accountId: a.id,
    id: a.id,
    avatar: a.avatar_file_id ? fileUrl(ctx, region, a.avatar_file_id) : null,
    email: a.email,
    phone: a.phone,
    identityProvider: a.identity_provider,
    uuidProvider: a.uuid_provider,
    firstName: a.first_name,
    lastName: a.last_name,
    region,
    language: a.language,
    country: a.country,
    nickname: a.nickname,
    jobTitle: a.job_title,
    timezone: a.timezone,
    subscription: a.subscription === 1,
    regionConfirmed: a.region_confirmed === 1,
    mfaEnabled: a.mfa_enabled === 1,
    createdAt: a.created_at,
  };
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  country?: string | null;
  language: string;
  identityProvider?: string;
  uuidProvider?: string;
  regionConfirmed?: boolean;
  activated: boolean;
  subscription?: boolean;
  productLine?: string | null;
  topicSubscription?: string | null;
  privacyVersion: number;
  mfaEmail?: boolean;
  /** false: the ID was made at another provider with a random password no one knows (its person sets one by "forgot password"). */
  passwordSet?: boolean;
}

export function accountRow(ctx: Ctx, input: NewAccount, id = randomId()): AccountTable {
  const now = ctx.now();
  return {
    id,
    email: input.email,
    password_hash: input.passwordHash,
    password_set: input.passwordSet === false ? 0 : 1,
    first_name: input.firstName,
    last_name: input.lastName,
    phone: input.phone ?? null,
    nickname: null,
    job_title: null,
    country: input.country ?? null,
    timezone: null,
    language: input.language,
    avatar_file_id: null,
    identity_provider: input.identityProvider ?? 'vendorId',
    uuid_provider: input.uuidProvider ?? id,
    region_confirmed: input.regionConfirmed === false ? 0 : 1,
    activated_at: input.activated ? now : null,
    subscription: input.subscription ? 1 : 0,
    product_line: input.productLine ?? null,
    topic_subscription: input.topicSubscription ?? null,
    privacy_version: input.privacyVersion,
    failed_attempts: 0,
    locked_until: null,
    lock_count: 0,
    session_timeout: DEFAULT_SESSION_TIMEOUT,
    mfa_enabled: input.mfaEmail ? 1 : 0,
    mfa_email: input.mfaEmail ? 1 : 0,
    mfa_totp_secret: null,
    mfa_totp_last_step: null,
    mfa_primary: input.mfaEmail ? 2 : null,
    totp_pending_secret: null,
    totp_pending_expires: null,
    mfa_failed: 0,
    mfa_locked_until: null,
    activation_sent_at: null,
    registration_contested: 0,
    reset_sent_at: null,
    closed_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Creates an account in its region and its directory entry. The directory row (unique email)
 * is written first so two racing registrations cannot both win; if the regional write or the
 * follow-up step fails, the directory row is removed again.
 */
export async function createAccount(
  ctx: Ctx,
  region: RegionCode,
  row: AccountTable,
  followUp?: (account: AccountTable) => Promise<void>,
): Promise<AccountTable> {
  try {
    await ctx.stores.global.insertInto('directory').values({ email: row.email, region, account_id: row.id, created_at: ctx.now() }).execute();
  } catch {
    fail(E.userExists);
  }
  try {
    await ctx.region(region).insertInto('accounts').values(row).execute();
    if (followUp) await followUp(row);
    return row;
  } catch (err) {
    await ctx.region(region).deleteFrom('one_time_tokens').where('account_id', '=', row.id).execute().catch(() => undefined);
    await ctx.region(region).deleteFrom('accounts').where('id', '=', row.id).execute().catch(() => undefined);
    await ctx.stores.global.deleteFrom('directory').where('email', '=', row.email).where('account_id', '=', row.id).execute().catch(() => undefined);
    if (err instanceof ApiFailure) throw err;
    fail(E.registerFailed);
  }
}

export async function createOneTimeToken(
  ctx: Ctx,
  region: RegionCode,
  accountId: string,
  kind: string,
  seconds: number,
  clientId: string | null = null,
  sessionId: string | null = null,
): Promise<string> {
  const token = regionalSecret(region);
  const now = ctx.now();
  await ctx
    .region(region)
    .insertInto('one_time_tokens')
    .values({ token_hash: hashSecret(token), account_id: accountId, kind, created_at: now, expires_at: now + seconds * 1000, used_at: null, client_id: clientId, session_id: sessionId })
    .execute();
  return token;
}

/**
 * Finds a one-time token of a kind. With `consume`, marks it used atomically (a second use
 * fails). Returns null when unknown, used or expired.
 */
export async function useOneTimeToken(
  ctx: Ctx,
  token: string | undefined | null,
  kind: string,
  consume: boolean,
): Promise<{ region: RegionCode; account: AccountTable } | null> {
  const parsed = parseRegionalSecret(token);
  if (!token || !parsed) return null;
  const db = ctx.region(parsed.region);
  const now = ctx.now();
  const row = await db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', hashSecret(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= now) return null;
  if (consume) {
    const res = await db.updateTable('one_time_tokens').set({ used_at: now }).where('token_hash', '=', row.token_hash).where('used_at', 'is', null).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;
  }
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', row.account_id).executeTakeFirst();
  return account ? { region: parsed.region, account } : null;
}

export async function sendActivationMail(ctx: Ctx, region: RegionCode, account: AccountTable, language?: string, clientId: string | null = null): Promise<void> {
  const token = await createOneTimeToken(ctx, region, account.id, 'activation', ACTIVATION_HOURS * 3600, clientId);
  const mailLanguage = languageOr(language, account.language);
  await ctx.mailer.send({
    to: account.email,
    kind: 'activation',
    language: mailLanguage,
    vars: { name: account.first_name, link: mailLink(ctx, 'activation', token, mailLanguage, clientId) },
  });
  await ctx.region(region).updateTable('accounts').set({ activation_sent_at: ctx.now() }).where('id', '=', account.id).execute();
}

/** Sends the activation mail unless one went out in the last 60 s; returns whether it sent. */
export async function resendActivationIfDue(ctx: Ctx, region: RegionCode, account: AccountTable, language?: string, clientId: string | null = null): Promise<boolean> {
  const now = ctx.now();
  // Claim the slot atomically so parallel calls send one mail.
  const claimed = await ctx
    .region(region)
    .updateTable('accounts')
    .set({ activation_sent_at: now })
    .where('id', '=', account.id)
    .where((eb) => eb.or([eb('activation_sent_at', 'is', null), eb('activation_sent_at', '<=', now - MAIL_WAIT_SECONDS * 1000)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  try {
    await sendActivationMail(ctx, region, account, language, clientId);
    return true;
  } catch {
    await ctx.region(region).updateTable('accounts').set({ activation_sent_at: account.activation_sent_at }).where('id', '=', account.id).execute();
    return false;
  }
}

/** Seconds until Resend may mail the account again (at least 1 while the wait runs, 0 once it has). */
export function activationResendWait(ctx: Ctx, account: Pick<AccountTable, 'activation_sent_at'>): number {
  if (account.activation_sent_at === null) return 0;
  return Math.max(0, Math.ceil((account.activation_sent_at + MAIL_WAIT_SECONDS * 1000 - ctx.now()) / 1000));
}

/**
 * Registering a pending address again: a changed registration (another password or other
 * details) replaces the pending one, which ends every earlier link, so its own link goes out at
 * once, wait or not (the register limits and captcha bound how often). The same registration
 * again (a lost mail, a second click) changes nothing: its link still works, and a new mail goes
 * out only after the 60 s wait. Before, a change inside the wait killed the mailed link and sent
 * none, while the page said a mail was sent (issue 27).
 */
async function registerPendingAgain(
  ctx: Ctx,
  found: { region: RegionCode; account: AccountTable },
  pending: PendingRegistration,
  password: string,
  language: string,
  clientId: string | null,
): Promise<NotActivatedResult | null> {
  const { region, account } = found;
  const samePassword = await ctx.passwords.verify(account.password_hash, password);
  if (samePassword && !registrationChanged(region, account, pending)) {
    const mailSent = await resendActivationIfDue(ctx, region, account, language, clientId);
    return { email: account.email, mailSent, resendAfterSeconds: mailSent ? MAIL_WAIT_SECONDS : activationResendWait(ctx, account) };
  }
  const replaced = await replacePendingRegistration(ctx, region, account, !samePassword, pending);
  if (!replaced) return null;
  let mailSent = true;
  try {
    await sendActivationMail(ctx, region, replaced, language, clientId);
  } catch {
    mailSent = false;
  }
  return { email: account.email, mailSent, resendAfterSeconds: mailSent ? MAIL_WAIT_SECONDS : 0 };
}

/** Whether a registration differs from the pending one in what the account keeps (its language aside: only the mail's). */
function registrationChanged(region: RegionCode, account: AccountTable, next: PendingRegistration): boolean {
  const same = <T>(a: T | null | undefined, b: T | null | undefined) => (a ?? null) === (b ?? null);
  return (
    next.region !== region ||
    !same(account.first_name, next.first_name) ||
    !same(account.last_name, next.last_name) ||
    !same(account.phone, next.phone) ||
    !same(account.country, next.country) ||
    !same(account.subscription, next.subscription) ||
    !same(account.product_line, next.product_line) ||
    !same(account.topic_subscription, next.topic_subscription)
  );
}

export interface ClientMeta {
  ip: string;
  terminal: string | null;
}

export async function register(
  ctx: Ctx,
  input: RegisterRequest,
  hooks: {
    /** Called with the normalized email once the request is valid; refuses with -23029 when a captcha is due. */
    checkCaptcha: (region: RegionCode, email: string) => Promise<void>;
    invitation: (code: string, email: string, region: RegionCode) => Promise<{ orgRegion: RegionCode }>;
    afterCreate?: (account: AccountTable, region: RegionCode) => Promise<void>;
    /** The connected service whose login page the registration came from (for the mailed link). */
    clientId?: string | null;
    /** Resolves once the answer has gone out: under enumeration protection the look-up and what follows wait for it. */
    sent: Promise<void>;
  },
): Promise<RegisterResult> {
  const email = checkEmail(input.email, ctx.options.reservedEmailSuffixes);
  const choice = resolveRegionChoice(input.regionCode);
  if (!choice) fail(E.regionCodeInvalid);
  checkNewPassword(input.password, choice.country);
  const firstName = checkName(input.firstName, 'firstName')!;
  const lastName = checkName(input.lastName, 'lastName')!;
  const phone = checkPhone(input.phone, 'register');
  if (input.productLine !== undefined && !/^[A-Za-z0-9 _,.-]{0,200}$/.test(input.productLine)) fail(E.invalidProductLine);
  if (input.topicSubscription !== undefined && !/^[A-Za-z0-9 _,.-]{0,500}$/.test(input.topicSubscription)) fail(E.invalidParameter, { field: 'topicSubscription' });
  const language = languageOr(input.language);

  await hooks.checkCaptcha(choice.region, email);
  const clientId = hooks.clientId ?? null;
  const details: Omit<PendingRegistration, 'password_hash'> = {
    region: choice.region,
    first_name: firstName,
    last_name: lastName,
    phone,
    country: choice.country,
    language,
    subscription: input.subscription ? 1 : 0,
    product_line: input.productLine ?? null,
    topic_subscription: input.topicSubscription ?? null,
    privacy_version: ctx.options.privacyPolicyVersion,
  };
  const newAccount = (passwordHash: string, activated: boolean) =>
    accountRow(ctx, {
      email,
      passwordHash,
      firstName,
      lastName,
      phone,
      country: choice.country,
      language,
      activated,
      subscription: input.subscription ?? false,
      productLine: input.productLine ?? null,
      topicSubscription: input.topicSubscription ?? null,
      privacyVersion: ctx.options.privacyPolicyVersion,
    });

  if (ctx.options.enumerationProtection && !input.inviteCode) {
    // The same work for every address (the hash), then the answer of a new registration; what
    // depends on whether the address has an account happens after the answer.
    const passwordHash = await ctx.passwords.hash(input.password);
    ctx.afterAnswer.run('registration', hooks.sent, () => registerOrNotice(ctx, newAccount(passwordHash, false), { ...details, password_hash: passwordHash }, input.password, clientId));
    return { email, region: choice.region, activated: false };
  }

  let invited = false;
  // Under enumeration protection only someone invited at this very address gets past here to the look-up.
  const checkInvitation = async (code: string) => {
    const invite = await hooks.invitation(code, email, choice.region);
    if (invite.orgRegion !== choice.region) fail(E.inviteOtherRegion);
    invited = true;
  };
  if (ctx.options.enumerationProtection && input.inviteCode) await checkInvitation(input.inviteCode);
  const existing = await findAccount(ctx, email);
  if (existing) {
    if (existing.account.activated_at !== null) fail(E.userExists);
    // Still "not activated" (spec), but this registration's password is the one the newest
    // link activates: earlier links (perhaps someone else's registration) stop working.
    // The same password again (a lost mail, a second click) is no contest; another one is.
    const again = await registerPendingAgain(ctx, existing, { ...details, password_hash: await ctx.passwords.hash(input.password) }, input.password, language, clientId);
    if (!again) fail(E.userExists);
    fail(E.notActivated, { ...again, email } satisfies NotActivatedResult);
  }
  if (input.inviteCode && !invited) await checkInvitation(input.inviteCode);

  const row = newAccount(await ctx.passwords.hash(input.password), invited);
  await createAccount(ctx, choice.region, row, async (account) => {
    if (!invited) await sendActivationMail(ctx, choice.region, account, language, clientId);
    await hooks.afterCreate?.(account, choice.region);
  });
  return { email, region: choice.region, activated: invited };
}

/**
 * A contested registration (replaced while pending) activates only with its newest password:
 * -10020 `{ field: 'password' }` asks for it, -20601 refuses another. A replacement racing this
 * check expires the link itself, so the password checked is the one the link activates.
 */
async function requireNewestPassword(ctx: Ctx, account: AccountTable, password: string | undefined): Promise<void> {
  if (!password) fail(E.invalidParameter, { field: 'password', reason: 'contested' } satisfies ActivationPasswordProblem, 'Enter the password of this registration.');
  if (!(await ctx.passwords.verify(account.password_hash, password))) fail(E.wrongCredentials, { field: 'password', reason: 'contested' } satisfies ActivationPasswordProblem);
}

/**
 * Enumeration protection, after the answer: a new address gets its account and activation
 * mail; a pending one is replaced as in the spec (the newest link activates this password);
 * an active account stays untouched and its owner is told by mail.
 */
async function registerOrNotice(ctx: Ctx, row: AccountTable, pending: PendingRegistration, password: string, clientId: string | null): Promise<void> {
  const existing = await findAccount(ctx, row.email);
  if (!existing) {
    try {
      await createAccount(ctx, pending.region, row, (account) => sendActivationMail(ctx, pending.region, account, row.language, clientId));
      return;
    } catch (err) {
      // Registered by a parallel request meanwhile: that account's owner is told below.
      if (!(err instanceof ApiFailure && err.code === E.userExists)) throw err;
    }
  }
  const current = existing ?? (await findAccount(ctx, row.email));
  if (!current) return;
  if (current.account.activated_at === null && (await registerPendingAgain(ctx, current, pending, password, row.language, clientId))) return;
  const owner = await getAccount(ctx, current.region, current.account.id);
  await sendOwnerNotice(ctx, 'alreadyRegistered', owner.email, languageOr(owner.language), owner.first_name);
}

/**
 * Opens an activation link (POST /activations/verify): activates once. A link whose account is
 * already active (used, or a newer link was used) answers -20623 with the address; an expired
 * or unknown one -20679 with `reason`.
 */
export async function activate(ctx: Ctx, token: string, password?: string): Promise<MailLinkResult> {
  const link = await inspectMailLink(ctx, token, 'activation');
  if (link.state === 'invalid') fail(E.tokenExpired, { reason: 'invalid' } satisfies MailLinkProblem, undefined, 400);
  const done = { email: link.account.email, serviceUrl: await clientServiceUrl(ctx, link.clientId) };
  if (link.account.activated_at !== null) fail(E.alreadyActivated, done);
  if (link.state !== 'valid') fail(E.tokenExpired, { reason: link.state } satisfies MailLinkProblem, undefined, 400);
  if (link.account.registration_contested) await requireNewestPassword(ctx, link.account, password);
  if (await activateWithLink(ctx, link.region, link.account.id, token)) return done;
  // Lost a race: activated by another link, or this one used or replaced meanwhile.
  const now = await inspectMailLink(ctx, token, 'activation');
  if (now.state !== 'invalid' && now.account.activated_at !== null) fail(E.alreadyActivated, done);
  fail(E.tokenExpired, { reason: now.state === 'valid' ? 'used' : now.state } satisfies MailLinkProblem, undefined, 400);
}

/** `sent` resolves once the answer has gone out: under enumeration protection the look-up and the mail wait for it. */
export async function requestActivationMail(ctx: Ctx, emailInput: string, language: string | undefined, clientId: string | null, sent: Promise<void>): Promise<void> {
  const email = checkEmail(emailInput);
  if (ctx.options.enumerationProtection) {
    // Success for every address (-20600 and -20623 would tell); only a pending account gets a mail, at most one a minute.
    ctx.afterAnswer.run('activation mail request', sent, async () => {
      const found = await findAccount(ctx, email);
      if (found && found.account.activated_at === null) await resendActivationIfDue(ctx, found.region, found.account, language, clientId);
    });
    return;
  }
  const found = await findAccount(ctx, email);
  if (!found) fail(E.accountNotExist);
  if (found.account.activated_at !== null) fail(E.alreadyActivated);
  await activationMailOrWait(ctx, found.region, found.account, language, clientId);
}

async function activationMailOrWait(ctx: Ctx, region: RegionCode, account: AccountTable, language: string | undefined, clientId: string | null): Promise<void> {
  const sent = await resendActivationIfDue(ctx, region, account, language, clientId);
  if (!sent) fail(E.rateLimited, { retryAfterSeconds: Math.max(1, activationResendWait(ctx, account)) });
}

/** A new activation mail for the account of an expired link, bound to the same service. */
export async function renewActivationLink(ctx: Ctx, token: string, language?: string): Promise<{ email: string }> {
  const link = await inspectMailLink(ctx, token, 'activation');
  if (link.state === 'invalid') fail(E.tokenExpired, { reason: 'invalid' } satisfies MailLinkProblem, undefined, 400);
  if (link.account.activated_at !== null) fail(E.alreadyActivated, { email: link.account.email, serviceUrl: await clientServiceUrl(ctx, link.clientId) });
  await activationMailOrWait(ctx, link.region, link.account, language, link.clientId);
  return { email: link.account.email };
}

/** `sent` resolves once the answer has gone out: under enumeration protection the look-up and the mail wait for it. */
export async function requestPasswordReset(ctx: Ctx, emailInput: string, language: string | undefined, clientId: string | null, sent: Promise<void>): Promise<void> {
  const email = normalizeEmail(emailInput);
  if (!email || email.length > 64) fail(E.invalidEmail);
  if (ctx.options.enumerationProtection) {
    // The answer is success before anything depends on the address; the look-up and the mail follow it.
    ctx.afterAnswer.run('password reset request', sent, () => resetMailOrNotice(ctx, email, language, clientId));
    return;
  }
  const found = await findAccount(ctx, email);
  if (!found) fail(E.userNotExistOnReset);
  await sendResetMail(ctx, found.region, found.account, language, clientId);
}

/** Enumeration protection: the reset link to an account, or to an address without one the news that there is none. */
async function resetMailOrNotice(ctx: Ctx, email: string, language: string | undefined, clientId: string | null): Promise<void> {
  const found = await findAccount(ctx, email);
  if (!found) {
    await sendOwnerNotice(ctx, 'noAccount', email, languageOr(language), '');
    return;
  }
  try {
    await sendResetMail(ctx, found.region, found.account, language, clientId);
  } catch (err) {
    // A link mailed in the last minute stays the newest one, as -11021 would have said.
    if (err instanceof ApiFailure && err.code === E.resetMailWait) return;
    throw err;
  }
}

/** A new reset mail for the account of an expired or used reset link, bound to the same service. */
export async function renewResetLink(ctx: Ctx, token: string, language?: string): Promise<{ email: string }> {
  const link = await inspectMailLink(ctx, token, 'reset');
  if (link.state === 'invalid') fail(E.tokenExpired, { reason: 'invalid' } satisfies MailLinkProblem, undefined, 400);
  await sendResetMail(ctx, link.region, link.account, language, link.clientId);
  return { email: link.account.email };
}

async function sendResetMail(ctx: Ctx, region: RegionCode, account: AccountTable, language: string | undefined, clientId: string | null): Promise<void> {
  const now = ctx.now();
  const claimed = await ctx
    .region(region)
    .updateTable('accounts')
    .set({ reset_sent_at: now })
    .where('id', '=', account.id)
    .where((eb) => eb.or([eb('reset_sent_at', 'is', null), eb('reset_sent_at', '<=', now - MAIL_WAIT_SECONDS * 1000)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    const wait = Math.max(1, Math.ceil(((account.reset_sent_at ?? now) + MAIL_WAIT_SECONDS * 1000 - now) / 1000));
    fail(E.resetMailWait, { retryAfterSeconds: wait });
  }
  // A closed ID (being deleted) gets no reset link: a new password would open nothing, and only the
  // restore link its person was mailed brings it back. Said only after the wait above, as for any ID:
  // an answer that differs would tell a stranger the address is closing.
  if (account.closed_at !== null) return;
  try {
    const token = await createOneTimeToken(ctx, region, account.id, 'reset', RESET_MINUTES * 60, clientId);
    const mailLanguage = languageOr(language, account.language);
    await ctx.mailer.send({
      to: account.email,
      kind: 'reset',
      language: mailLanguage,
      vars: { name: account.first_name, link: mailLink(ctx, 'reset', token, mailLanguage, clientId) },
    });
  } catch {
    await ctx.region(region).updateTable('accounts').set({ reset_sent_at: account.reset_sent_at }).where('id', '=', account.id).execute();
    fail(E.resetMailFailed);
  }
}

/** A reset link as the new-password page opens it: the address, or -20679 with `reason`. */
export async function checkResetLink(ctx: Ctx, token: string): Promise<ResetLinkInfo> {
  const link = await inspectMailLink(ctx, token, 'reset');
  if (link.state !== 'valid') fail(E.tokenExpired, { reason: link.state } satisfies MailLinkProblem, undefined, 400);
  return { email: link.account.email, expiresAt: link.expiresAt, country: link.account.country };
}

/** Completes a reset: new password, lock cleared, every session signed out. */
export async function resetPassword(ctx: Ctx, token: string, newPassword: string, context: EventContext): Promise<MailLinkResult> {
  const link = await inspectMailLink(ctx, token, 'reset');
  if (link.state !== 'valid') fail(E.tokenExpired, { reason: link.state } satisfies MailLinkProblem, undefined, 400);
  // A link that raced the closure (written as it deleted the mailed links) sets nothing on a closed ID.
  if (link.account.closed_at !== null) fail(E.tokenExpired, { reason: 'invalid' } satisfies MailLinkProblem, undefined, 400);
  checkNewPassword(newPassword, link.account.country);
  const found = await useOneTimeToken(ctx, token, 'reset', true);
  if (!found) fail(E.tokenExpired, { reason: 'used' } satisfies MailLinkProblem, undefined, 400);
  const hash = await ctx.passwords.hash(newPassword);
  await ctx
    .region(found.region)
    .updateTable('accounts')
    .set({ password_hash: hash, password_set: 1, failed_attempts: 0, locked_until: null, updated_at: ctx.now() })
    .where('id', '=', found.account.id)
    .execute();
  await revokeSessions(ctx, found.region, found.account.id, 'all');
  await recordPasswordReset(ctx, found.region, found.account, context);
  await forgetTrustedBrowsers(ctx, found.region, found.account.id);
  return { email: found.account.email, serviceUrl: await clientServiceUrl(ctx, link.clientId) };
}

export async function changePassword(
  ctx: Ctx,
  region: RegionCode,
  account: AccountTable,
  oldPassword: string,
  newPassword: string,
  currentSessionId: string,
  context: EventContext,
): Promise<void> {
  if (!(await ctx.passwords.verify(account.password_hash, oldPassword))) fail(E.wrongCredentials);
  if (oldPassword === newPassword) fail(E.samePassword);
  checkNewPassword(newPassword, account.country);
  const hash = await ctx.passwords.hash(newPassword);
  await ctx.region(region).updateTable('accounts').set({ password_hash: hash, updated_at: ctx.now() }).where('id', '=', account.id).execute();
  await revokeSessions(ctx, region, account.id, 'all', currentSessionId);
  await recordSecurityEvent(ctx, { region, id: account.id }, 'password_changed', context);
  await forgetTrustedBrowsers(ctx, region, account.id);
  await ctx.mailer
    .send({
      to: account.email,
      kind: 'passwordChanged',
      language: account.language,
      vars: { name: account.first_name, link: `${ctx.options.publicOrigin}/login` },
    })
    .catch(() => undefined);
}

export async function updateInfo(ctx: Ctx, region: RegionCode, account: AccountTable, input: UpdateInfoRequest): Promise<AccountTable> {
  if (normalizeEmail(input.email) !== account.email || input.accountId !== account.id) fail(E.accountError);
  const patch: Partial<AccountTable> = { updated_at: ctx.now() };
  if (input.firstName !== undefined) patch.first_name = checkName(input.firstName, 'firstName')!;
  if (input.lastName !== undefined) patch.last_name = checkName(input.lastName, 'lastName')!;
  if (input.phone !== undefined) patch.phone = checkPhone(input.phone, 'generic');
  if (input.nickname !== undefined) {
    const nick = (input.nickname ?? '').trim();
    if (nick && ([...nick].length > 100 || /["'\\;:<>@]/.test(nick) || /[\u{10000}-\u{10FFFF}]/u.test(nick))) fail(E.invalidNickname);
    patch.nickname = nick || null;
  }
  if (input.jobTitle !== undefined) patch.job_title = checkName(input.jobTitle ?? undefined, 'jobTitle', false);
  if (input.country !== undefined) {
    if (input.country !== null && input.country !== '' && !isCountryCode(input.country)) fail(E.regionCodeInvalid);
    patch.country = input.country ? input.country.toUpperCase() : null;
  }
  if (input.timezone !== undefined) {
    const tz = (input.timezone ?? '').trim();
    if (tz && !/^[A-Za-z0-9_+\-/]{1,64}$/.test(tz)) fail(E.invalidParameter, { field: 'timezone' });
    patch.timezone = tz || null;
  }
  if (input.language !== undefined) {
    if (!(LANGUAGE_CODES as readonly string[]).includes(input.language)) fail(E.invalidParameter, { field: 'language' });
    patch.language = input.language;
  }
  if (input.subscription !== undefined) patch.subscription = input.subscription ? 1 : 0;
  await ctx.region(region).updateTable('accounts').set(patch).where('id', '=', account.id).execute();
  return getAccount(ctx, region, account.id);
}

/**
 * Confirms the data region of an account without a confirmed one (-9). Choosing another
 * region moves the account: written in the new region first, directory switched, then the
 * old rows removed.
 */
export async function confirmRegion(
  ctx: Ctx,
  input: { email: string; firstName: string; regionCode: string; processId: string },
): Promise<{ email: string; region: RegionCode }> {
  const found = await useOneTimeToken(ctx, input.processId, 'region', false);
  if (!found || found.account.email !== normalizeEmail(input.email)) fail(E.tokenExpired, undefined, undefined, 400);
  const choice = resolveRegionChoice(input.regionCode);
  if (!choice) fail(E.regionCodeInvalid);
  const firstName = checkName(input.firstName, 'firstName')!;
  const consumed = await useOneTimeToken(ctx, input.processId, 'region', true);
  if (!consumed) fail(E.tokenExpired, undefined, undefined, 400);
  const { region: from, account } = consumed;
  const country = choice.country ?? account.country;
  if (choice.region === from) {
    await ctx
      .region(from)
      .updateTable('accounts')
      .set({ region_confirmed: 1, first_name: account.first_name || firstName, country, updated_at: ctx.now() })
      .where('id', '=', account.id)
      .execute();
    return { email: account.email, region: from };
  }
  const moved: AccountTable = { ...account, region_confirmed: 1, first_name: account.first_name || firstName, country, updated_at: ctx.now() };
  await ctx.region(choice.region).insertInto('accounts').values(moved).execute();
  // What the features keep of the account goes with it (a sign-in finds the passkeys in the account's region).
  const data = ctx.extensions.all('accountData');
  try {
    for (const feature of data) await feature.copy?.(ctx, from, choice.region, account.id);
    await ctx.stores.global.updateTable('directory').set({ region: choice.region }).where('email', '=', account.email).execute();
  } catch (err) {
    for (const feature of data) await feature.remove(ctx.region(choice.region), account.id);
    await ctx.region(choice.region).deleteFrom('accounts').where('id', '=', account.id).execute();
    throw err;
  }
  const old = ctx.region(from);
  await old.transaction().execute(async (trx) => {
    await trx.deleteFrom('tokens').where('account_id', '=', account.id).execute();
    await trx.deleteFrom('sso_sessions').where('account_id', '=', account.id).execute();
    await trx.deleteFrom('one_time_tokens').where('account_id', '=', account.id).execute();
    for (const feature of data) await feature.remove(trx, account.id);
    await trx.deleteFrom('accounts').where('id', '=', account.id).execute();
  });
  return { email: account.email, region: choice.region };
}

export async function conflictInfo(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<ConflictInfoResult> {
  const reasons: ConflictInfoResult['reasons'] = [];
  // Old accounts to merge count where the migration plugin is on for the account's region.
  const oldAccounts = ctx.extensions.for(ctx, 'legacyAccounts', region)[0];
  const legacy = oldAccounts ? (await oldAccounts.find(ctx, account.email)).length > 0 : false;
  if (legacy) reasons.push('unmergedAccounts');
  if (account.region_confirmed !== 1) reasons.push('regionUnconfirmed');
  if (!account.first_name || !account.last_name) reasons.push('profileIncomplete');
  const codes: Record<ConflictInfoResult['reasons'][number], number> = {
    unmergedAccounts: E.conflictUnmergedAccounts,
    regionUnconfirmed: E.conflictRegionUnconfirmed,
    profileIncomplete: E.conflictProfileIncomplete,
  };
  return { conflict: reasons.length > 0, errorCode: reasons.length ? codes[reasons[0]!] : null, reasons };
}

/**
 * Whoever had the password may have trusted a browser: a password change or reset forgets every
 * trusted browser of the account, whatever the switches say now (plugin-host/points.ts); with
 * `keepCookies`, all but the one those cookies name ("sign out other devices"). Resolves how many were forgotten.
 */
export async function forgetTrustedBrowsers(ctx: Ctx, region: RegionCode, accountId: string, keepCookies?: Record<string, string>): Promise<number> {
  let forgotten = 0;
  for (const trusted of ctx.extensions.all('trustedBrowser')) {
    const except = keepCookies ? await trusted.current(ctx, region, accountId, keepCookies) : null;
    forgotten += await trusted.forget(ctx, region, accountId, except);
  }
  return forgotten;
}
