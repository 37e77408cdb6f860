/**
 * The help desk's calls under /api/ops (issue 28, section 4): finding an account by address in
 * whichever region it lives, and acting for its owner. Reading needs `read`; every action needs
 * `helpdesk` and a reason, is recorded in the account's security activity (marked as the help
 * desk's), mailed to its owner in their language and appended to the audit log with the state
 * before and after. Removing two-step verification asks for a fresh second factor.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES as E, type RegionCode, type SecurityEventKind } from '@portal/plugin-api/contract';
import {
  ApiFailure,
  auditOperatorAction,
  body,
  disableMfa,
  fail,
  findAccount,
  forgetTrustedBrowsers,
  languageOr,
  normalizeEmail,
  ok,
  recordSecurityEvent,
  requiredReason,
  requireOperator,
  revokeSessions,
  S,
  sendActivationMail,
  type AccountTable,
  type OpsAccess,
  type ServerContext as Ctx,
} from '@portal/server-api';
import { HELPDESK_CALLS as C, type HelpdeskAccount, type HelpdeskAction, type HelpdeskActionRequest, type HelpdeskActionResult, type HelpdeskLookup, type HelpdeskNothingToDo } from '../contract';
import { auditState, describeAccount } from './accountState';

const READ: { ops: OpsAccess } = { ops: { allow: 'read' } };
const HELPDESK: { ops: OpsAccess } = { ops: { allow: 'helpdesk' } };
const HELPDESK_CONFIRMED: { ops: OpsAccess } = { ops: { allow: 'helpdesk', fresh: true } };

/** Look-ups one operator may make in LOOKUP_WINDOW_MS: reading people's data in bulk is not the help desk's work. */
export const LOOKUP_LIMIT = 30;
export const LOOKUP_WINDOW_MS = 10 * 60_000;
/** The same action on one account, at most this often in ACTION_WINDOW_MS, by every operator together. */
export const ACTIONS_PER_ACCOUNT = 3;
export const ACTION_WINDOW_MS = 10 * 60_000;

/** The help desk's mails, each with the owner's name and a link to their Security page. */
export const HELPDESK_MAILS = ['helpdeskUnlocked', 'helpdeskSignedOut', 'helpdeskTwoFactorRemoved', 'helpdeskTrustedDevicesRevoked'] as const;
type HelpdeskMail = (typeof HELPDESK_MAILS)[number];

const lookupBody = body({ email: S.email }, ['email']);
const actionBody = body({ email: S.email, reason: S.str(1000) }, ['email', 'reason']);

interface Found {
  region: RegionCode;
  account: AccountTable;
}

/** What one action did: how many things it ended, what the owner's activity says, which mail they get. */
interface Outcome {
  count: number;
  events: Array<{ kind: SecurityEventKind; count?: number }>;
  mail: HelpdeskMail | null;
}

function nothingToDo(action: HelpdeskAction, message: string): never {
  const result: HelpdeskNothingToDo = { nothingToDo: action };
  fail(E.badRequest, result, message, 409);
}

async function unlock(ctx: Ctx, { region, account }: Found): Promise<Outcome> {
  const now = ctx.now();
  const locked = (account.locked_until ?? 0) > now || (account.mfa_locked_until ?? 0) > now;
  if (!locked) nothingToDo('unlock', 'The account is not locked.');
  // lock_count stays: whoever keeps guessing after the unlock meets the longer lock they had earned.
  await ctx.region(region).updateTable('accounts').set({ failed_attempts: 0, locked_until: null, mfa_failed: 0, mfa_locked_until: null, updated_at: now }).where('id', '=', account.id).execute();
  return { count: 1, events: [{ kind: 'account_unlocked' }], mail: 'helpdeskUnlocked' };
}

async function resendActivation(ctx: Ctx, { region, account }: Found): Promise<Outcome> {
  if (account.activated_at !== null) fail(E.alreadyActivated, undefined, 'The account is activated already.', 409);
  // The activation mail itself is the owner's mail: a new link, in their language.
  await sendActivationMail(ctx, region, account, account.language);
  return { count: 1, events: [{ kind: 'activation_mail_sent' }], mail: null };
}

async function signOut(ctx: Ctx, { region, account }: Found): Promise<Outcome> {
  const ended = await revokeSessions(ctx, region, account.id, 'all');
  if (ended.length === 0) nothingToDo('signOut', 'The account has no session.');
  return { count: ended.length, events: [{ kind: 'sessions_ended', count: ended.length }], mail: 'helpdeskSignedOut' };
}

async function removeTwoFactor(ctx: Ctx, { region, account }: Found): Promise<Outcome> {
  if (account.mfa_enabled !== 1) nothingToDo('removeTwoFactor', 'Two-step verification is off already.');
  // Its recovery codes and trusted browsers end with the enrolment (the core's rule): counted in the activity too.
  const ended = await disableMfa(ctx, region, account);
  return { count: 1, events: [{ kind: 'mfa_disabled' }, ...(ended > 0 ? [{ kind: 'second_factor_reset' as const, count: ended }] : [])], mail: 'helpdeskTwoFactorRemoved' };
}

