/**
 * The trusted browsers' table, in every regional store: a browser that passed the second factor
 * and asked not to be asked again; its signed cookie names a row here, so the device can be listed
 * and revoked (trustedDevices.ts). A store made before the plugins owned their tables has it already.
 * The cookie's secret rotates on each use; the row keeps only digests of it (the current one and the
 * one it replaced), and the browser family the device was trusted in.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import type { Kysely } from 'kysely';
import type { MigrationSet, RegionalDb, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

export interface TrustedDeviceTable {
  id: string;
  account_id: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
  /** SHA-256 of the cookie's current secret; null only on a row retired by 002 (made before secrets). */
  secret_digest: string | null;
  /** SHA-256 of the secret it replaced: presented again within the grace, a parallel sign-in; after it, reuse. */
  previous_digest: string | null;
  rotated_at: number | null;
  /** Browser and system family ("Chrome on Windows"): another one presenting the cookie is a copy. */
  browser_family: string | null;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type TrustedDeviceTables = { trusted_devices: TrustedDeviceTable };

export const trustedDeviceStore = (ctx: Ctx, region: RegionCode) => ctx.region(region).withTables<TrustedDeviceTables>();

/** The account's rows, for the core's move of an account to another region (the `accountData` point). */
export const trustedDevicesOfAccount = {
  remove: (db: Kysely<RegionalDb>, accountId: string) => db.withTables<TrustedDeviceTables>().deleteFrom('trusted_devices').where('account_id', '=', accountId).execute(),
};

export const trustedDeviceMigrations: MigrationSet = () => ({
  '001_trusted_devices': {
    async up(db) {
      await db.schema
        .createTable('trusted_devices')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('trusted_devices_account_idx').ifNotExists().on('trusted_devices').column('account_id').execute();
    },
  },
  '002_trusted_devices_bound': {
    // Issue 26: a cookie made before holds only the signed device id, which a copy holds as well;
    // it cannot be bound after the fact, so those rows are retired (their browsers are asked the
    // second factor once more and may trust themselves anew). One column per statement: SQLite.
    async up(db) {
      await db.schema.alterTable('trusted_devices').addColumn('secret_digest', 'varchar(64)').execute();
      await db.schema.alterTable('trusted_devices').addColumn('previous_digest', 'varchar(64)').execute();
      await db.schema.alterTable('trusted_devices').addColumn('rotated_at', 'bigint').execute();
      await db.schema.alterTable('trusted_devices').addColumn('browser_family', 'varchar(64)').execute();
      await db.updateTable('trusted_devices').set({ revoked_at: Date.now() }).where('revoked_at', 'is', null).execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfTrustedDevice = {
  name: 'trusted-device',
  tables: [{ store: 'regional', table: 'trusted_devices', byId: ['account_id'], secret: ['secret_digest', 'previous_digest'] }] satisfies PersonalTable[],
};
