/**
 * "Download my data": asking for a copy, the job that builds it, downloading and deleting it.
 *
 * The job claims one queued copy at a time with a lease (`claimed_by`: a new id for each claim,
 * `claimed_until`); a server that dies mid-build leaves a claim that runs out, and the next run (on
 * any instance) builds the copy again from the start. Only the claim's holder may mark it ready,
 * so a build that stalled past its lease and then woke writes nothing. The ready mail is marked before it is queued: it goes out once.
 */
import { createHash } from 'node:crypto';
import type { RegionCode } from '@portal/plugin-api/contract';
import { fail, getAccount, intlLocale, randomId, type AccountTable, type ServerContext as Ctx } from '@portal/server-api';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { EXPORT_DAYS, YOUR_DATA_PATH, type DataExport } from '../contract';
import { buildArchive } from './archive';
import { exportStore, type DataExportTable } from './tables';

const DAY = 86_400_000;
/** How long a build may hold its claim; a longer one is taken to have died. */
export const BUILD_LEASE_MS = 2 * 60_000;
/** Builds started before a copy is given up as failed. */
export const MAX_ATTEMPTS = 3;
/** Copies a person may ask for a day (each one reads every store). */
export const REQUESTS_PER_DAY = 5;
/** A failed copy is shown for this long, then deleted. */
const FAILED_KEPT_MS = EXPORT_DAYS * DAY;

function view(row: DataExportTable): DataExport {
  return { state: row.state, requestedAt: row.requested_at, readyAt: row.ready_at, expiresAt: row.expires_at, size: row.size, downloadedAt: row.downloaded_at };
}

const columns = ['id', 'account_id', 'state', 'language', 'requested_at', 'attempts', 'claimed_by', 'claimed_until', 'ready_at', 'expires_at', 'size', 'sha256', 'mailed_at', 'downloaded_at', 'last_error'] as const;

/** The account's copy as the page shows it; an expired one is no longer there. */
export async function exportOf(ctx: Ctx, region: RegionCode, accountId: string): Promise<DataExport | null> {
  const row = await exportStore(ctx, region).selectFrom('your_data_exports').select(columns).where('account_id', '=', accountId).executeTakeFirst();
  if (!row || (row.expires_at !== null && row.expires_at <= ctx.now())) return null;
  return view(row as DataExportTable);
}

/**
 * Asks for a copy: one being built is answered as it is (a second click asks for nothing more);
 * a ready, failed or expired one is replaced by a new request.
 */
