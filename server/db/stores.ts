/**
 * Opens the stores: SQLite files under the data folder by default (WAL), or PostgreSQL when a
 * connection URL is given (one schema per store on the same server, or one URL per store).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import type { RegionCode } from '../../core/contract/regions';
import { REGION_CODES } from '../../core/contract/regions';
import { migrate, type PluginMigrations, type StoreKind } from './migrations';
import { privateDatabaseFile, privateDir } from './privateFiles';
import type { GlobalDb, LegacyDb, PoolStats, RegionalDb, Stores } from './types';

type StoreName = 'global' | 'legacy' | Lowercase<RegionCode>;

export interface StoreOptions {
  dataDir: string;
  /** postgres://… — when set, every store lives on PostgreSQL. */
  databaseUrl?: string;
  /** Per-store URLs (DATABASE_URL_GLOBAL, DATABASE_URL_USE, …) override databaseUrl. */
  databaseUrls?: Partial<Record<StoreName, string>>;
  /** The plugins' server halves' own migrations, run after the core's in the same lock. */
  pluginMigrations?: readonly PluginMigrations[];
}

/**
 * Transactions start with BEGIN IMMEDIATE: the write lock is taken at once, so a transaction
 * that reads, checks and then writes can never be overtaken between its read and its write —
 * by another process on the same file either (it waits up to busy_timeout instead of failing
 * with SQLITE_BUSY on a stale snapshot, as a deferred BEGIN would).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

function openSqlite<T>(file: string): Kysely<T> {
  privateDatabaseFile(file); // its folder, the data folder, was made private by openStores
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten, not left in free pages: an erased person's data is gone from the file too.
  database.pragma('secure_delete = ON');
  return new Kysely<T>({ dialect: new ImmediateSqliteDialect({ database }) });
}

/**
 * The advisory lock (pg_advisory_lock, one key for the whole database) that one process at a
 * time holds while it creates its schemas and runs their migrations: several instances starting
 * at once on one database would otherwise race on `CREATE SCHEMA IF NOT EXISTS` (a unique
 * violation in pg_namespace) and on the migration tables. The key is this project's own.
 */
export const MIGRATION_LOCK_KEY = 0x55_49_44_4d; // "UIDM"

/**
 * Opens one store on PostgreSQL: while holding the migration lock on a connection of its own,
 * creates the schema and runs `prepare` (the migrations).
 */
async function openPostgres<T>(url: string, schema: string, prepare: (db: Kysely<T>) => Promise<void>, onPool?: (pool: PoolStats) => void): Promise<Kysely<T>> {
  const pg = (await import('pg')).default;
  // Schema names are fixed here (uid_global, uid_use, …); identifiers cannot be bound as parameters.
  if (!/^[a-z][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  // bigint columns hold epoch milliseconds (and count(*) is bigint): read them as numbers.
  // Per pool, so other users of `pg` in the process keep the driver's defaults.
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}`, types });
  // An idle connection that the server drops (restart, admin command) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (err) => {
    console.error(`PostgreSQL (${schema}): idle connection lost: ${err.message}`);
  });
  const db = new Kysely<T>({ dialect: new PostgresDialect({ pool }) });
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
    await admin.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await prepare(db);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw err;
  } finally {
    await admin.end().catch(() => undefined);
  }
  onPool?.(pool);
  return db;
}

export async function openStores(options: StoreOptions): Promise<Stores> {
  // Uploads, the development mailbox and the SQLite files live here: the server's user only.
  privateDir(options.dataDir);
  const pgUrl = (name: StoreName) => options.databaseUrls?.[name] ?? options.databaseUrl;
  const pools: Array<[string, PoolStats]> = [];
  const opened: Array<Kysely<any>> = []; // eslint-disable-line @typescript-eslint/no-explicit-any -- works on any database's schema
  async function open<T>(name: StoreName, kind: StoreKind): Promise<Kysely<T>> {
    const url = pgUrl(name);
    const schema = `uid_${name}`;
    const region = REGION_CODES.find((r) => r.toLowerCase() === name);
    const storeName = region ? `region:${region}` : name;
    if (url) {
      const db = await openPostgres<T>(url, schema, (fresh) => migrate(fresh, kind, { dialect: 'postgres', schema }, options.pluginMigrations), (pool) => pools.push([storeName, pool]));
      opened.push(db);
      return db;
    }
    // SQLite serves one instance: its files are migrated by the process that opens them first.
    const db = openSqlite<T>(path.join(options.dataDir, `${name}.sqlite`));
    opened.push(db);
    await migrate(db, kind, { dialect: 'sqlite' }, options.pluginMigrations);
    return db;
  }
  try {
    const global = await open<GlobalDb>('global', 'global');
    const regions = {} as Record<RegionCode, Kysely<RegionalDb>>;
    for (const region of REGION_CODES) {
      regions[region] = await open<RegionalDb>(region.toLowerCase() as Lowercase<RegionCode>, 'regional');
    }
    const legacy = await open<LegacyDb>('legacy', 'legacy');
    return {
      pools,
      global,
      regions,
      legacy,
      dialect: options.databaseUrl || Object.values(options.databaseUrls ?? {}).some(Boolean) ? 'postgres' : 'sqlite',
      async close() {
        await Promise.all(opened.map((db) => db.destroy()));
      },
    };
  } catch (err) {
    // Nothing stays open when a store cannot be opened or migrated.
    await Promise.all(opened.map((db) => db.destroy().catch(() => undefined)));
    throw err;
  }
}
