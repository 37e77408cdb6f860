/**
 * The shipped features' tables moved from the core's migrations to their plugins' (issue 25). A
 * store made before, by the core's old list, is upgraded in place: replayed from what the old
 * migrations ran (server/db/fixtures/migrations-before-plugin-tables.json, recorded from the last
 * version before the move), whole or cut after its first migration (an older store still), then
 * migrated by today's code. Its schema must be a fresh store's, table by table, column by column,
 * index by index, and its rows must be there. On SQLite, and on PostgreSQL when the suite has one.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, type PluginMigrations, type SqlDialect, type StoreKind } from '../db/migrations';
import { REPO_ROOT } from '../options';
import { loadServerHalves, pluginMigrationsOf } from '../plugin-host/serverHalves';
import { createTestDatabase, TEST_DATABASE_URL } from './harness';

type AnyDb = Kysely<any>; // a store of any kind, read by name (tests may use any)
type Statement = { sql: string; parameters: unknown[] };
const fixture = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server/db/fixtures/migrations-before-plugin-tables.json'), 'utf8')) as { statements: Record<SqlDialect, Record<StoreKind, Statement[]>> };

const cleanUps: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const clean of cleanUps.splice(0).reverse()) await clean();
});

let pgUrl: Promise<string> | null = null;
let schemas = 0;
async function openStore(dialect: SqlDialect): Promise<{ db: AnyDb; schema: string }> {
  if (dialect === 'sqlite') {
    const db: AnyDb = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    cleanUps.push(() => db.destroy());
    return { db, schema: 'main' };
  }
  pgUrl ??= createTestDatabase(TEST_DATABASE_URL!).then((d) => {
    cleanUps.unshift(d.drop);
    return d.url;
  });
  const url = await pgUrl;
  const schema = `upgrade_${++schemas}`;
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  const db: AnyDb = new Kysely({ dialect: new PostgresDialect({ pool }) });
  await sql.raw(`create schema "${schema}"`).execute(db);
  cleanUps.push(() => db.destroy());
  return { db, schema };
}

/** The old core's statements, as it ran them; `cut`: only up to its first migration's record. */
async function replayOld(db: AnyDb, schema: string, dialect: SqlDialect, kind: StoreKind, cut: boolean): Promise<void> {
  for (const statement of fixture.statements[dialect][kind]) {
    await db.executeQuery(CompiledQuery.raw(statement.sql.split('"$SCHEMA"').join(`"${schema}"`), statement.parameters));
    if (cut && /^insert into .*"kysely_migration"/.test(statement.sql)) return;
  }
}

/** Tables with their columns, indexes with their columns and conditions, and the migrations each list records. */
async function schemaOf(db: AnyDb, dialect: SqlDialect, schema: string): Promise<unknown> {
  if (dialect === 'sqlite') {
    const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)).rows.map((r) => r.name);
    const described: Record<string, unknown> = {};
    for (const table of tables) {
      const columns = (await sql<{ name: string; type: string; notnull: number; dflt_value: unknown; pk: number }>`select name, type, "notnull", dflt_value, pk from pragma_table_info(${table})`.execute(db)).rows;
      const indexes = (await sql<{ name: string; unique: number; partial: number }>`select name, "unique", partial from pragma_index_list(${table})`.execute(db)).rows;
      const withColumns = [];
      for (const index of indexes) {
        const cols = (await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db)).rows.map((r) => r.name);
        const definition = (await sql<{ sql: string | null }>`select sql from sqlite_master where type = 'index' and name = ${index.name}`.execute(db)).rows[0]?.sql ?? null;
        withColumns.push({ ...index, cols, definition });
      }
      described[table] = { columns: columns.sort((a, b) => a.name.localeCompare(b.name)), indexes: withColumns.sort((a, b) => a.name.localeCompare(b.name)) };
    }
    return { tables: described, migrations: await recorded(db, tables) };
  }
  const columns = (
    await sql<{ table_name: string; column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string; column_default: string | null }>`
      select table_name, column_name, data_type, character_maximum_length, is_nullable, column_default from information_schema.columns
      where table_schema = ${schema} order by table_name, column_name`.execute(db)
  ).rows;
  const indexes = (await sql<{ tablename: string; indexname: string; indexdef: string }>`select tablename, indexname, indexdef from pg_indexes where schemaname = ${schema} order by tablename, indexname`.execute(db)).rows.map((r) => ({ ...r, indexdef: r.indexdef.split(`${schema}.`).join('') }));
  const tables = [...new Set(columns.map((c) => c.table_name))];
  return { columns, indexes, migrations: await recorded(db, tables) };
}

