/**
 * The copies of people's data, in every regional store (the account's own region: the copy is
 * their data and stays where it lives). A row is the job's work item and, once built, the ZIP
 * itself: in the database, not a file, so every instance of the server can build and serve it
 * and nothing is left in a folder when the row goes.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import type { Kysely } from 'kysely';
import type { MigrationSet, PersonalTable, RegionalDb, ServerContext as Ctx } from '@portal/server-api';
import type { ExportState } from '../contract';

export interface DataExportTable {
  id: string;
  account_id: string;
  state: ExportState;
  /** The README's language: the account's when it asked. */
  language: string;
  requested_at: number;
  /** Builds started: a build that died (its claim ran out) is started again, up to a limit. */
  attempts: number;
  /** The instance building it and until when its claim holds. */
  claimed_by: string | null;
  claimed_until: number | null;
  ready_at: number | null;
  expires_at: number | null;
  size: number | null;
  /** SHA-256 of the ZIP, hex. */
  sha256: string | null;
  archive: Uint8Array | null;
  /** When the ready mail was handed to the outbox (once). */
  mailed_at: number | null;
  downloaded_at: number | null;
  /** What the last failed build ended with (an error's name, never data). */
  last_error: string | null;
}

/** A closed ID ("Delete my account"), until it is restored or erased; the erasure job's work item. */
export interface ClosureTable {
  account_id: string;
  /** Kept for the restore page and for the erasure of rows found by address. */
  email: string;
  /** The mails' language: the account's when it closed. */
  language: string;
  closed_at: number;
  erase_at: number;
  /** SHA-256 of the mailed restore link's token. */
  restore_hash: string;
  /** closed: restorable until `erase_at`; retained: erased but for the operator's retained tables, until `retain_until`. */
  state: 'closed' | 'retained';
  claimed_by: string | null;
  claimed_until: number | null;
  attempts: number;
  retain_until: number | null;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type DataExportTables = { your_data_exports: DataExportTable; your_data_closures: ClosureTable };

export const exportStore = (ctx: Ctx, region: RegionCode) => ctx.region(region).withTables<DataExportTables>();
export const closureStore = exportStore;

/** On a move to another region (a region confirmation) the copy is not moved: it is deleted, and can be asked for again there. */
export const exportsOfAccount = {
  remove: (db: Kysely<RegionalDb>, accountId: string) => db.withTables<DataExportTables>().deleteFrom('your_data_exports').where('account_id', '=', accountId).execute(),
};

/** The copy is the person's data already: it is not copied into itself. */
export const personalDataOfYourData = {
  name: 'your-data',
  tables: [
    { store: 'regional', table: 'your_data_exports', byId: ['account_id'], leftOut: 'the copy of the data itself, being built or ready to download' },
    {
      store: 'regional',
      table: 'your_data_closures',
      byId: ['account_id'],
      byEmail: ['email'],
      leftOut: 'a closed ID cannot ask for its copy; an open one has no closure',
      erase: { kept: 'the erasure’s own work item: the job deletes it once the erasure is done' },
    },
  ] satisfies PersonalTable[],
};

export const exportMigrations: MigrationSet = (dialect) => ({
  '001_your_data_exports': {
    async up(db) {
      await db.schema
        .createTable('your_data_exports')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('language', 'varchar(16)', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_by', 'varchar(64)')
        .addColumn('claimed_until', 'bigint')
        .addColumn('ready_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .addColumn('size', 'bigint')
        .addColumn('sha256', 'varchar(64)')
        .addColumn('archive', dialect === 'postgres' ? 'bytea' : 'blob')
        .addColumn('mailed_at', 'bigint')
        .addColumn('downloaded_at', 'bigint')
        .addColumn('last_error', 'varchar(200)')
        .execute();
      // One copy per account at a time; the job looks for work by state.
      await db.schema.createIndex('your_data_exports_account_idx').ifNotExists().on('your_data_exports').column('account_id').unique().execute();
      await db.schema.createIndex('your_data_exports_state_idx').ifNotExists().on('your_data_exports').columns(['state', 'requested_at']).execute();
    },
  },
  '002_your_data_closures': {
    async up(db) {
      await db.schema
        .createTable('your_data_closures')
        .ifNotExists()
        .addColumn('account_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('language', 'varchar(16)', (c) => c.notNull())
        .addColumn('closed_at', 'bigint', (c) => c.notNull())
        .addColumn('erase_at', 'bigint', (c) => c.notNull())
        .addColumn('restore_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('claimed_by', 'varchar(64)')
        .addColumn('claimed_until', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retain_until', 'bigint')
        .execute();
      await db.schema.createIndex('your_data_closures_restore_idx').ifNotExists().on('your_data_closures').column('restore_hash').unique().execute();
      // The job looks for due work by state and time.
      await db.schema.createIndex('your_data_closures_due_idx').ifNotExists().on('your_data_closures').columns(['state', 'erase_at']).execute();
    },
  },
});
