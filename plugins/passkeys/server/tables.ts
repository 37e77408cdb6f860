/**
 * The passkeys' table, in every regional store (the account's own region): the WebAuthn
 * credentials, with the public key (COSE, base64url), the last sign counter seen, and what the
 * list on the security page shows. A store made before the plugins owned their tables has it already.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import type { Kysely } from 'kysely';
import type { MigrationSet, RegionalDb, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

/** A WebAuthn credential of an account. */
export interface PasskeyTable {
  /** The credential id, base64url. */
  id: string;
  account_id: string;
  name: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** The highest sign counter seen; an authenticator that counts must exceed it. */
  counter: number;
  /** JSON array of the transports the browser reported at registration. */
  transports: string | null;
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type PasskeyTables = { passkeys: PasskeyTable };

export const passkeyStore = (ctx: Ctx, region: RegionCode) => ctx.region(region).withTables<PasskeyTables>();

/** The account's rows, for the core's move of an account to another region (the `accountData` point). */
export const passkeysOfAccount = {
  // They go with the account.
  async copy(ctx: Ctx, from: RegionCode, to: RegionCode, accountId: string): Promise<void> {
    const rows = await passkeyStore(ctx, from).selectFrom('passkeys').selectAll().where('account_id', '=', accountId).execute();
    if (rows.length > 0) await passkeyStore(ctx, to).insertInto('passkeys').values(rows).execute();
  },
  remove: (db: Kysely<RegionalDb>, accountId: string) => db.withTables<PasskeyTables>().deleteFrom('passkeys').where('account_id', '=', accountId).execute(),
};

export const passkeyMigrations: MigrationSet = () => ({
  '001_passkeys': {
    async up(db) {
      await db.schema
        .createTable('passkeys')
        .ifNotExists()
        .addColumn('id', 'varchar(1400)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'varchar(200)')
        .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_account_idx').ifNotExists().on('passkeys').column('account_id').execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfPasskeys = {
  name: 'passkeys',
  tables: [{ store: 'regional', table: 'passkeys', byId: ['account_id'], secret: ['public_key', 'counter'] }] satisfies PersonalTable[],
};