export async function requestExport(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<{ export: DataExport; created: boolean }> {
  const store = exportStore(ctx, region);
  const now = ctx.now();
  const current = await store.selectFrom('your_data_exports').select(columns).where('account_id', '=', account.id).executeTakeFirst();
  if (current && (current.state === 'queued' || current.state === 'building')) return { export: view(current as DataExportTable), created: false };
  const wait = await ctx.counter('your-data-requests', DAY).take(account.id, REQUESTS_PER_DAY);
  if (wait !== null) fail(E.rateLimited, { retryAfterSeconds: wait }, 'You have asked for a copy of your data often today. Please try again later.', 429);
  const row: DataExportTable = {
    id: randomId(),
    account_id: account.id,
    state: 'queued',
    language: account.language,
    requested_at: now,
    attempts: 0,
    claimed_by: null,
    claimed_until: null,
    ready_at: null,
    expires_at: null,
    size: null,
    sha256: null,
    archive: null,
    mailed_at: null,
    downloaded_at: null,
    last_error: null,
  };
  await store.transaction().execute(async (trx) => {
    await trx.deleteFrom('your_data_exports').where('account_id', '=', account.id).execute();
    await trx.insertInto('your_data_exports').values(row).execute();
  });
  return { export: view(row), created: true };
}

/** Deletes the account's copy now, in whatever state. */
export async function deleteExport(ctx: Ctx, region: RegionCode, accountId: string): Promise<void> {
  await exportStore(ctx, region).deleteFrom('your_data_exports').where('account_id', '=', accountId).execute();
}

/** The ready copy's ZIP, marked downloaded; null when there is none ready. */
export async function readyArchive(ctx: Ctx, region: RegionCode, accountId: string): Promise<{ zip: Buffer; requestedAt: number } | null> {
  const store = exportStore(ctx, region);
  const row = await store.selectFrom('your_data_exports').select(['id', 'state', 'archive', 'expires_at', 'requested_at', 'sha256']).where('account_id', '=', accountId).executeTakeFirst();
  if (!row || row.state !== 'ready' || !row.archive || (row.expires_at !== null && row.expires_at <= ctx.now())) return null;
  const zip = Buffer.from(row.archive);
  // What was stored is what is served: a damaged row is refused rather than handed out.
  if (createHash('sha256').update(zip).digest('hex') !== row.sha256) return null;
  await store.updateTable('your_data_exports').set({ downloaded_at: ctx.now() }).where('id', '=', row.id).execute();
  return { zip, requestedAt: row.requested_at };
}

/**
 * Claims the oldest copy waiting in a region (queued, or building under a claim that ran out); null
 * when none is. A copy whose builds died MAX_ATTEMPTS times (a crash takes the process, the claim
 * runs out) is given up first: it would otherwise take the server down again after every restart.
 */
async function claimNext(ctx: Ctx, region: RegionCode, skip: ReadonlySet<string> = new Set()): Promise<DataExportTable | null> {
  const store = exportStore(ctx, region);
  // Nothing waiting is one read: a run writes only when there is work (SQLite has one writer at a time).
  for (let tries = 0; tries < 3 + MAX_ATTEMPTS; tries++) {
    const now = ctx.now();
    const next = await store
      .selectFrom('your_data_exports')
      .select(columns)
      .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'building'), eb('claimed_until', '<=', now)])]))
      .$if(skip.size > 0, (qb) => qb.where('id', 'not in', [...skip]))
      .orderBy('requested_at')
      .limit(1)
      .executeTakeFirst();
    if (!next) return null;
    if (next.state === 'building' && next.attempts >= MAX_ATTEMPTS) {
      await store
        .updateTable('your_data_exports')
        .set({ state: 'failed', claimed_by: null, claimed_until: null, expires_at: now + FAILED_KEPT_MS, last_error: 'claim ran out' })
        .where('id', '=', next.id)
        .where('state', '=', 'building')
        .where('claimed_until', '<=', now)
        .execute();
      continue;
    }
    // Taken only if no one took it since it was read: the same conditions, on its row.
    const claim = randomId();
    const taken = await store
      .updateTable('your_data_exports')
      .set({ state: 'building', claimed_by: claim, claimed_until: now + BUILD_LEASE_MS, attempts: next.attempts + 1 })
      .where('id', '=', next.id)
      .where('attempts', '=', next.attempts)
      .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'building'), eb('claimed_until', '<=', now)])]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { ...(next as Omit<DataExportTable, 'archive'>), archive: null, state: 'building', claimed_by: claim, claimed_until: now + BUILD_LEASE_MS, attempts: next.attempts + 1 };
  }
  return null;
}

/** The steps of one build, for a test that stops the server between them. */
export interface BuildHooks {
  /** After the claim, before the data is read. */
  claimed?(row: DataExportTable): Promise<void>;
  /** After the ZIP is built, before it is stored. */
  built?(row: DataExportTable): Promise<void>;
  /** After it is stored as ready, before the mail. */
  stored?(row: DataExportTable): Promise<void>;
}

/**
 * Builds every waiting copy of the regions given, one after another, and mails the ready ones;
 * resolves how many became ready. A copy that fails does not hold up the others: the run goes on,
 * and throws the first failure at its end (the job logs it).
 */
