/**
 * "Delete my account" (issue 30, part 3). Closing an ID is immediate: no sign-in takes it, its
 * sessions and tokens end (connected services are told through back-channel logout), its mailed
 * links and trusted browsers go. It is erased `graceDays` later by a job; until then the link mailed
 * at the closure restores it.
 *
 * The erasure job claims a due closure with a lease, erases through the core (server/domain/
 * erasure.ts: every store, every named table, the uploads) and only then deletes the closure: a
 * server that dies mid-way leaves a claim that runs out, and the next run erases again what is left.
 * Tables the operator retains (ERASURE_RETAIN_TABLES) stay until ERASURE_RETAIN_DAYS have passed.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import { ERROR_CODES as E, REGION_CODES } from '@portal/plugin-api/contract';
import {
  erasePerson,
  flushErased,
  parseRegionalSecret,
  eraseRetained,
  fail,
  forgetTrustedBrowsers,
  hashSecret,
  intlLocale,
  randomId,
  recordSecurityEvent,
  regionalSecret,
  revokeSessions,
  type AccountTable,
  type EventContext,
  type ServerContext as Ctx,
} from '@portal/server-api';
import { RESTORE_PATH, type ClosedResult, type ClosureFacts, type RestoreInfo } from '../contract';
import { closureStore, type ClosureTable } from './tables';

const DAY = 86_400_000;
/** How long an erasure may hold its claim; a longer one is taken to have died. */
export const ERASE_LEASE_MS = 5 * 60_000;

/** What closing means for this person: the company to hand over first, what goes with the ID. */
export async function closureFacts(ctx: Ctx, region: RegionCode, account: AccountTable, services: string[]): Promise<ClosureFacts> {
  const { handOver, companyGoes } = await companyRules(ctx, region, account.id);
  return { graceDays: ctx.options.accountClosure.graceDays, handOver, companyGoes, services, passwordSet: account.password_set === 1 };
}

/** The spec's roles: an owner hands a company with other members over; a company of one goes with its owner. */
async function companyRules(ctx: Ctx, region: RegionCode, accountId: string): Promise<Pick<ClosureFacts, 'handOver' | 'companyGoes'>> {
  // Whatever the switches say: a company outlives its plugin's switch.
  for (const directory of ctx.extensions.all('companyDirectory')) {
    const company = await directory.companyOf(ctx, region, accountId);
    if (!company || company.role !== 'owner') continue;
    const others = (await directory.members(ctx, region, company.id)).filter((member) => member.accountId !== accountId);
    return others.length > 0 ? { handOver: { company: company.name }, companyGoes: null } : { handOver: null, companyGoes: { company: company.name } };
  }
  return { handOver: null, companyGoes: null };
}

/** Closes the ID (its password was checked by the caller); resolves when it will be erased. */
export async function closeAccount(ctx: Ctx, region: RegionCode, account: AccountTable, context: EventContext, language: string): Promise<ClosedResult> {
  const { handOver } = await companyRules(ctx, region, account.id);
  if (handOver) fail(E.invalidParameter, { field: 'company', reason: 'handOver', company: handOver.company }, `Hand ${handOver.company} over to another member first: a company cannot be left without its owner.`, 409);
  const now = ctx.now();
  const eraseAt = now + ctx.options.accountClosure.graceDays * DAY;
  const token = regionalSecret(region);
  const db = closureStore(ctx, region);
  const closed = await db.transaction().execute(async (trx) => {
    const marked = await trx.updateTable('accounts').set({ closed_at: now, updated_at: now }).where('id', '=', account.id).where('closed_at', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('your_data_closures')
      .values({ account_id: account.id, email: account.email, language, closed_at: now, erase_at: eraseAt, restore_hash: hashSecret(token), state: 'closed', claimed_by: null, claimed_until: null, attempts: 0, retain_until: null })
      .execute();
    // Mailed links (a reset, an unlock) would act on a closed ID: they end with it.
    await trx.deleteFrom('one_time_tokens').where('account_id', '=', account.id).execute();
    return true;
  });
  if (!closed) fail(E.accountError, { reason: 'closed' }, 'This ID is already closed.', 409);
  // Every session and token ends; the services given an OpenID grant under them get a logout token.
  await revokeSessions(ctx, region, account.id, 'all');
  await forgetTrustedBrowsers(ctx, region, account.id);
  await recordSecurityEvent(ctx, { region, id: account.id }, 'account_closed', context);
  await ctx.mailer.send({
    to: account.email,
    kind: 'accountClosed',
    language,
    vars: { name: account.first_name, link: `${ctx.options.publicOrigin}${RESTORE_PATH}#token=${encodeURIComponent(token)}`, until: longDate(language, eraseAt) },
  });
  return { eraseAt };
}

const longDate = (language: string, at: number) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at) + ' UTC';

/** The live closure a restore token is for, or why there is none (-20679, as a spent mailed link). */
async function closureOfToken(ctx: Ctx, token: string): Promise<{ region: RegionCode; row: ClosureTable }> {
  const parsed = parseRegionalSecret(token);
  const row = parsed ? await closureStore(ctx, parsed.region).selectFrom('your_data_closures').selectAll().where('restore_hash', '=', hashSecret(token)).executeTakeFirst() : undefined;
  if (!parsed || !row || row.state !== 'closed') fail(E.tokenExpired, { reason: 'invalid' }, 'This restore link is not valid.', 400);
  if (row.erase_at <= ctx.now()) fail(E.tokenExpired, { reason: 'expired' }, 'This ID can no longer be restored: its time has passed.', 400);
  return { region: parsed.region, row };
}

