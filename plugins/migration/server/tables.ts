/**
 * The migration feature's tables, in the legacy store: the old system's local accounts (the
 * partner programme's and the partner apps') and the single-use links that migrate one. A store
 * made before the plugins owned their tables has them already. (The per-address password lock of
 * a sign-in without a vendor ID, `legacy_password_locks`, is the core sign-in's.)
 */
import type { MigrationSet, LegacyAccountTable, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

export interface MigrationTokenTable {
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type MigrationTables = { legacy_accounts: LegacyAccountTable; migration_tokens: MigrationTokenTable };

export const legacyStore = (ctx: Pick<Ctx, 'stores'>) => ctx.stores.legacy.withTables<MigrationTables>();

export const migrationMigrations: MigrationSet = () => ({
  '001_legacy_accounts': {
    async up(db) {
      await db.schema
        .createTable('legacy_accounts')
        .ifNotExists()
        .addColumn('uuid', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('region', 'varchar(8)')
        .addColumn('mfa', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('subscription', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('product_line', 'varchar(200)')
        .addColumn('subscription_topic', 'varchar(500)')
        .addColumn('migrated_at', 'bigint')
        .addColumn('migrated_to', 'varchar(64)')
        .execute();
      await db.schema.createIndex('legacy_email_idx').ifNotExists().on('legacy_accounts').column('email').execute();
      await db.schema
        .createTable('migration_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfMigration = {
  name: 'migration',
  tables: [
  { store: 'legacy', table: 'legacy_accounts', byEmail: ['email'], secret: ['password_hash'] },
  { store: 'legacy', table: 'migration_tokens', byEmail: ['email'], secret: ['token_hash'] },
] satisfies PersonalTable[],
};
