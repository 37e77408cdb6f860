/**
 * A person's data, wherever the portal keeps it: the core's tables and every table a feature names
 * through the `personalData` point. The export of "Download my data" (plugins/your-data) is read
 * from here, and `server/test/personalDataCoverage.test.ts` checks that every table of every store
 * with an account's id or address is named, so a new table cannot be forgotten.
 */
import type { Kysely } from 'kysely';
import { REGION_CODES, type RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { AccountTable } from '../db/types';
import type { PersonalFiles, PersonalTable, ServerPoints } from '../plugin-host/points';
import { readUpload } from './files';

/** The core's own tables that hold rows about a person. */
export const CORE_PERSONAL_TABLES: readonly PersonalTable[] = [
  { store: 'regional', table: 'accounts', byId: ['id'], byEmail: ['email'], secret: ['password_hash', 'mfa_totp_secret', 'totp_pending_secret', 'mfa_totp_last_step'] },
  { store: 'regional', table: 'one_time_tokens', byId: ['account_id'], secret: ['token_hash', 'session_id'] },
  { store: 'regional', table: 'sso_sessions', byId: ['account_id'], secret: ['secret_hash', 'webview_secret_hash'] },
  { store: 'regional', table: 'tokens', byId: ['account_id'], secret: ['access_hash', 'refresh_hash', 'successor', 'family_id'] },
  { store: 'regional', table: 'files', byId: ['account_id'], secret: ['stored_name'] },
  { store: 'regional', table: 'security_events', byId: ['account_id'], secret: ['device_hash'] },
  { store: 'global', table: 'directory', byId: ['account_id'], byEmail: ['email'] },
  { store: 'global', table: 'login_sessions', byId: ['account_id'], secret: ['code_hash', 'state', 'code_challenge', 'sso_session_id', 'params'] },
  { store: 'global', table: 'auth_codes', byId: ['account_id'], secret: ['code_hash', 'code_challenge', 'sso_session_id', 'token_family'] },
  // A queued mail's body may hold a live link (a reset, an activation): the subject and the times are the record.
  { store: 'global', table: 'mail_outbox', byEmail: ['recipient'], secret: ['body', 'claimed_by', 'claimed_until'] },
];

/** One named table's rows of a person, as exported. */
export interface PersonalRows {
  /** `<feature>/<table>.json` in the export. */
  file: string;
  table: PersonalTable;
  rows: Array<Record<string, unknown>>;
}

export interface PersonalDataSet {
  rows: PersonalRows[];
  /** Features' extra files (`<feature>/<name>.json`). */
  extra: Record<string, unknown>;
}

/** Every declaration, with the name of the feature that made it ("core" for the core's). */
export function personalDeclarations(ctx: Pick<Ctx, 'extensions'>): Array<ServerPoints['personalData']> {
  return [{ name: 'core', tables: CORE_PERSONAL_TABLES, extra: connectedServices }, ...ctx.extensions.all('personalData')];
}

/** A connected service that received the person's data: tokens, codes or an OpenID grant were issued to it. */
export interface ConnectedService {
  clientId: string;
  name: string | null;
  firstAt: number | null;
  lastAt: number | null;
}

/** The services the person's data went to, as a file of their export. */
async function connectedServices(ctx: Ctx, _region: RegionCode, account: AccountTable): Promise<PersonalFiles> {
  return { 'connected-services': await connectedServicesOf(ctx, account) };
}

/** The services the person's data went to, from the portal's tokens and codes and the OpenID provider's grants. */
export async function connectedServicesOf(ctx: Ctx, account: Pick<AccountTable, 'id'>): Promise<ConnectedService[]> {
  const seen = new Map<string, { firstAt: number | null; lastAt: number | null }>();
  const note = (clientId: string, at: number | null) => {
    const known = seen.get(clientId) ?? { firstAt: null, lastAt: null };
    if (at !== null) {
      known.firstAt = known.firstAt === null ? at : Math.min(known.firstAt, at);
      known.lastAt = known.lastAt === null ? at : Math.max(known.lastAt, at);
    }
    seen.set(clientId, known);
  };
  for (const region of REGION_CODES) {
    const tokens = await ctx.region(region).selectFrom('tokens').select(['client_id', 'created_at']).where('account_id', '=', account.id).execute();
    for (const token of tokens) note(token.client_id, token.created_at);
  }
  const codes = await ctx.stores.global.selectFrom('auth_codes').select(['client_id', 'created_at']).where('account_id', '=', account.id).execute();
  for (const code of codes) note(code.client_id, code.created_at);
  // The provider keeps its grants as JSON: the account is found inside, then checked exactly.
  const grants = await ctx.stores.global.selectFrom('oidc_payloads').select(['payload']).where('model', '=', 'Grant').where('payload', 'like', `%${account.id}%`).execute();
  for (const grant of grants) {
    const parsed = JSON.parse(grant.payload) as { accountId?: unknown; clientId?: unknown; iat?: unknown };
    if (parsed.accountId === account.id && typeof parsed.clientId === 'string') note(parsed.clientId, typeof parsed.iat === 'number' ? parsed.iat * 1000 : null);
  }
  const ids = [...seen.keys()];
  const names = ids.length ? await ctx.stores.global.selectFrom('clients').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  return ids.sort().map((clientId) => ({ clientId, name: names.find((c) => c.id === clientId)?.name ?? null, ...seen.get(clientId)! }));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a declaration names its table and columns by string
export type AnyDb = Kysely<any>;

/** The stores a named table lives in: every region's for a regional one. */
export function storesOf(ctx: Ctx, table: PersonalTable): AnyDb[] {
  if (table.store === 'global') return [ctx.stores.global];
  if (table.store === 'legacy') return [ctx.stores.legacy];
  // Every region's store: an invitation or a company of another region may name the person too.
  return REGION_CODES.map((region) => ctx.region(region));
}

/** A table's rows of the account (by id or address), without their secret columns, oldest first where they have a time. */
export async function personalRows(ctx: Ctx, table: PersonalTable, account: Pick<AccountTable, 'id' | 'email'>): Promise<Array<Record<string, unknown>>> {
  const byId = table.byId ?? [];
  const byEmail = table.byEmail ?? [];
  if (byId.length + byEmail.length === 0) return [];
  const secret = new Set(table.secret ?? []);
  const found: Array<Record<string, unknown>> = [];
  for (const db of storesOf(ctx, table)) {
    const rows = (await db
      .selectFrom(table.table)
      .selectAll()
      .where((eb) => eb.or([...byId.map((column) => eb(column, '=', account.id)), ...byEmail.map((column) => eb(column, '=', account.email))]))
      .execute()) as Array<Record<string, unknown>>;
    for (const row of rows) found.push(Object.fromEntries(Object.entries(row).filter(([column]) => !secret.has(column)).map(([column, value]) => [column, exportable(value)])));
  }
  return found;
}

/** Values as JSON keeps them: bytes as base64 (none of the named tables has any yet). */
function exportable(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

/** The person's data in every store: each named table's rows and the features' extra files. */
export async function collectPersonalData(ctx: Ctx, region: RegionCode, account: AccountTable): Promise<PersonalDataSet> {
  const rows: PersonalRows[] = [];
  const extra: Record<string, unknown> = {};
  for (const declaration of personalDeclarations(ctx)) {
    for (const table of declaration.tables) {
      if (table.leftOut !== undefined) continue;
      rows.push({ file: `${declaration.name}/${table.table}.json`, table, rows: await personalRows(ctx, table, account) });
    }
    const more = declaration.extra ? await declaration.extra(ctx, region, account) : {};
    for (const [name, value] of Object.entries(more)) extra[`${declaration.name}/${name}.json`] = value;
  }
  return { rows, extra };
}

/** A file the person uploaded (an avatar, a company's licence), with its bytes where they are still stored. */
export interface PersonalUpload {
  id: string;
  kind: string;
  name: string;
  mime: string;
  createdAt: number;
  data: Buffer | null;
}

/** The person's uploads in every region's store. */
export async function personalUploads(ctx: Ctx, account: Pick<AccountTable, 'id'>): Promise<PersonalUpload[]> {
  const uploads: PersonalUpload[] = [];
  for (const region of REGION_CODES) {
    const files = await ctx.region(region).selectFrom('files').selectAll().where('account_id', '=', account.id).orderBy('created_at').execute();
    for (const file of files) uploads.push({ id: file.id, kind: file.kind, name: file.original_name, mime: file.mime, createdAt: file.created_at, data: await readUpload(ctx, region, file) });
  }
  return uploads;
}