async function revokeTrustedDevices(ctx: Ctx, { region, account }: Found): Promise<Outcome> {
  const ended = await forgetTrustedBrowsers(ctx, region, account.id);
  if (ended === 0) nothingToDo('revokeTrustedDevices', 'The account has no trusted browser.');
  return { count: ended, events: [{ kind: 'trusted_device_revoked', count: ended }], mail: 'helpdeskTrustedDevicesRevoked' };
}

const ACTIONS: ReadonlyArray<{ action: HelpdeskAction; path: string; config: { ops: OpsAccess }; run: (ctx: Ctx, found: Found) => Promise<Outcome> }> = [
  { action: 'unlock', path: C.unlock, config: HELPDESK, run: unlock },
  { action: 'resendActivation', path: C.resendActivation, config: HELPDESK, run: resendActivation },
  { action: 'signOut', path: C.signOut, config: HELPDESK, run: signOut },
  { action: 'removeTwoFactor', path: C.removeTwoFactor, config: HELPDESK_CONFIRMED, run: removeTwoFactor },
  { action: 'revokeTrustedDevices', path: C.revokeTrustedDevices, config: HELPDESK, run: revokeTrustedDevices },
];

/** The audit log's name of an action: `account.unlock`, `account.remove-two-factor`. */
const auditAction = (action: HelpdeskAction) => `account.${action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

async function requireAccount(ctx: Ctx, email: string): Promise<Found> {
  const found = await findAccount(ctx, email);
  if (!found) fail(E.accountNotExist, { field: 'email' }, 'No account has this address.', 404);
  return found;
}

async function act(ctx: Ctx, req: FastifyRequest<{ Body: HelpdeskActionRequest }>, action: HelpdeskAction, run: (ctx: Ctx, found: Found) => Promise<Outcome>): Promise<HelpdeskActionResult> {
  const reason = requiredReason(req.body.reason);
  // An action names an address as a look-up does (its 404 or 409 tells whether an account exists):
  // the same limit per operator, and the audit log has it whatever it found (attack review of issue 28).
  await takeLookup(ctx, req);
  const target = `account:${normalizeEmail(req.body.email)}`;
  const refused = (err: unknown, before?: HelpdeskAccount) =>
    auditOperatorAction(ctx, req, { action: auditAction(action), target, reason, ...(before ? { before: auditState(before) } : {}), after: { refused: err instanceof ApiFailure ? err.code : 'error' } });
  let found: Found;
  try {
    found = await requireAccount(ctx, req.body.email);
  } catch (err) {
    await refused(err);
    throw err;
  }
  // One account is not acted on again and again (eight activation mails in a row).
  const wait = await ctx.counter('opsHelpdeskActions', ACTION_WINDOW_MS).take(`${action}:${found.account.id}`, ACTIONS_PER_ACCOUNT);
  if (wait !== null) {
    await refused(new ApiFailure(E.rateLimited));
    fail(E.rateLimited, { retryAfterSeconds: wait }, 'This account had this action a moment ago; wait a little.', 429);
  }
  const before = await describeAccount(ctx, found.region, found.account);
  let outcome: Outcome;
  try {
    outcome = await run(ctx, found);
  } catch (err) {
    await refused(err, before);
    throw err;
  }
  // Told to the owner on their Security page as the help desk's doing, without the operator's device or place.
  for (const event of outcome.events) await recordSecurityEvent(ctx, { region: found.region, id: found.account.id }, event.kind, null, { by: 'helpdesk', ...(event.count !== undefined ? { count: event.count } : {}) });
  if (outcome.mail) {
    const { account } = found;
    await ctx.mailer.send({ to: account.email, kind: outcome.mail, language: languageOr(account.language), vars: { name: account.first_name || account.email, link: `${ctx.options.publicOrigin}/accountSetting/security` } });
  }
  const fresh = await requireAccount(ctx, found.account.email);
  const after: HelpdeskAccount = await describeAccount(ctx, fresh.region, fresh.account);
  await auditOperatorAction(ctx, req, { action: auditAction(action), target: `account:${found.account.email}`, reason, before: auditState(before), after: auditState(after) });
  return { done: action, count: outcome.count, account: after };
}

/** One look-up (or action) of the request's operator against their limit: 429 past it. */
async function takeLookup(ctx: Ctx, req: FastifyRequest): Promise<void> {
  const operator = requireOperator(req);
  const wait = await ctx.counter('opsHelpdeskLookups', LOOKUP_WINDOW_MS).take(operator.id, LOOKUP_LIMIT);
  if (wait !== null) fail(E.rateLimited, { retryAfterSeconds: wait }, 'Too many look-ups; wait a little.', 429);
}

export function helpdeskRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.post<{ Body: { email: string } }>(C.lookup, { config: READ, schema: { body: lookupBody } }, async (req) => {
      await takeLookup(ctx, req);
      const email = normalizeEmail(req.body.email);
      const found = await findAccount(ctx, email);
      // An operator reading a person's data is an action of its own, found or not.
      await auditOperatorAction(ctx, req, { action: 'account.lookup', target: `account:${email}`, reason: null, after: { found: found !== null, ...(found ? { region: found.region } : {}) } });
      const result: HelpdeskLookup = { account: found ? await describeAccount(ctx, found.region, found.account) : null };
      return ok(result);
    });

    for (const { action, path, config, run } of ACTIONS) {
      api.post<{ Body: HelpdeskActionRequest }>(path, { config, schema: { body: actionBody } }, async (req) => ok(await act(ctx, req, action, run)));
    }
  };
}
