/**
 * Opens the stores: SQLite files under the data folder by default (WAL), or PostgreSQL when a
 * connection URL is given (one schema per store on the same server, or one URL per store).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { RegionCode } from '../../core/contract/regions';
import { REGION_CODES } from '../../core/contract/regions';
import { migrate, type StoreKind } from './migrations';
import type { GlobalDb, LegacyDb, RegionalDb, Stores } from './types';

export interface StoreOptions {
  dataDir: string;
  /** postgres://… — when set, every store lives on PostgreSQL. */
  databaseUrl?: string;
  /** Per-store URLs (DATABASE_URL_GLOBAL, DATABASE_URL_USE, …) override databaseUrl. */
  databaseUrls?: Partial<Record<'global' | 'legacy' | Lowercase<RegionCode>, string>>;
}

function openSqlite<T>(file: string): Kysely<T> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<T>({ dialect: new SqliteDialect({ database }) });
}

async function openPostgres<T>(url: string, schema: string): Promise<Kysely<T>> {
  const pg = (await import('pg')).default;
  // bigint columns hold epoch milliseconds: read them as numbers.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/[^a-z0-9_]/g, '')}"`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  return new Kysely<T>({ dialect: new PostgresDialect({ pool }) });
}

export async function openStores(options: StoreOptions): Promise<Stores> {
  const pgUrl = (name: 'global' | 'legacy' | Lowercase<RegionCode>) => options.databaseUrls?.[name] ?? options.databaseUrl;
  async function open<T>(name: 'global' | 'legacy' | Lowercase<RegionCode>, kind: StoreKind): Promise<Kysely<T>> {
    const url = pgUrl(name);
    const db = url ? await openPostgres<T>(url, `uid_${name}`) : openSqlite<T>(path.join(options.dataDir, `${name}.sqlite`));
    await migrate(db, kind);
    return db;
  }
  const global = await open<GlobalDb>('global', 'global');
  const regions = {} as Record<RegionCode, Kysely<RegionalDb>>;
  for (const region of REGION_CODES) {
    regions[region] = await open<RegionalDb>(region.toLowerCase() as Lowercase<RegionCode>, 'regional');
  }
  const legacy = await open<LegacyDb>('legacy', 'legacy');
  return {
    global,
    regions,
    legacy,
    dialect: options.databaseUrl || Object.values(options.databaseUrls ?? {}).some(Boolean) ? 'postgres' : 'sqlite',
    async close() {
      await Promise.all([global.destroy(), legacy.destroy(), ...Object.values(regions).map((db) => db.destroy())]);
    },
  };
}
