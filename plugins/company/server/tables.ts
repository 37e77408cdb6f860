/**
 * The company feature's tables, in every regional store: companies, their members and
 * applications, invitations and the sends the daily caps count. Made by this plugin's migration;
 * a store made before the plugins owned their tables already has them, in this same shape
 * (server/test/pluginTablesUpgrade.test.ts), and keeps them.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import { sql, type Generated, type Kysely } from 'kysely';
import type { MigrationSet, RegionalDb, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

export interface OrgTable {
  id: string;
  name: string;
  name_key: string;
  certified: number;
  type: string;
  country: string;
  address: string | null;
  state: string | null;
  city: string | null;
  post_code: string | null;
  contact: string | null;
  contact_email: string | null;
  contact_number: string | null;
  org_code: string;
  website: string | null;
  comment: string | null;
  license_file_id: string | null;
  owner_account_id: string;
  version: number;
  created_at: number;
  updated_at: number;
}
export interface OrgMemberTable {
  id: string;
  org_id: string;
  account_id: string | null;
  email: string;
  role: string;
  /** active | unverified (invited) | expired (invitation lapsed) */
  status: string;
  joined_at: number | null;
  invited_at: number | null;
}
export interface ApplicationTable {
  id: string;
  org_id: string;
  account_id: string;
  /** pending | accepted | rejected */
  status: string;
  created_at: number;
  decided_at: number | null;
}
export interface InvitationTable {
  id: string;
  org_id: string;
  email: string;
  role: string;
  code_hash: string;
  inviter_account_id: string;
  /** pending | accepted | cancelled */
  status: string;
  created_at: number;
  last_sent_at: number;
  expires_at: number;
  closed_at: number | null;
}
export interface InviteSendTable {
  id: Generated<number>;
  org_id: string;
  email: string;
  sent_at: number;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type CompanyTables = {
  orgs: OrgTable;
  org_members: OrgMemberTable;
  org_applications: ApplicationTable;
  invitations: InvitationTable;
  invite_sends: InviteSendTable;
};

/** A region's store (or a transaction on it), with this plugin's tables. */
export type CompanyDb = Kysely<RegionalDb & CompanyTables>;
export const companyStore = (ctx: Ctx, region: RegionCode) => ctx.region(region).withTables<CompanyTables>();

/** The account's rows, for the core's move of an account to another region (the `accountData` point). */
export const applicationsOfAccount = {
  remove: (db: Kysely<RegionalDb>, accountId: string) => db.withTables<CompanyTables>().deleteFrom('org_applications').where('account_id', '=', accountId).execute(),
};

export const companyMigrations: MigrationSet = (dialect) => ({
  '001_companies': {
    async up(db) {
      await db.schema
        .createTable('orgs')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('certified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('country', 'varchar(8)', (c) => c.notNull())
        .addColumn('address', 'varchar(500)')
        .addColumn('state', 'varchar(200)')
        .addColumn('city', 'varchar(200)')
        .addColumn('post_code', 'varchar(16)')
        .addColumn('contact', 'varchar(200)')
        .addColumn('contact_email', 'varchar(320)')
        .addColumn('contact_number', 'varchar(32)')
        .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('website', 'varchar(500)')
        .addColumn('comment', 'varchar(1000)')
        .addColumn('license_file_id', 'varchar(64)')
        .addColumn('owner_account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('org_members')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(64)')
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('joined_at', 'bigint')
        .addColumn('invited_at', 'bigint')
        .addUniqueConstraint('org_members_org_email', ['org_id', 'email'])
        .execute();
      // An account is an active member of at most one company: the rule the membership
      // transactions check (companies.ts), also held by the store itself. Invited (unverified)
      // rows are not memberships and may exist for several companies.
      await db.schema.createIndex('org_members_one_active_idx').ifNotExists().unique().on('org_members').column('account_id').where(sql.ref('status'), '=', sql.lit('active')).execute();
      await db.schema
        .createTable('org_applications')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .execute();
      await db.schema
        .createTable('invitations')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('inviter_account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .execute();
      await db.schema.createIndex('invitations_org_email_idx').ifNotExists().on('invitations').columns(['org_id', 'email']).execute();
      await db.schema
        .createTable('invite_sends')
        .ifNotExists()
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invite_sends_email_idx').ifNotExists().on('invite_sends').columns(['email', 'sent_at']).execute();
      await db.schema.createIndex('invite_sends_org_idx').ifNotExists().on('invite_sends').columns(['org_id', 'sent_at']).execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfCompany = {
  name: 'company',
  tables: [
  // A company that names the person as its contact is theirs to see, but not its joining code.
  // Erased by the feature (erasure.ts): a company is deleted only with an owner who was alone in it.
  { store: 'regional', table: 'orgs', byId: ['owner_account_id'], byEmail: ['contact_email'], secret: ['org_code'], erase: 'feature' },
  { store: 'regional', table: 'org_members', byId: ['account_id'], byEmail: ['email'] },
  { store: 'regional', table: 'org_applications', byId: ['account_id'] },
  { store: 'regional', table: 'invitations', byId: ['inviter_account_id'], byEmail: ['email'], secret: ['code_hash'] },
  { store: 'regional', table: 'invite_sends', byEmail: ['email'] },
] satisfies PersonalTable[],
};
