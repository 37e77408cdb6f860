/**
 * The recovery codes' table, in every regional store: single-use codes of the second factor,
 * stored keyed-hashed (recoveryCodes.ts); a new set replaces the old one. A store made before the
 * plugins owned their tables has it already.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import type { Kysely } from 'kysely';
import type { MigrationSet, RegionalDb, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

export interface RecoveryCodeTable {
  id: string;
  account_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type RecoveryCodeTables = { recovery_codes: RecoveryCodeTable };

export const recoveryCodeStore = (ctx: Ctx, region: RegionCode) => ctx.region(region).withTables<RecoveryCodeTables>();

/** The account's rows, for the core's move of an account to another region (the `accountData` point). */
export const recoveryCodesOfAccount = {
  // They go with the account.
  async copy(ctx: Ctx, from: RegionCode, to: RegionCode, accountId: string): Promise<void> {
    const rows = await recoveryCodeStore(ctx, from).selectFrom('recovery_codes').selectAll().where('account_id', '=', accountId).execute();
    if (rows.length > 0) await recoveryCodeStore(ctx, to).insertInto('recovery_codes').values(rows).execute();
  },
  remove: (db: Kysely<RegionalDb>, accountId: string) => db.withTables<RecoveryCodeTables>().deleteFrom('recovery_codes').where('account_id', '=', accountId).execute(),
};

export const recoveryCodeMigrations: MigrationSet = () => ({
  '001_recovery_codes': {
    async up(db) {
      await db.schema
        .createTable('recovery_codes')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('recovery_codes_account_idx').ifNotExists().on('recovery_codes').column('account_id').execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfRecoveryCodes = {
  name: 'recovery-codes',
  tables: [{ store: 'regional', table: 'recovery_codes', byId: ['account_id'], secret: ['code_hash'] }] satisfies PersonalTable[],
};
