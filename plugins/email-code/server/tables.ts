/**
 * The sign-in codes' table, in every regional store (the account's own region): one row per code
 * mailed, keyed by the hash of its process id (the id itself is only the browser's), with the keyed
 * hashes of the code and of the mail link's token, and the hash of the login session it was mailed for.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import type { Kysely } from 'kysely';
import type { MigrationSet, RegionalDb, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

export interface SignInCodeTable {
  /** sha256 of the process id the browser holds. */
  id: string;
  account_id: string;
  /** sha256 of `<process id>:<code>`: without the process id (not stored) 6 digits are no use. */
  code_hash: string;
  /** sha256 of `<process id>:<link token>`. */
  link_hash: string;
  /** sha256 of the login session's code it was mailed for: a code finishes only that sign-in. */
  binding_hash: string;
  /** sha256 of the cookie set in the browser that asked: the code and its link work only there (null: rows made before). */
  browser_hash: string | null;
  created_at: number;
  expires_at: number;
  /** Set when a sign-in with it completed, or a newer code replaced it. */
  used_at: number | null;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type SignInCodeTables = { email_code_processes: SignInCodeTable };

export const signInCodeStore = (ctx: Ctx, region: RegionCode) => ctx.region(region).withTables<SignInCodeTables>();

/** The account's rows, for the core's move of an account to another region (the `accountData` point): short-lived, so not moved. */
export const signInCodesOfAccount = {
  remove: (db: Kysely<RegionalDb>, accountId: string) => db.withTables<SignInCodeTables>().deleteFrom('email_code_processes').where('account_id', '=', accountId).execute(),
};

export const signInCodeMigrations: MigrationSet = () => ({
  '001_email_code_processes': {
    async up(db) {
      await db.schema
        .createTable('email_code_processes')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('link_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('email_code_processes_account_idx').ifNotExists().on('email_code_processes').column('account_id').execute();
    },
  },
  '002_email_code_browser': {
    async up(db) {
      await db.schema.alterTable('email_code_processes').addColumn('browser_hash', 'varchar(64)').execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfEmailCode = {
  name: 'email-code',
  tables: [{ store: 'regional', table: 'email_code_processes', byId: ['account_id'], secret: ['code_hash', 'link_hash', 'binding_hash', 'browser_hash'] }] satisfies PersonalTable[],
};