async function recorded(db: AnyDb, tables: string[]): Promise<Record<string, string[]>> {
  const lists: Record<string, string[]> = {};
  for (const table of tables.filter((t) => /^(kysely_migration|plugin_migrations_[a-z0-9_]+)$/.test(t) && !t.endsWith('_lock')).sort()) {
    lists[table] = (await sql<{ name: string }>`select name from ${sql.table(table)} order by name`.execute(db)).rows.map((r) => r.name);
  }
  return lists;
}

/** A few rows of the features' tables, written by the old schema: they must survive the upgrade. */
const rows: Record<StoreKind, Array<{ table: string; values: Record<string, unknown> }>> = {
  global: [{ table: 'captcha_challenges', values: { id: 'c1', target_x: 120, piece_y: 40, created_at: 1, expires_at: 2, attempts: 0, seed: 's', subject: 'a' } }],
  regional: [
    { table: 'orgs', values: { id: 'o1', name: 'Old Co', name_key: 'old co', type: 'installer', country: 'DE', org_code: 'OLD1', owner_account_id: 'a1', created_at: 1, updated_at: 1 } },
    { table: 'passkeys', values: { id: 'p1', account_id: 'a1', name: 'Key', public_key: 'pk', counter: 3, created_at: 1 } },
    { table: 'email_codes', values: { id: 'e1', account_id: 'a1', purpose: 'login', code_hash: 'h', created_at: 1, expires_at: 2, process_hash: 'ph' } },
  ],
  legacy: [{ table: 'legacy_accounts', values: { uuid: 'u1', provider: 'partnerApp', email: 'old@example.com', password_hash: 'x', first_name: 'O', last_name: 'Ld' } }],
};

const dialects: SqlDialect[] = TEST_DATABASE_URL ? ['postgres'] : ['sqlite'];
const kinds: StoreKind[] = ['global', 'regional', 'legacy'];

describe.each(dialects)('a store made before the plugins owned their tables (%s)', (dialect) => {
  let plugins: PluginMigrations[];
  const target = (schema: string) => (dialect === 'postgres' ? { dialect, schema } : { dialect });

  it.each(kinds)('%s: upgraded in place, it has a fresh store\'s schema and keeps its rows', async (kind) => {
    plugins ??= pluginMigrationsOf(await loadServerHalves(REPO_ROOT, () => false));
    const fresh = await openStore(dialect);
    await migrate(fresh.db, kind, target(fresh.schema), plugins);
    const expected = await schemaOf(fresh.db, dialect, fresh.schema);

    const old = await openStore(dialect);
    await replayOld(old.db, old.schema, dialect, kind, false);
    for (const row of rows[kind]) await old.db.insertInto(row.table).values(row.values).execute();
    await migrate(old.db, kind, target(old.schema), plugins);
    expect(await schemaOf(old.db, dialect, old.schema)).toEqual(expected);
    for (const row of rows[kind]) {
      const key = Object.keys(row.values)[0]!;
      expect(await old.db.selectFrom(row.table).select(key).where(key, '=', row.values[key]).execute(), row.table).toEqual([{ [key]: row.values[key] }]);
    }
    // Started again: nothing left to run, nothing changed.
    await migrate(old.db, kind, target(old.schema), plugins);
    expect(await schemaOf(old.db, dialect, old.schema)).toEqual(expected);
  }, 60_000);

  it.each(kinds)('%s: one older still (only its first migration ran) is brought up to the same schema', async (kind) => {
    plugins ??= pluginMigrationsOf(await loadServerHalves(REPO_ROOT, () => false));
    const fresh = await openStore(dialect);
    await migrate(fresh.db, kind, target(fresh.schema), plugins);
    const older = await openStore(dialect);
    await replayOld(older.db, older.schema, dialect, kind, true);
    await migrate(older.db, kind, target(older.schema), plugins);
    expect(await schemaOf(older.db, dialect, older.schema)).toEqual(await schemaOf(fresh.db, dialect, fresh.schema));
  }, 60_000);
});
