/**
 * Social sign-in's tables, in the global store (a sign-in finds its account before its region is
 * known): identities linked to accounts by the provider's stable subject (never by address), and
 * the short-lived flows, from the login page (or the Security page) to the provider and back.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import type { MigrationSet, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

export interface SocialLinkTable {
  provider: string;
  /** The provider's `sub`. */
  subject: string;
  account_region: RegionCode;
  account_id: string;
  /** The address the provider gave when it was linked (shown on the Security page's card). */
  email: string | null;
  linked_at: number;
}

export interface SocialFlowTable {
  /** sha256 of the flow id (the id itself travels only in the browser's fragment). */
  id: string;
  /** sha256 of the `state` sent to the provider. */
  state_hash: string;
  /** sha256 of the flow cookie's value: only the browser that started it finishes it. */
  browser_hash: string;
  /** 'signIn' (the login page), 'link' (the Security page: an identity for a signed-in account) or 'appLink' (the same, from a partner app, in the device's browser). */
  purpose: string;
  /** signIn: the login session's code, which the sign-in goes on in; appLink: the hand-off's id; link: ''. */
  session_code: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  /** started → linked | link | create | failed → done */
  status: string;
  /** sha256 of the proof's secret (set when the provider answered). */
  proof_hash: string | null;
  subject: string | null;
  claim_email: string | null;
  given_name: string | null;
  family_name: string | null;
  /** signIn: the account the identity stands for (linked, or to link); link: the account to link it to. */
  account_region: RegionCode | null;
  account_id: string | null;
  error: string | null;
  created_at: number;
  expires_at: number;
}

/** A partner app's hand-off to the device's browser to link a provider (appLink.ts). */
export interface SocialAppLinkTable {
  /** sha256 of the one-time ticket. */
  id: string;
  account_region: RegionCode;
  account_id: string;
  /** The app whose session asked (its config names the way back). */
  app_type: string;
  provider: string;
  /** issued → opened → linking → review → finishing → linked | failed */
  status: string;
  /** sha256 of the hand-off cookie of the browser that opened the ticket. */
  browser_hash: string | null;
  /** review: the flow whose identity the person is asked to link, and the address the provider gave. */
  flow_id: string | null;
  provider_email: string | null;
  failure: string | null;
  created_at: number;
  expires_at: number;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type SocialTables = {
  social_sign_in_links: SocialLinkTable;
  social_sign_in_flows: SocialFlowTable;
  social_app_links: SocialAppLinkTable;
};

export const socialStore = (ctx: Ctx) => ctx.stores.global.withTables<SocialTables>();

export const socialMigrations: MigrationSet = () => ({
  '001_social_sign_in': {
    async up(db) {
      await db.schema
        .createTable('social_sign_in_links')
        .ifNotExists()
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('account_region', 'varchar(8)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('linked_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('social_sign_in_links_pk', ['provider', 'subject'])
        .execute();
      // One identity of each provider per account: a second would be a way in no one sees.
      await db.schema.createIndex('social_sign_in_links_account_idx').ifNotExists().unique().on('social_sign_in_links').columns(['account_id', 'provider']).execute();
      await db.schema
        .createTable('social_sign_in_flows')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
        .addColumn('session_code', 'varchar(128)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
        .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('proof_hash', 'varchar(64)')
        .addColumn('subject', 'varchar(255)')
        .addColumn('claim_email', 'varchar(320)')
        .addColumn('given_name', 'varchar(128)')
        .addColumn('family_name', 'varchar(128)')
        .addColumn('account_region', 'varchar(8)')
        .addColumn('account_id', 'varchar(64)')
        .addColumn('error', 'varchar(32)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '002_social_sign_in_link_email': {
    async up(db) {
      await db.schema.alterTable('social_sign_in_links').addColumn('email', 'varchar(320)').execute();
    },
  },
  '003_social_app_links': {
    async up(db) {
      await db.schema
        .createTable('social_app_links')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_region', 'varchar(8)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('app_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('browser_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('flow_id', 'varchar(64)')
        .addColumn('provider_email', 'varchar(320)')
        .addColumn('failure', 'varchar(32)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('social_app_links_account_idx').ifNotExists().on('social_app_links').column('account_id').execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfSocialSignIn = {
  name: 'social-sign-in',
  tables: [
  { store: 'global', table: 'social_sign_in_links', byId: ['account_id'], byEmail: ['email'] },
  // By the account only: anyone's provider account may claim an address, and its row is not that address's person's.
  { store: 'global', table: 'social_sign_in_flows', byId: ['account_id'], secret: ['state_hash', 'browser_hash', 'session_code', 'nonce', 'code_verifier', 'proof_hash'] },
  { store: 'global', table: 'social_app_links', byId: ['account_id'], byEmail: ['provider_email'], secret: ['browser_hash', 'flow_id'] },
] satisfies PersonalTable[],
};
