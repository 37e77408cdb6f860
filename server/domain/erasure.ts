/**
 * Erasing a person ("Delete my account", issue 30): every row and file about them in every store,
 * found through the same declarations as their export (the `personalData` point), so a table that
 * is named for the export is erased too and `server/test/personalDataCoverage.test.ts` guards both.
 *
 * Order matters for a resumed erasure: the features' own erasure first, then the uploads' bytes,
 * the tables, the OpenID provider's records, and last the account and its directory entry. Each
 * step deletes what is still there, so an erasure killed anywhere and run again ends the same.
 * Tables an operator retains for legal reasons (`retained`) are left; the caller removes them later.
 */
import type { Ctx } from '../context';
import type { ErasedPerson, PersonalTable } from '../plugin-host/points';
import { removeStoredFile } from './files';
import { personalDeclarations, storesOf, type AnyDb } from './personalData';
import { sql } from 'kysely';
import { REGION_CODES } from '../../core/contract/regions';

/** `<table>` names an erasure may leave for legal retention, and what it erased by table. */
export interface ErasureReport {
  erased: Record<string, number>;
  retained: string[];
}

/** Deleted last, in this order: while the account's row and directory entry exist, an erasure that died is found again. */
const ERASED_LAST: readonly string[] = ['accounts', 'directory'];

const erasedByRows = (table: PersonalTable) => table.erase === undefined || table.erase === 'rows';

/** Deletes the person's rows of one table in every store it lives in; resolves how many. */
export async function eraseRows(ctx: Ctx, table: PersonalTable, person: Pick<ErasedPerson, 'id' | 'email'>): Promise<number> {
  const byId = table.byId ?? [];
  const byEmail = table.byEmail ?? [];
  if (byId.length + byEmail.length === 0) return 0;
  let count = 0;
  for (const db of storesOf(ctx, table)) {
    const done = await (db as AnyDb)
      .deleteFrom(table.table)
      .where((eb) => eb.or([...byId.map((column) => eb(column, '=', person.id)), ...byEmail.map((column) => eb(column, '=', person.email))]))
      .executeTakeFirst();
    count += Number(done.numDeletedRows);
  }
  return count;
}

/** Erases the person everywhere but the tables in `retained` (by table name). Idempotent. */
export async function erasePerson(ctx: Ctx, person: ErasedPerson, retained: ReadonlySet<string> = new Set()): Promise<ErasureReport> {
  const erased: Record<string, number> = {};
  const declarations = personalDeclarations(ctx);
  for (const declaration of declarations) if (declaration.erase) await declaration.erase(ctx, person);
  // The bytes of their uploads before the rows that name the stored files.
  if (!retained.has('files')) {
    for (const region of REGION_CODES) {
      const files = await ctx.region(region).selectFrom('files').select(['id', 'stored_name']).where('account_id', '=', person.id).execute();
      for (const file of files) await removeStoredFile(ctx, region, file.stored_name);
    }
  }
  const tables = declarations.flatMap((declaration) => declaration.tables).filter(erasedByRows);
  const last = tables.filter((table) => ERASED_LAST.includes(table.table));
  for (const table of [...tables.filter((table) => !ERASED_LAST.includes(table.table)), ...last.sort((a, b) => ERASED_LAST.indexOf(a.table) - ERASED_LAST.indexOf(b.table))]) {
    if (retained.has(table.table)) continue;
    const count = await eraseRows(ctx, table, person);
    if (count > 0) erased[table.table] = (erased[table.table] ?? 0) + count;
  }
  const payloads = await eraseProviderRecords(ctx, person.id);
  if (payloads > 0) erased['oidc_payloads'] = payloads;
  await flushErased(ctx);
  return { erased, retained: [...retained].sort() };
}

/**
 * SQLite overwrites deleted rows in its pages (`secure_delete`, server/db/stores.ts), but the
 * write-ahead log still holds the pages as they were until a checkpoint: one now, truncating it.
 * PostgreSQL's dead rows go with its vacuum (docs/operations.md). A caller that deletes more rows naming
 * the person afterwards (its own work item) calls it again.
 */
export async function flushErased(ctx: Ctx): Promise<void> {
  if (ctx.stores.dialect !== 'sqlite') return;
  for (const db of [ctx.stores.global, ctx.stores.legacy, ...REGION_CODES.map((region) => ctx.region(region))]) {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  }
}

/**
 * The OpenID provider keeps grants, sessions and tokens as JSON (`oidc_payloads`): the account is
 * found inside by its id, then checked exactly, and the record deleted.
 */
async function eraseProviderRecords(ctx: Ctx, accountId: string): Promise<number> {
  const db = ctx.stores.global;
  const rows = await db.selectFrom('oidc_payloads').select(['key', 'payload']).where('payload', 'like', `%${accountId}%`).execute();
  const keys = rows.filter((row) => payloadNames(row.payload, accountId)).map((row) => row.key);
  if (keys.length) await db.deleteFrom('oidc_payloads').where('key', 'in', keys).execute();
  return keys.length;
}

function payloadNames(payload: string, accountId: string): boolean {
  try {
    const parsed = JSON.parse(payload) as { accountId?: unknown; account?: unknown; sub?: unknown };
    return parsed.accountId === accountId || parsed.account === accountId || parsed.sub === accountId;
  } catch {
    return false;
  }
}

/**
 * The rows an erasure retained (by table name), erased once their retention ended. By address only
 * while no ID has that address again: a new ID of the same address keeps its own rows.
 */
export async function eraseRetained(ctx: Ctx, person: ErasedPerson, tableNames: readonly string[]): Promise<number> {
  const reused = await ctx.stores.global.selectFrom('directory').select('account_id').where('email', '=', person.email).executeTakeFirst();
  let count = 0;
  for (const table of personalDeclarations(ctx).flatMap((declaration) => declaration.tables)) {
    if (!tableNames.includes(table.table) || !erasedByRows(table)) continue;
    count += await eraseRows(ctx, reused ? { ...table, byEmail: [] } : table, person);
  }
  return count;
}
