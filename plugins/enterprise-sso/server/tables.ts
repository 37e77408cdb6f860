/**
 * Enterprise sign-in's tables, in the global store: a sign-in must find a company's provider from
 * an address's domain before it knows the account's region. A company's connection (its provider,
 * the client secret sealed with the secrets key), the domains it claimed and proved, the identities
 * linked to accounts (by the provider's stable subject, never by address), and the short-lived
 * flows of sign-ins under way.
 */
import type { RegionCode } from '@portal/plugin-api/contract';
import { sql } from 'kysely';
import type { MigrationSet, ServerContext as Ctx, PersonalTable } from '@portal/server-api';

export interface ConnectionTable {
  id: string;
  company_region: RegionCode;
  company_id: string;
  /** 'oidc' or 'saml'. */
  kind: string;
  /** OpenID Connect: the issuer URL. SAML: the identity provider's entity ID. */
  issuer: string;
  /** OpenID Connect only ('' for SAML). */
  client_id: string;
  /** Sealed (ctx.secrets) at the place `enterprise-sso:<id>` ('' sealed for SAML). */
  client_secret: string;
  /** SAML: where the browser goes with the AuthnRequest (HTTP-Redirect binding). */
  saml_sso_url: string | null;
  /** SAML: the provider's signing certificates (a JSON array of base64 DER), any of which may sign. */
  saml_certs: string | null;
  /** SAML: the metadata URL it was read from, when it was given as one. */
  saml_metadata_url: string | null;
  /** 'provider': the provider's second factor (its amr) stands for the portal's; 'portal': the portal's own is asked. */
  second_factor: string;
  /** 1: the company's members sign in only here (their password is refused, -20690). */
  required: number;
  /** 1: the development provider this server starts; its issuer and secret are set anew at each start. */
  dev_local: number;
  created_at: number;
  updated_at: number;
}

export interface DomainTable {
  /** Lower case, without a trailing dot. Claimed by any number of companies; proven by one at most. */
  domain: string;
  connection_id: string;
  /** The value the DNS TXT record must hold. */
  token: string;
  verified_at: number | null;
  created_at: number;
}

export interface LinkTable {
  connection_id: string;
  /** The issuer the subject is of: a connection pointed elsewhere links no one it linked before. */
  issuer: string;
  /** The provider's `sub`. */
  subject: string;
  account_region: RegionCode;
  account_id: string;
  linked_at: number;
}

export interface FlowTable {
  /** sha256 of the flow id (the id itself travels only in the browser's fragment). */
  id: string;
  /** sha256 of the `state` sent to the provider. */
  state_hash: string;
  /** sha256 of the flow cookie's value: the callback must come to the browser that started it. */
  browser_hash: string;
  /** The login session's code: the sign-in goes on in it, and a proof serves only it. */
  session_code: string;
  connection_id: string;
  /** OpenID Connect's checks ('' for SAML). */
  nonce: string;
  code_verifier: string;
  /** SAML: the AuthnRequest's ID, which the answer's InResponseTo must name. */
  request_id: string | null;
  /** The address typed at the start. */
  email: string;
  /** started → linked | link | create | failed → done */
  status: string;
  /** sha256 of the proof's secret (set when the provider answered). */
  proof_hash: string | null;
  subject: string | null;
  claim_email: string | null;
  given_name: string | null;
  family_name: string | null;
  provider_mfa: number;
  account_region: RegionCode | null;
  account_id: string | null;
  /** Why a failed flow failed ('denied', 'provider', 'domain', 'state'). */
  error: string | null;
  created_at: number;
  expires_at: number;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type EnterpriseTables = {
  enterprise_sso_connections: ConnectionTable;
  enterprise_sso_domains: DomainTable;
  enterprise_sso_links: LinkTable;
  enterprise_sso_flows: FlowTable;
};

export const ssoStore = (ctx: Ctx) => ctx.stores.global.withTables<EnterpriseTables>();

export const enterpriseMigrations: MigrationSet = () => ({
  '001_enterprise_sso': {
    async up(db) {
      await db.schema
        .createTable('enterprise_sso_connections')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('company_region', 'varchar(8)', (c) => c.notNull())
        .addColumn('company_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('issuer', 'varchar(2048)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(256)', (c) => c.notNull())
        .addColumn('client_secret', 'text', (c) => c.notNull())
        .addColumn('second_factor', 'varchar(16)', (c) => c.notNull())
        .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dev_local', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('enterprise_sso_connections_company', ['company_region', 'company_id'])
        .execute();
      await db.schema
        .createTable('enterprise_sso_domains')
        .ifNotExists()
        .addColumn('domain', 'varchar(253)', (c) => c.notNull())
        .addColumn('connection_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('token', 'varchar(64)', (c) => c.notNull())
        .addColumn('verified_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('enterprise_sso_domains_pk', ['domain', 'connection_id'])
        .execute();
      // A claim squats nothing: only a proven domain is one company's (the store holds it too).
      await db.schema.createIndex('enterprise_sso_domains_proven_idx').ifNotExists().unique().on('enterprise_sso_domains').column('domain').where(sql.ref('verified_at'), 'is not', null).execute();
      await db.schema
        .createTable('enterprise_sso_links')
        .ifNotExists()
        .addColumn('connection_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('issuer', 'varchar(2048)', (c) => c.notNull())
        .addColumn('account_region', 'varchar(8)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('linked_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('enterprise_sso_links_pk', ['connection_id', 'subject'])
        .execute();
      await db.schema.createIndex('enterprise_sso_links_account_idx').ifNotExists().on('enterprise_sso_links').columns(['account_id']).execute();
      await db.schema
        .createTable('enterprise_sso_flows')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('session_code', 'varchar(128)', (c) => c.notNull())
        .addColumn('connection_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
        .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('proof_hash', 'varchar(64)')
        .addColumn('subject', 'varchar(255)')
        .addColumn('claim_email', 'varchar(320)')
        .addColumn('given_name', 'varchar(128)')
        .addColumn('family_name', 'varchar(128)')
        .addColumn('provider_mfa', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('account_region', 'varchar(8)')
        .addColumn('account_id', 'varchar(64)')
        .addColumn('error', 'varchar(32)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '002_enterprise_sso_saml': {
    async up(db) {
      await db.schema.alterTable('enterprise_sso_connections').addColumn('saml_sso_url', 'varchar(2048)').execute();
      await db.schema.alterTable('enterprise_sso_connections').addColumn('saml_certs', 'text').execute();
      await db.schema.alterTable('enterprise_sso_connections').addColumn('saml_metadata_url', 'varchar(2048)').execute();
      await db.schema.alterTable('enterprise_sso_flows').addColumn('request_id', 'varchar(128)').execute();
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfEnterpriseSso = {
  name: 'enterprise-sso',
  tables: [
  { store: 'global', table: 'enterprise_sso_links', byId: ['account_id'] },
  // By the account only: an address typed or claimed at a company's provider may be anyone's.
  { store: 'global', table: 'enterprise_sso_flows', byId: ['account_id'], secret: ['state_hash', 'browser_hash', 'session_code', 'nonce', 'code_verifier', 'proof_hash', 'request_id'] },
] satisfies PersonalTable[],
};
