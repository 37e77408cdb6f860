/**
 * Migrations in code, one list per kind of store. Kysely's schema builder keeps them
 * portable between SQLite and PostgreSQL: times are `bigint` (epoch ms), flags `integer`.
 * The one dialect difference is the auto-numbered key (`integer … autoincrement` on SQLite,
 * `serial` on PostgreSQL), so the lists are built per dialect.
 */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import { DIGESTED_MODELS, rowKey, storedPayload } from '../oidc/adapter';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- works on any database's schema
export type SqlDialect = 'sqlite' | 'postgres';

/**
 * Whether the store has `table` (in its own schema on PostgreSQL: the search path's first). The
 * core's historic entries that change a feature's table use it: that table is its plugin's now, so
 * a fresh store gets it, final, from the plugin; only a store made before changes it here.
 */
async function hasTable(db: AnyDb, dialect: SqlDialect, table: string): Promise<boolean> {
  const query =
    dialect === 'postgres'
      ? sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`
      : sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

export const globalMigrations = (dialect: SqlDialect): Record<string, Migration> => ({
  '001_directory': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('directory')
        .ifNotExists()
        .addColumn('email', 'varchar(320)', (c) => c.primaryKey())
        .addColumn('region', 'varchar(8)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('clients')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('redirect_uris', 'text', (c) => c.notNull())
        .addColumn('branding', 'text', (c) => c.notNull())
        .addColumn('require_captcha', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('plugins', 'text')
        .addColumn('service_url', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('login_sessions')
        .ifNotExists()
        .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('code_challenge', 'varchar(128)')
        .addColumn('return_url', 'text')
        .addColumn('scope', 'text')
        .addColumn('language', 'varchar(16)')
        .addColumn('source', 'varchar(32)')
        .addColumn('params', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .addColumn('account_id', 'varchar(64)')
        .addColumn('region', 'varchar(8)')
        .addColumn('sso_session_id', 'varchar(64)')
        .execute();
      await db.schema
        .createTable('auth_codes')
        .ifNotExists()
        .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'varchar(128)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('region', 'varchar(8)', (c) => c.notNull())
        .addColumn('sso_session_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('return_url', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('token_family', 'varchar(64)')
        .execute();
    },
  },
  '002_captcha_images': {
    // Raster puzzles: a secret seed per puzzle, and one single-use URL key per image (stored
    // hashed) with the time it was served. Puzzles of the SVG era cannot be drawn: dropped
    // (they live two minutes anyway). Only a store made before the captcha plugin made its table.
    async up(db: AnyDb) {
      if (!(await hasTable(db, dialect, 'captcha_challenges'))) return;
      await db.deleteFrom('captcha_challenges').execute();
      await db.schema.alterTable('captcha_challenges').addColumn('seed', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('captcha_challenges').addColumn('image_key_hash', 'varchar(64)').execute();
      await db.schema.alterTable('captcha_challenges').addColumn('piece_key_hash', 'varchar(64)').execute();
      await db.schema.alterTable('captcha_challenges').addColumn('image_served_at', 'bigint').execute();
      await db.schema.alterTable('captcha_challenges').addColumn('piece_served_at', 'bigint').execute();
      await db.schema.createIndex('captcha_image_key_idx').ifNotExists().unique().on('captcha_challenges').column('image_key_hash').execute();
      await db.schema.createIndex('captcha_piece_key_idx').ifNotExists().unique().on('captcha_challenges').column('piece_key_hash').execute();
    },
  },
  '003_captcha_subject': {
    // A puzzle issued for one sign-in address: counted against that address, and its token opens
    // only a sign-in of that address.
    async up(db: AnyDb) {
      if (!(await hasTable(db, dialect, 'captcha_challenges'))) return;
      await db.schema.alterTable('captcha_challenges').addColumn('subject', 'varchar(64)').execute();
    },
  },
  '004_oidc_signing_keys': {
    // The OpenID provider's signing keys (server/oidc/signingKeys.ts): one current key, and the
    // retired ones still published until the last token they signed has expired.
    async up(db: AnyDb) {
      await db.schema
        .createTable('oidc_signing_keys')
        .ifNotExists()
        .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('alg', 'varchar(16)', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('retired_at', 'bigint')
        .addColumn('published_until', 'bigint')
        .execute();
    },
  },
  '005_oidc_payloads': {
    // The OpenID provider's state (server/oidc/adapter.ts): sessions, interactions, codes,
    // grants, tokens, one JSON document each; and a confidential client's secret, hashed.
    async up(db: AnyDb) {
      await db.schema
        .createTable('oidc_payloads')
        .ifNotExists()
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('model', 'varchar(64)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'varchar(200)')
        .addColumn('user_code', 'varchar(200)')
        .addColumn('uid', 'varchar(200)')
        .addColumn('expires_at', 'bigint')
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema.createIndex('oidc_payloads_grant_idx').ifNotExists().on('oidc_payloads').column('grant_id').execute();
      await db.schema.createIndex('oidc_payloads_uid_idx').ifNotExists().on('oidc_payloads').column('uid').execute();
      await db.schema.alterTable('clients').addColumn('secret_hash', 'varchar(64)').execute();
    },
  },
  '006_shared_counters': {
    // State that several server processes must share (domain/limits.ts, db/sharedState.ts):
    // sliding-window counters (one row per counter and key: the times of its hits in the window,
    // a PostgreSQL array or a JSON array on SQLite), one-time keys (replay guards) and secrets
    // made once (the captcha subject key).
    async up(db: AnyDb) {
      await db.schema
        .createTable('counter_windows')
        .ifNotExists()
        .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('hits', dialect === 'postgres' ? sql`bigint[]` : 'text', (c) => c.notNull().defaultTo(dialect === 'postgres' ? sql`'{}'::bigint[]` : '[]'))
        .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('counter_windows_expiry_idx').ifNotExists().on('counter_windows').column('expires_at').execute();
      await db.schema
        .createTable('once_keys')
        .ifNotExists()
        .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('once_keys_expiry_idx').ifNotExists().on('once_keys').column('expires_at').execute();
      await db.schema
        .createTable('shared_secrets')
        .ifNotExists()
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      if (await hasTable(db, dialect, 'captcha_challenges')) await db.schema.createIndex('captcha_expiry_idx').ifNotExists().on('captcha_challenges').column('expires_at').execute();
    },
  },
  '007_mail_outbox': {
    // Mail waits here until a worker of any instance has sent it (server/mail/outbox.ts): a
    // request only inserts a row, so a slow or failing SMTP server never shows in its answer.
    // Bodies hold links with tokens: blanked once sent or given up, rows deleted after retention.
    async up(db: AnyDb) {
      await db.schema
        .createTable('mail_outbox')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
        .addColumn('language', 'varchar(16)', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('state', 'varchar(8)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_by', 'varchar(64)')
        .addColumn('claimed_until', 'bigint')
        .addColumn('last_error', 'varchar(200)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .execute();
      await db.schema.createIndex('mail_outbox_due_idx').ifNotExists().on('mail_outbox').columns(['state', 'next_attempt_at']).execute();
      await db.schema.createIndex('mail_outbox_done_idx').ifNotExists().on('mail_outbox').columns(['state', 'done_at']).execute();
    },
  },
  '008_oidc_token_digests': {
    // The provider's codes and tokens are kept by digest (server/oidc/adapter.ts): rows written
    // before, keyed by the raw token, are re-keyed (and lose the `jti` in their document) rather
    // than dropped, so connected services keep their refresh tokens; expired ones just go.
    async up(db: AnyDb) {
      const models = [...DIGESTED_MODELS];
      await db.deleteFrom('oidc_payloads').where('model', 'in', models).where('expires_at', '<=', Date.now()).execute();
      const rows: { key: string; model: string; payload: string }[] = await db.selectFrom('oidc_payloads').select(['key', 'model', 'payload']).where('model', 'in', models).execute();
      for (const row of rows) {
        const id = row.key.slice(row.model.length + 1);
        const payload = JSON.stringify(storedPayload(row.model, JSON.parse(row.payload) as AdapterPayload));
        await db.updateTable('oidc_payloads').set({ key: rowKey(row.model, id), payload }).where('key', '=', row.key).execute();
      }
    },
  },
  '009_counter_keys': {
    // Counter rows were keyed by a plain SHA-256 of counter name and key (an address, a client
    // network), which a list of guesses reverses; now by an HMAC under a server secret
    // (domain/keyedDigest.ts). The old rows are dropped: their windows are an hour at most, so
    // the upgrade forgets at most that hour of rate limits and risk signals.
    async up(db: AnyDb) {
      await db.deleteFrom('counter_windows').execute();
    },
  },
  '010_config_versions': {
    // The deployment configs and the connected services as versioned documents (server/config/
    // configVersions.ts): every instance serves the newest, files seed them, the ops console adds
    // them. A version is history: a trigger refuses every UPDATE and DELETE, a restore is a new row.
    async up(db: AnyDb) {
      await db.schema
        .createTable('config_versions')
        .ifNotExists()
        .addColumn('target', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('source', 'varchar(8)', (c) => c.notNull())
        .addColumn('author', 'varchar(320)', (c) => c.notNull())
        .addColumn('author_role', 'varchar(16)')
        .addColumn('reason', 'varchar(500)', (c) => c.notNull())
        .addColumn('diff', 'text', (c) => c.notNull())
        .addColumn('restored_from', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('config_versions_pk', ['target', 'version'])
        .execute();
      if (dialect === 'postgres') {
        await sql`CREATE OR REPLACE FUNCTION config_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'config versions are append-only'; END $$`.execute(db);
        await sql`DROP TRIGGER IF EXISTS config_versions_append_only ON config_versions`.execute(db);
        await sql`CREATE TRIGGER config_versions_append_only BEFORE UPDATE OR DELETE ON config_versions FOR EACH ROW EXECUTE FUNCTION config_versions_append_only()`.execute(db);
      } else {
        await sql`CREATE TRIGGER IF NOT EXISTS config_versions_no_update BEFORE UPDATE ON config_versions BEGIN SELECT RAISE(ABORT, 'config versions are append-only'); END`.execute(db);
        await sql`CREATE TRIGGER IF NOT EXISTS config_versions_no_delete BEFORE DELETE ON config_versions BEGIN SELECT RAISE(ABORT, 'config versions are append-only'); END`.execute(db);
      }
    },
  },
});

const regionalMigrations = (dialect: SqlDialect): Record<string, Migration> => ({
  '001_accounts': {
    // The features' tables that this entry once made too (mailed codes, companies) are their
    // plugins' now (plugins/<id>/server/tables.ts); a store that has them keeps them as they are.
    async up(db: AnyDb) {
      await db.schema
        .createTable('accounts')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('phone', 'varchar(32)')
        .addColumn('nickname', 'varchar(200)')
        .addColumn('job_title', 'varchar(200)')
        .addColumn('country', 'varchar(8)')
        .addColumn('timezone', 'varchar(64)')
        .addColumn('language', 'varchar(16)', (c) => c.notNull())
        .addColumn('avatar_file_id', 'varchar(64)')
        .addColumn('identity_provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('uuid_provider', 'varchar(64)', (c) => c.notNull())
        .addColumn('region_confirmed', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('activated_at', 'bigint')
        .addColumn('subscription', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('product_line', 'varchar(200)')
        .addColumn('topic_subscription', 'varchar(500)')
        .addColumn('privacy_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('session_timeout', 'integer', (c) => c.notNull())
        .addColumn('mfa_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mfa_email', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mfa_totp_secret', 'varchar(128)')
        .addColumn('mfa_totp_last_step', 'bigint')
        .addColumn('mfa_primary', 'integer')
        .addColumn('totp_pending_secret', 'varchar(128)')
        .addColumn('totp_pending_expires', 'bigint')
        .addColumn('mfa_failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mfa_locked_until', 'bigint')
        .addColumn('activation_sent_at', 'bigint')
        .addColumn('reset_sent_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('one_time_tokens')
        .ifNotExists()
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('ott_account_idx').ifNotExists().on('one_time_tokens').columns(['account_id', 'kind']).execute();
      await db.schema
        .createTable('sso_sessions')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_active_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(512)')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sso_account_idx').ifNotExists().on('sso_sessions').column('account_id').execute();
      await db.schema
        .createTable('tokens')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('access_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
        .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('rotated_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tokens_session_idx').ifNotExists().on('tokens').column('session_id').execute();
      await db.schema.createIndex('tokens_family_idx').ifNotExists().on('tokens').column('family_id').execute();
      await db.schema
        .createTable('files')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('original_name', 'varchar(512)', (c) => c.notNull())
        .addColumn('mime', 'varchar(64)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('md5', 'varchar(32)', (c) => c.notNull())
        .addColumn('stored_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '002_one_company_per_account': {
    // An account is an active member of at most one company: the rule the membership
    // transactions check (companies.ts), also held by the store itself. Invited (unverified)
    // rows are not memberships and may exist for several companies.
    async up(db: AnyDb) {
      if (!(await hasTable(db, dialect, 'org_members'))) return;
      await db.schema.createIndex('org_members_one_active_idx').ifNotExists().unique().on('org_members').column('account_id').where(sql.ref('status'), '=', sql.lit('active')).execute();
      await db.schema.createIndex('invite_sends_email_idx').ifNotExists().on('invite_sends').columns(['email', 'sent_at']).execute();
      await db.schema.createIndex('invite_sends_org_idx').ifNotExists().on('invite_sends').columns(['org_id', 'sent_at']).execute();
    },
  },
  '003_webview_session_secret': {
    // A partner app's web view joins the app's sign-in session with a cookie of its own
    // (POST /app/session): a second secret for the same session, so the session list shows
    // one device and revoking the session ends both.
    async up(db: AnyDb) {
      await db.schema.alterTable('sso_sessions').addColumn('webview_secret_hash', 'varchar(64)').execute();
    },
  },
  '004_mail_link_client': {
    // A mailed link (activation, reset) remembers the connected service the flow started
    // from, so the page it opens is that service's and "sign in" leads back to it.
    async up(db: AnyDb) {
      await db.schema.alterTable('one_time_tokens').addColumn('client_id', 'varchar(128)').execute();
    },
  },
  '005_email_code_process': {
    // A sign-in code is bound to the MFA process it was mailed for (the process token's
    // hash): it completes that sign-in attempt and no other.
    async up(db: AnyDb) {
      if (!(await hasTable(db, dialect, 'email_codes'))) return;
      await db.schema.alterTable('email_codes').addColumn('process_hash', 'varchar(64)').execute();
    },
  },
  '006_refresh_successor': {
    // A rotated refresh token keeps the pair it became, sealed under a key only that token
    // opens, so a second tab presenting it within the grace gets the same pair (no false reuse).
    async up(db: AnyDb) {
      await db.schema.alterTable('tokens').addColumn('successor', 'text').execute();
    },
  },
  '007_mfa_process_steps': {
    // An MFA process remembers what its sign-in has passed: the captcha (its code submissions
    // are not asked for another one) and the code (a step after it, region confirmation or a
    // privacy notice, retries the sign-in without a second code). Spent when the sign-in completes.
    async up(db: AnyDb) {
      await db.schema.alterTable('one_time_tokens').addColumn('captcha_passed_at', 'bigint').execute();
      await db.schema.alterTable('one_time_tokens').addColumn('verified_at', 'bigint').execute();
    },
  },
  '008_contested_registration': {
    // A pending registration replaced by another one: its link then activates only for the
    // person who knows the newest password (see domain/pendingAccounts.ts).
    async up(db: AnyDb) {
      await db.schema.alterTable('accounts').addColumn('registration_contested', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  },
  '009_sso_session_sign_in': {
    // A sign-in session remembers how and when it was last signed in to (RFC 8176 methods,
    // e.g. "pwd otp mfa"): a connected service reusing it later gets the same `amr`, `acr` and
    // `auth_time`, and a re-authentication renews them. Null in older rows: a password at creation.
    async up(db: AnyDb) {
      await db.schema.alterTable('sso_sessions').addColumn('auth_methods', 'varchar(64)').execute();
      await db.schema.alterTable('sso_sessions').addColumn('authenticated_at', 'bigint').execute();
    },
  },
  '010_passkeys': {
    // Made by the passkeys plugin since (plugins/passkeys/server/tables.ts); kept by name, as a store
    // that ran it records it.
    async up() {},
  },
  '011_recovery_codes': {
    // Made by the recovery-codes plugin since (plugins/recovery-codes/server/tables.ts); kept by name, as a store
    // that ran it records it.
    async up() {},
  },
  '012_trusted_devices': {
    // Made by the trusted-device plugin since (plugins/trusted-device/server/tables.ts); kept by name, as a store
    // that ran it records it.
    async up() {},
  },
  '013_security_events': {
    // The account's security activity (sign-ins, locks, credential and session changes), kept
    // 90 days in its own region. `device_hash` keys the device and place of a sign-in, so a new
    // one is found with one indexed look-up; the pruning deletes by `created_at`.
    async up(db: AnyDb) {
      await db.schema
        .createTable('security_events')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('country', 'varchar(2)')
        .addColumn('city', 'varchar(100)')
        .addColumn('browser', 'varchar(64)')
        .addColumn('os', 'varchar(64)')
        .addColumn('device_hash', 'varchar(64)')
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('security_events_account_idx').ifNotExists().on('security_events').columns(['account_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('security_events_device_idx').ifNotExists().on('security_events').columns(['account_id', 'device_hash']).execute();
      await db.schema.createIndex('security_events_created_idx').ifNotExists().on('security_events').column('created_at').execute();
    },
  },
  '014_security_token_session': {
    // A security unlock belongs to the session that made it: another session of the account (or
    // one signed in after it ended) cannot use its token. Null for other kinds of one-time token.
    async up(db: AnyDb) {
      await db.schema.alterTable('one_time_tokens').addColumn('session_id', 'varchar(64)').execute();
    },
  },
  '015_password_set': {
    // Whether the account's person knows its password: an ID made at another provider (a company's,
    // a social one) has a random one until "forgot password" sets it. Linked sign-ins are never
    // all removed from an ID whose password is unknown and that has no passkey.
    async up(db: AnyDb) {
      await db.schema.alterTable('accounts').addColumn('password_set', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    },
  },
  '016_account_closed': {
    // A closed ID (its person asked to delete it): refused everywhere until restored or erased.
    async up(db: AnyDb) {
      await db.schema.alterTable('accounts').addColumn('closed_at', 'bigint').execute();
    },
  },
});

const legacyMigrations = (_dialect: SqlDialect): Record<string, Migration> => ({
  '001_legacy': {
    // The old accounts and migration links: made by the migration plugin since
    // (plugins/migration/server/tables.ts); kept by name, as a store that ran it records it.
    async up() {},
  },
  '002_legacy_password_locks': {
    // Wrong passwords against local accounts lock like those against vendor IDs: the same
    // counters (accounts.failed_attempts, locked_until, lock_count), kept per address here.
    async up(db: AnyDb) {
      await db.schema
        .createTable('legacy_password_locks')
        .ifNotExists()
        .addColumn('id', 'varchar(320)', (c) => c.primaryKey())
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '003_lock_row_keys': {
    // Rows were keyed by the address itself, under enumeration protection also every unknown
    // address probed, and never deleted. Now by the address's HMAC (domain/passwordLock.ts) and
    // pruned two days after their last attempt (`expires_at`). Rows without a lock in force are
    // dropped (a count of wrong passwords starts again); a lock in force stays, for a day past
    // its end, and the server re-keys it at start (rekeyAddressLocks: the key is in the global
    // store, out of this migration's reach), so no address stays and no lock is lifted early.
    async up(db: AnyDb) {
      await db.schema.alterTable('legacy_password_locks').addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('legacy_password_locks_expiry_idx').ifNotExists().on('legacy_password_locks').column('expires_at').execute();
      const now = Date.now();
      await db
        .deleteFrom('legacy_password_locks')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .execute();
      await db
        .updateTable('legacy_password_locks')
        .set((eb) => ({ expires_at: eb('locked_until', '+', 24 * 3_600_000) }))
        .execute();
    },
  },
});

export type StoreKind = 'global' | 'regional' | 'legacy';
const byKind: Record<StoreKind, (dialect: SqlDialect) => Record<string, Migration>> = {
  global: globalMigrations,
  regional: regionalMigrations,
  legacy: legacyMigrations,
};

/** A plugin's own migrations per kind of store (its server half's `migrations`), kept apart from the core's. */
export type MigrationSet = (dialect: SqlDialect) => Record<string, Migration>;
export interface PluginMigrations {
  plugin: string;
  global?: MigrationSet;
  regional?: MigrationSet;
  legacy?: MigrationSet;
}

type Target = { dialect: 'sqlite' } | { dialect: 'postgres'; schema: string };

async function runMigrator(db: AnyDb, migrations: Record<string, Migration>, target: Target, where: string, tables?: { migrationTableName: string; migrationLockTableName: string }): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(target.dialect === 'postgres' ? { migrationTableSchema: target.schema } : {}),
    ...tables,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} of ${where} failed: ${String((error as Error).message ?? error)}`);
  }
}

/**
 * Runs the migrations of a store, then each plugin's for that kind of store, each plugin with
 * bookkeeping tables of its own (`plugin_migrations_<id>`), so its list can never collide with the
 * core's or another plugin's. On PostgreSQL pass the store's schema: the bookkeeping tables then
 * live in that schema too (several stores may share one database).
 */
export async function migrate(db: AnyDb, kind: StoreKind, target: Target, plugins: readonly PluginMigrations[] = []): Promise<void> {
  await runMigrator(db, byKind[kind](target.dialect), target, `the ${kind} store`);
  for (const plugin of plugins) {
    const set = plugin[kind];
    if (!set) continue;
    const name = plugin.plugin.replace(/[^a-z0-9]/g, '_');
    await runMigrator(db, set(target.dialect), target, `plugin ${plugin.plugin} in the ${kind} store`, {
      migrationTableName: `plugin_migrations_${name}`,
      migrationLockTableName: `plugin_migrations_${name}_lock`,
    });
  }
}
