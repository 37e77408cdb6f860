/**
 * The mailed codes' table, in every regional store: a code's keyed hash, what it is for (a sign-in,
 * bound to its MFA process's token hash, or setting the method up) and when it was used. A store
 * made before the plugins owned their tables has it already. (The account's second-factor settings
 * stay columns of the core's accounts table: the core's MFA process reads them for every method.)
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import type { Kysely } from 'kysely';
import type { MigrationSet, RegionalDb, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

export interface EmailCodeTable {
  id: string;
  account_id: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Sign-in codes: hash of the MFA process token they were mailed for; null for binding. */
  process_hash: string | null;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type EmailCodeTables = { email_codes: EmailCodeTable };

export const emailCodeStore = (ctx: Ctx, region: RegionCode) => ctx.region(region).withTables<EmailCodeTables>();

/** The account's rows, for the core's move of an account to another region (the `accountData` point). */
export const emailCodesOfAccount = {
  remove: (db: Kysely<RegionalDb>, accountId: string) => db.withTables<EmailCodeTables>().deleteFrom('email_codes').where('account_id', '=', accountId).execute(),
};

export const mfaMigrations: MigrationSet = () => ({
  '001_email_codes': {
    async up(db) {
      await db.schema
        .createTable('email_codes')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('process_hash', 'varchar(64)')
        .execute();
      await db.schema.createIndex('email_codes_account_idx').ifNotExists().on('email_codes').columns(['account_id', 'purpose']).execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfMfa = {
  name: 'mfa',
  tables: [{ store: 'regional', table: 'email_codes', byId: ['account_id'], secret: ['code_hash', 'process_hash'] }] satisfies PersonalTable[],
};