/** What a restore link would restore; changes nothing (a mail scanner that opens the link restores nothing). */
export async function inspectRestore(ctx: Ctx, token: string): Promise<RestoreInfo> {
  const { row } = await closureOfToken(ctx, token);
  return { email: row.email, eraseAt: row.erase_at };
}

/**
 * Restores a closed ID: it signs in again (with the password it had; its sessions stay ended).
 * Only before its erasure time, and only while the job has not claimed it: the delete below is
 * conditional on both, as the job's claim is on the time having passed.
 */
export async function restoreAccount(ctx: Ctx, token: string, context: EventContext): Promise<RestoreInfo> {
  const { region, row } = await closureOfToken(ctx, token);
  const now = ctx.now();
  const restored = await closureStore(ctx, region)
    .transaction()
    .execute(async (trx) => {
      const gone = await trx
        .deleteFrom('your_data_closures')
        .where('account_id', '=', row.account_id)
        .where('restore_hash', '=', row.restore_hash)
        .where('state', '=', 'closed')
        .where('erase_at', '>', now)
        // Never under the erasure's claim: a job that claimed it erases it, and the restore says so.
        .where('claimed_by', 'is', null)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) return false;
      await trx.updateTable('accounts').set({ closed_at: null, updated_at: now }).where('id', '=', row.account_id).execute();
      return true;
    });
  if (!restored) fail(E.tokenExpired, { reason: 'invalid' }, 'This restore link is not valid.', 400);
  await recordSecurityEvent(ctx, { region, id: row.account_id }, 'account_restored', context);
  return { email: row.email, eraseAt: row.erase_at };
}

/** Hooks for tests: a step of an erasure, where a test makes the server "die". */
export interface EraseHooks {
  /** After the erasure's claim, before anything is erased. */
  claimed?(row: ClosureTable): Promise<void> | void;
  /** After the person's data is erased, before the closure itself goes. */
  erased?(row: ClosureTable): Promise<void> | void;
}

/**
 * Erases the closed IDs whose time has come, in every region (whatever the switches say: a person
 * who asked to be deleted is deleted), then removes what was retained once its days have passed.
 */
export async function eraseDueAccounts(ctx: Ctx, hooks: EraseHooks = {}): Promise<number> {
  let erased = 0;
  for (const region of REGION_CODES) {
    for (;;) {
      const row = await claimDue(ctx, region);
      if (!row) break;
      await hooks.claimed?.(row);
      await eraseClaimed(ctx, region, row, hooks);
      erased++;
    }
    await endRetention(ctx, region);
  }
  return erased;
}

/** Claims one due closure (its time passed, no live claim); null when none waits. */
async function claimDue(ctx: Ctx, region: RegionCode): Promise<ClosureTable | null> {
  const db = closureStore(ctx, region);
  const now = ctx.now();
  const due = await db
    .selectFrom('your_data_closures')
    .selectAll()
    .where('state', '=', 'closed')
    .where('erase_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('erase_at')
    .limit(1)
    .executeTakeFirst();
  if (!due) return null;
  const claim = randomId();
  const taken = await db
    .updateTable('your_data_closures')
    .set({ claimed_by: claim, claimed_until: now + ERASE_LEASE_MS, attempts: due.attempts + 1 })
    .where('account_id', '=', due.account_id)
    .where('state', '=', 'closed')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .executeTakeFirst();
  // Another instance took it first: look again.
  if (Number(taken.numUpdatedRows) !== 1) return claimDue(ctx, region);
  return { ...due, claimed_by: claim, claimed_until: now + ERASE_LEASE_MS, attempts: due.attempts + 1 };
}

async function eraseClaimed(ctx: Ctx, region: RegionCode, row: ClosureTable, hooks: EraseHooks): Promise<void> {
  const { retainTables, retainDays } = ctx.options.accountClosure;
  const retained = new Set(retainDays > 0 ? retainTables : []);
  await erasePerson(ctx, { region, id: row.account_id, email: row.email }, retained);
  await hooks.erased?.(row);
  const db = closureStore(ctx, region);
  // The closure names the person too: it goes last, or stays (without a claim) until the retained rows go.
  if (retained.size === 0) await db.deleteFrom('your_data_closures').where('account_id', '=', row.account_id).execute();
  else await db.updateTable('your_data_closures').set({ state: 'retained', retain_until: ctx.now() + retainDays * DAY, claimed_by: null, claimed_until: null, restore_hash: randomId() }).where('account_id', '=', row.account_id).execute();
  await flushErased(ctx);
}

/** Retained rows whose days have passed: erased, and their closure with them. */
async function endRetention(ctx: Ctx, region: RegionCode): Promise<void> {
  const db = closureStore(ctx, region);
  const ended = await db.selectFrom('your_data_closures').selectAll().where('state', '=', 'retained').where('retain_until', '<=', ctx.now()).execute();
  for (const row of ended) {
    await eraseRetained(ctx, { region, id: row.account_id, email: row.email }, ctx.options.accountClosure.retainTables);
    await db.deleteFrom('your_data_closures').where('account_id', '=', row.account_id).where('state', '=', 'retained').execute();
  }
  if (ended.length > 0) await flushErased(ctx);
}
