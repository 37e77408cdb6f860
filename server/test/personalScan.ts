/**
 * Reads every table of every store as the database describes it, and finds the rows that name a
 * person: a column that holds an account's id (`account_id`, `…_account_id`, the accounts' `id`)
 * or an address (`email`, `…_email`, `recipient`) equal to theirs. Independent of what the
 * features declare (server/domain/personalData.ts), so a test can hold the export, and later the
 * erasure, against what is really stored.
 */
import type { ColumnMetadata, Kysely } from 'kysely';
import { REGION_CODES } from '../../core/contract/regions';
import type { Ctx } from '../context';
import { personalDeclarations } from '../domain/personalData';

export type StoreKind = 'global' | 'regional' | 'legacy';

/** Columns that name a person. */
export const IDENTIFYING_COLUMN = /^(account_id|[a-z_]+_account_id|email|[a-z_]+_email|recipient)$/;
const ID_COLUMN = /account_id$/;
const EMAIL_COLUMN = /(^|_)email$|^recipient$/;
const isText = (column: ColumnMetadata) => /char|text/i.test(column.dataType);

export interface StoreTable {
  store: StoreKind;
  /** `global`, `legacy`, or the region's code for a regional store. */
  storeName: string;
  table: string;
  columns: string[];
  /** The columns that can hold an account's id or an address: text ones (`mfa_email` is a 0/1 flag). */
  textColumns: string[];
  /** Each column as the database describes it (type, nullability, default). */
  meta: readonly ColumnMetadata[];
  db: Kysely<any>;
}

const BOOKKEEPING = /^(kysely_|uid_plugin_migration)|migration_lock|_migrations$/;

/** Every table of every store, with its columns. */
export async function storeTables(ctx: Ctx): Promise<StoreTable[]> {
  const read = async (store: StoreKind, storeName: string, db: Kysely<any>, schema: string): Promise<StoreTable[]> => {
    const tables = await db.introspection.getTables();
    return tables
      .filter((table) => (ctx.stores.dialect === 'postgres' ? table.schema === schema : true))
      .filter((table) => !BOOKKEEPING.test(table.name))
      .map((table) => ({
        store,
        storeName,
        table: table.name,
        columns: table.columns.map((column) => column.name),
        textColumns: table.columns.filter(isText).map((column) => column.name),
        meta: table.columns,
        db,
      }));
  };
  return [
    ...(await read('global', 'global', ctx.stores.global, 'uid_global')),
    ...(await read('legacy', 'legacy', ctx.stores.legacy, 'uid_legacy')),
    ...(await Promise.all(REGION_CODES.map((region) => read('regional', region, ctx.region(region), `uid_${region.toLowerCase()}`)))).flat(),
  ];
}

/** The person's rows in one table: where an identifying column (or the accounts' `id`) is theirs. */
export async function rowsNaming(table: StoreTable, person: { id: string; email: string }): Promise<Array<Record<string, unknown>>> {
  const idColumns = table.textColumns.filter((column) => ID_COLUMN.test(column) || (table.table === 'accounts' && column === 'id'));
  const emailColumns = table.textColumns.filter((column) => EMAIL_COLUMN.test(column));
  if (idColumns.length + emailColumns.length === 0) return [];
  return (await table.db
    .selectFrom(table.table)
    .selectAll()
    .where((eb) => eb.or([...idColumns.map((column) => eb(column, '=', person.id)), ...emailColumns.map((column) => eb(column, '=', person.email))]))
    .execute()) as Array<Record<string, unknown>>;
}

/** Every store's tables that hold rows naming the person, with how many. */
export async function personalRowCounts(ctx: Ctx, person: { id: string; email: string }): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of await storeTables(ctx)) {
    const rows = await rowsNaming(table, person);
    if (rows.length === 0) continue;
    const key = `${table.store}.${table.table}`;
    counts.set(key, (counts.get(key) ?? 0) + rows.length);
  }
  return counts;
}

/**
 * Puts one row naming the person into every table that can (its identifying columns set to the
 * person's id or address, every other required column to a made-up value of its type): the
 * regional tables in the person's region. Resolves the `<store>.<table>` names filled, and those
 * whose constraints refused a made-up row, with why.
 */
export async function fillPersonalRows(ctx: Ctx, person: { id: string; email: string; region: string }): Promise<{ filled: string[]; refused: Array<{ table: string; why: string }> }> {
  const filled: string[] = [];
  const refused: Array<{ table: string; why: string }> = [];
  let n = 0;
  for (const table of await storeTables(ctx)) {
    if (table.store === 'regional' && table.storeName !== person.region) continue;
    if (table.table === 'accounts' || table.table === 'directory') continue; // the person's own, there already
    if (!table.textColumns.some((column) => IDENTIFYING_COLUMN.test(column))) continue;
    const row: Record<string, unknown> = {};
    for (const column of table.meta) {
      n++;
      if (isText(column) && ID_COLUMN.test(column.name)) row[column.name] = person.id;
      else if (isText(column) && EMAIL_COLUMN.test(column.name)) row[column.name] = person.email;
      else if (column.isAutoIncrementing || (column.isNullable && !/region$/.test(column.name)) || column.hasDefaultValue) continue;
      else if (/region$/.test(column.name)) row[column.name] = person.region;
      else if (/bigint|int8/i.test(column.dataType)) row[column.name] = Date.now() + n;
      else if (/int|numeric|real|double/i.test(column.dataType)) row[column.name] = n;
      else if (/blob|bytea/i.test(column.dataType)) row[column.name] = Buffer.from([n]);
      // Short: a column may be varchar(8); `n` keeps unique columns unique.
      else row[column.name] = `f${n}`;
    }
    try {
      await table.db.insertInto(table.table).values(row).execute();
      filled.push(`${table.store}.${table.table}`);
    } catch (err) {
      refused.push({ table: `${table.store}.${table.table}`, why: (err as Error).message });
    }
  }
  return { filled, refused };
}

/** The `<store>.<table>` names the core and the features declare left out of a person's export. */
export function leftOutTables(ctx: Ctx): Set<string> {
  return new Set(personalDeclarations(ctx).flatMap((d) => d.tables.filter((table) => table.leftOut !== undefined).map((table) => `${table.store}.${table.table}`)));
}

/**
 * Every row of every table whose text names the person anywhere: any text column containing their
 * id or address (JSON payloads, free text), not only the identifying columns. Resolves
 * `<storeName>.<table>` → count. The erasure's test: after it, nothing is left.
 */
export async function rowsMentioning(ctx: Ctx, person: { id: string; email: string }): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of await storeTables(ctx)) {
    if (table.textColumns.length === 0) continue;
    const rows = await table.db
      .selectFrom(table.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.or(table.textColumns.flatMap((column) => [eb(column, 'like', `%${person.id}%`), eb(eb.fn('lower', [eb.ref(column)]), 'like', `%${person.email.toLowerCase()}%`)])))
      .executeTakeFirst();
    const n = Number((rows as { n: unknown } | undefined)?.n ?? 0);
    if (n > 0) found[`${table.storeName}.${table.table}`] = n;
  }
  return found;
}
