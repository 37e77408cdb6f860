/**
 * The console's tables, in the global store: operators (with their password, authenticator app
 * and pending invitation), their passkeys, their sessions (a sign-in's second step, then the
 * signed-in session) and the audit log. The audit log is append-only in the store itself: a
 * trigger refuses every UPDATE and DELETE of it, whatever code or role asks.
 */
import { sql } from 'kysely';
import type { MigrationSet, ServerContext as Ctx, PersonalTable } from '@portal/server-api';
import type { OpsRole } from '@portal/plugin-api/contract';
import type { OperatorStatus } from '../contract';

export interface OperatorTable {
  id: string;
  /** Lower case. */
  email: string;
  role: OpsRole;
  status: OperatorStatus;
  /** argon2id, null until the invitation is taken. */
  password_hash: string | null;
  /** Authenticator app secret, sealed (ctx.secrets); pending while enrolling. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  /** The last 30-second step whose code was taken: the same code never works twice. */
  totp_last_step: number | null;
  /** SHA-256 of the invitation's token, and until when it works. */
  invite_digest: string | null;
  invite_expires_at: number | null;
  /** The WebAuthn challenge of a passkey being enrolled. */
  invite_challenge: string | null;
  created_at: number;
  /** Who invited: an operator's address, or `command line`. */
  created_by: string;
  last_sign_in_at: number | null;
}

export interface OperatorPasskeyTable {
  /** Credential id, base64url. */
  id: string;
  operator_id: string;
  public_key: string;
  counter: number;
  transports: string | null;
  created_at: number;
  last_used_at: number | null;
}

export interface OperatorSessionTable {
  /** SHA-256 of the cookie's value. */
  id_digest: string;
  operator_id: string;
  /** `factor`: the password was right, the second factor is awaited; `signed-in`. */
  stage: 'factor' | 'signed-in';
  /** A WebAuthn challenge awaiting its answer (sign-in or confirmation). */
  challenge: string | null;
  /** Wrong second-factor answers in this session. */
  failures: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  /** When a second factor was last confirmed (the sign-in's counts). */
  confirmed_at: number;
}

export interface AuditTable {
  /** Sortable: the time, zero-padded, then a random part. */
  id: string;
  at: number;
  actor_id: string;
  actor_email: string;
  actor_role: string;
  action: string;
  target: string;
  reason: string | null;
  before_json: string | null;
  after_json: string | null;
}

export type ConsoleTables = {
  ops_console_operators: OperatorTable;
  ops_console_passkeys: OperatorPasskeyTable;
  ops_console_sessions: OperatorSessionTable;
  ops_console_audit: AuditTable;
};

export const consoleStore = (ctx: Ctx) => ctx.stores.global.withTables<ConsoleTables>();

/** The global store with the console's tables, or a transaction on it. */
export type ConsoleDb = ReturnType<typeof consoleStore>;

export const consoleMigrations: MigrationSet = (dialect) => ({
  '001_console': {
    async up(db) {
      await db.schema
        .createTable('ops_console_operators')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('totp_secret', 'text')
        .addColumn('totp_pending_secret', 'text')
        .addColumn('totp_last_step', 'bigint')
        .addColumn('invite_digest', 'varchar(64)')
        .addColumn('invite_expires_at', 'bigint')
        .addColumn('invite_challenge', 'varchar(200)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'varchar(320)', (c) => c.notNull())
        .addColumn('last_sign_in_at', 'bigint')
        .execute();
      await db.schema.createIndex('ops_console_operators_invite_idx').ifNotExists().on('ops_console_operators').column('invite_digest').execute();
      await db.schema
        .createTable('ops_console_passkeys')
        .ifNotExists()
        .addColumn('id', 'varchar(1400)', (c) => c.primaryKey())
        .addColumn('operator_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'varchar(200)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('ops_console_passkeys_operator_idx').ifNotExists().on('ops_console_passkeys').column('operator_id').execute();
      await db.schema
        .createTable('ops_console_sessions')
        .ifNotExists()
        .addColumn('id_digest', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('operator_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('stage', 'varchar(16)', (c) => c.notNull())
        .addColumn('challenge', 'varchar(200)')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ops_console_sessions_operator_idx').ifNotExists().on('ops_console_sessions').column('operator_id').execute();
      await db.schema
        .createTable('ops_console_audit')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('actor_email', 'varchar(320)', (c) => c.notNull())
        .addColumn('actor_role', 'varchar(16)', (c) => c.notNull())
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('target', 'varchar(400)', (c) => c.notNull())
        .addColumn('reason', 'varchar(600)')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('ops_console_audit_at_idx').ifNotExists().on('ops_console_audit').column('at').execute();
      // Append-only in the store itself: no role, route or script of the portal can edit the record.
      if (dialect === 'postgres') {
        await sql`CREATE OR REPLACE FUNCTION ops_console_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$`.execute(db);
        await sql`DROP TRIGGER IF EXISTS ops_console_audit_append_only ON ops_console_audit`.execute(db);
        await sql`CREATE TRIGGER ops_console_audit_append_only BEFORE UPDATE OR DELETE ON ops_console_audit FOR EACH ROW EXECUTE FUNCTION ops_console_audit_append_only()`.execute(db);
      } else {
        await sql`CREATE TRIGGER IF NOT EXISTS ops_console_audit_no_update BEFORE UPDATE ON ops_console_audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`.execute(db);
        await sql`CREATE TRIGGER IF NOT EXISTS ops_console_audit_no_delete BEFORE DELETE ON ops_console_audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`.execute(db);
      }
    },
  },
});

/** The tables' rows about a person, for their export (the `personalData` point). */
export const personalDataOfOpsConsole = {
  name: 'ops-console',
  tables: [
  { store: 'global', table: 'ops_console_operators', leftOut: 'the console’s operators are staff identities of their own, not portal IDs', erase: { kept: 'staff identities of their own, removed by the console, not by a portal ID’s deletion' } },
  { store: 'global', table: 'ops_console_audit', leftOut: 'the operators’ audit log, kept for the operator’s accountability; an action on an ID is in its security activity', erase: { kept: 'append-only in the store itself: the operators’ accountability record outlives the IDs they acted on' } },
] satisfies PersonalTable[],
};
