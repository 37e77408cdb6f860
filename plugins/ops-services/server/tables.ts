/**
 * The services section's one table, in the global store: the images operators upload for a
 * service's login page (logos, slides), so every instance serves them from the portal's own
 * origin. Kept by their SHA-256: the same image uploaded twice is one row, and an address never
 * changes what it shows (served as immutable).
 */
import type { MigrationSet, ServerContext as Ctx } from '@portal/server-api';

export interface ServiceImageTable {
  /** SHA-256 of the bytes, hex. */
  digest: string;
  content_type: string;
  /** The bytes, base64: one portable column type for SQLite and PostgreSQL. */
  data: string;
  size: number;
  created_at: number;
  /** The operator's address. */
  created_by: string;
}

export type ServicesTables = { ops_services_images: ServiceImageTable };

export const servicesStore = (ctx: Ctx) => ctx.stores.global.withTables<ServicesTables>();

export const servicesMigrations: MigrationSet = () => ({
  '001_images': {
    async up(db) {
      await db.schema
        .createTable('ops_services_images')
        .ifNotExists()
        .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'varchar(320)', (c) => c.notNull())
        .execute();
    },
  },
});