export async function buildWaitingExports(ctx: Ctx, regions: readonly RegionCode[], hooks: BuildHooks = {}): Promise<number> {
  let built = 0;
  let failure: unknown = null;
  const attempt = async (step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (err) {
      failure ??= err;
    }
  };
  for (const region of regions) {
    // A copy that failed goes back to the queue: built again on the next run, not in this one.
    const tried = new Set<string>();
    for (let row = await claimNext(ctx, region, tried); row; row = await claimNext(ctx, region, tried)) {
      const claimed = row;
      tried.add(claimed.id);
      await attempt(async () => {
        if (await buildOne(ctx, region, claimed, hooks)) built++;
      });
    }
    await attempt(() => mailReady(ctx, region, hooks));
  }
  if (failure) throw failure;
  return built;
}

async function buildOne(ctx: Ctx, region: RegionCode, row: DataExportTable, hooks: BuildHooks): Promise<boolean> {
  const store = exportStore(ctx, region);
  const mine = () => store.updateTable('your_data_exports').where('id', '=', row.id).where('claimed_by', '=', row.claimed_by).where('state', '=', 'building');
  await hooks.claimed?.(row);
  let account: AccountTable;
  try {
    account = await getAccount(ctx, region, row.account_id);
  } catch {
    // The account is gone (moved or deleted meanwhile): so is its copy.
    await store.deleteFrom('your_data_exports').where('id', '=', row.id).execute();
    return false;
  }
  try {
    const { zip } = await buildArchive(ctx, region, account, row.language);
    await hooks.built?.(row);
    const now = ctx.now();
    const stored = await mine()
      .set({ state: 'ready', archive: zip, size: zip.byteLength, sha256: createHash('sha256').update(zip).digest('hex'), ready_at: now, expires_at: now + EXPORT_DAYS * DAY, claimed_by: null, claimed_until: null, last_error: null })
      .executeTakeFirst();
    return Number(stored.numUpdatedRows) === 1;
  } catch (err) {
    const name = err instanceof Error ? err.name : 'Error';
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    await mine()
      .set(giveUp ? { state: 'failed', claimed_by: null, claimed_until: null, expires_at: ctx.now() + FAILED_KEPT_MS, last_error: name.slice(0, 200) } : { state: 'queued', claimed_by: null, claimed_until: null, last_error: name.slice(0, 200) })
      .execute();
    throw err;
  }
}

/** Mails the owners of ready copies not mailed yet: each row is marked first, so a mail goes out once. */
async function mailReady(ctx: Ctx, region: RegionCode, hooks: BuildHooks): Promise<void> {
  const store = exportStore(ctx, region);
  const ready = await store.selectFrom('your_data_exports').select(columns).where('state', '=', 'ready').where('mailed_at', 'is', null).execute();
  for (const row of ready) {
    await hooks.stored?.(row as DataExportTable);
    const marked = await store.updateTable('your_data_exports').set({ mailed_at: ctx.now() }).where('id', '=', row.id).where('mailed_at', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) continue;
    const account = await getAccount(ctx, region, row.account_id).catch(() => null);
    if (!account || row.expires_at === null) continue;
    try {
      await ctx.mailer.send({
        to: account.email,
        kind: 'dataExportReady',
        language: row.language,
        // The last day, as the mail's language writes a date (UTC: the mail has no time zone of the reader).
        vars: { name: account.first_name, link: `${ctx.options.publicOrigin}/accountSetting/${YOUR_DATA_PATH}`, until: new Intl.DateTimeFormat(intlLocale(row.language), { dateStyle: 'long', timeZone: 'UTC' }).format(row.expires_at) },
      });
    } catch (err) {
      // Not queued: the next run tries again.
      await store.updateTable('your_data_exports').set({ mailed_at: null }).where('id', '=', row.id).execute();
      throw err;
    }
  }
}

/** Deletes copies past their time (ready ones after EXPORT_DAYS days, failed ones after as long). */
export async function pruneExports(ctx: Ctx, regions: readonly RegionCode[]): Promise<number> {
  let removed = 0;
  for (const region of regions) {
    const gone = await exportStore(ctx, region).deleteFrom('your_data_exports').where('expires_at', '<=', ctx.now()).executeTakeFirst();
    removed += Number(gone.numDeletedRows);
  }
  return removed;
}
