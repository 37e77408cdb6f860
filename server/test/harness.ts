/**
 * Integration-test harness: a real server on a free port of 127.0.0.1 with a temporary data
 * folder, cheap argon2 (testMode) and a clock the tests can move; a small HTTP client with a
 * cookie jar; helpers for the sign-in flow.
 *
 * With `TEST_DATABASE_URL=postgres://…` (see scripts/test-postgres.sh) every test server gets
 * a fresh PostgreSQL database of its own (created from that URL's server, dropped on close),
 * so the suite runs unchanged on PostgreSQL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, type BuiltServer } from '../app';
import type { ServerOptionsInput, TrustProxy } from '../options';
import { HEADERS, PORTAL_REQUEST_VALUE } from '../../core/contract/headers';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface TestServer {
  server: BuiltServer;
  base: string;
  dataDir: string;
  clock: { offset: number; advance(ms: number): void };
  close(): Promise<void>;
}

/** The PostgreSQL server the suite runs on, or null for SQLite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

/**
 * Connection URLs carry the throw-away cluster's password. Every error the harness throws goes
 * through `redactError`, so that vitest's error dump (message, stack, every property, causes)
 * shows `postgres://uid:***@…` instead: the passwords of the URLs it knows are redacted
 * wherever they appear (raw, percent-decoded, re-encoded), the password of any other
 * `scheme://user:password@` too.
 */
const knownSecrets = new Set<string>();

function passwordOf(url: string): { raw: string; decoded: string } | null {
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^@/?#]*)@/i.exec(url)?.[1];
  const colon = userinfo?.indexOf(':') ?? -1;
  if (!userinfo || colon < 0) return null;
  const raw = userinfo.slice(colon + 1);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // not percent-encoded: the raw form is all there is
  }
  return { raw, decoded };
}

/** Remembers a URL whose password must never appear in an error. */
export function rememberSecretUrl(url: string | null | undefined): void {
  if (!url) return;
  const password = passwordOf(url);
  for (const p of password ? [password.raw, password.decoded, encodeURIComponent(password.decoded)] : []) if (p.length >= 4) knownSecrets.add(p);
}
rememberSecretUrl(TEST_DATABASE_URL);

export function redactText(text: string): string {
  let out = text;
  for (const secret of [...knownSecrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('***');
  return out.replace(/([a-z][a-z0-9+.-]*:\/\/[^:@/?#\s]*:)[^@\s]*@/gi, '$1***@');
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return redactError(value, depth + 1);
  if (depth > 4) return '[redacted: nested too deep]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, depth + 1);
  return out;
}

/** A copy of `err` whose message, stack, properties and causes hold no connection secret. */
export function redactError(err: unknown, depth = 0): Error {
  if (!(err instanceof Error)) return new Error(redactText(String(err)));
  const copy = new Error(redactText(err.message));
  copy.name = err.name;
  copy.stack = err.stack ? redactText(err.stack) : copy.stack;
  for (const key of Object.keys(err)) {
    if (key === 'message' || key === 'stack' || key === 'name') continue;
    (copy as unknown as Record<string, unknown>)[key] = redactValue((err as unknown as Record<string, unknown>)[key], depth);
  }
  if (err.cause !== undefined) copy.cause = depth > 4 ? '[redacted: nested too deep]' : redactValue(err.cause, depth);
  if (err instanceof AggregateError) (copy as Error & { errors?: unknown }).errors = err.errors.map((e) => redactValue(e, depth));
  return copy;
}

/** Runs `step`; whatever it throws is rethrown redacted. */
async function redacting<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw redactError(err);
  }
}

async function withAdminClient<T>(url: string, run: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * The same server and credentials, another database: the path of the URL is replaced as text
 * (WHATWG URL parsing refuses forms that libpq and pg accept, such as `postgres://u:p@/db?host=…`).
 */
function withDatabase(url: string, name: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(\/[^?#]*)?(.*)$/i.exec(url);
  if (!m) throw new Error('TEST_DATABASE_URL is not a postgres:// URL');
  return `${m[1]}/${name}${m[3]}`;
}

/** Creates an empty database on the PostgreSQL server of `url`; resolves its URL and a drop function. */
export async function createTestDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  rememberSecretUrl(url);
  const name = `uid_t_${crypto.randomBytes(8).toString('hex')}`;
  // Identifiers cannot be bound as parameters: the name is generated here and checked.
  if (!/^uid_t_[0-9a-f]{16}$/.test(name)) throw new Error('bad database name');
  const own = await redacting(async () => {
    const target = withDatabase(url, name);
    await withAdminClient(url, (c) => c.query(`CREATE DATABASE "${name}"`));
    return target;
  });
  rememberSecretUrl(own);
  return {
    url: own,
    async drop() {
      // FORCE ends the connections left, but not a server process of another role that is in the
      // database for a moment (autovacuum): that refusal (42501) passes, so the drop is tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          await redacting(() => withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));
          return;
        } catch (err) {
          if ((err as { code?: string }).code !== '42501' || attempt >= 20) throw err;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    },
  };
}

/** What a test server was started on, kept out of the TestServer object (it holds the password). */
const storeOf = new WeakMap<TestServer, { dataDir: string; publicOrigin: string; databaseUrl?: string; limits: Record<string, number>; enumerationProtection: boolean; trustProxy: TrustProxy }>();

export async function startServer(options: ServerOptionsInput = {}): Promise<TestServer> {
  rememberSecretUrl(options.databaseUrl);
  for (const url of Object.values(options.databaseUrls ?? {})) rememberSecretUrl(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-test-'));
  const database = TEST_DATABASE_URL && !options.databaseUrl && !options.databaseUrls ? await createTestDatabase(TEST_DATABASE_URL).catch((err: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }) : null;
  const clock = {
    offset: 0,
    advance(ms: number) {
      this.offset += ms;
    },
  };
  const limits = {
    authPerMinute: 10_000,
    apiPerMinute: 100_000,
    captchaAfterFailures: 1000,
    captchaAfterAccountFailures: 1000,
    captchaAfterRegistrations: 1000,
    captchaAfterDomainRegistrations: 1000,
    ...options.limits,
  };
  const build = (port: number) =>
    buildServer({
      port,
      dataDir,
      testMode: true,
      seedDemo: true,
      distDir: path.join(dataDir, 'dist'),
      now: () => Date.now() + clock.offset,
      ...(database ? { databaseUrl: database.url } : {}),
      // Production names its secrets key (db/secretsAtRest.ts); development makes one in the data folder.
      ...(options.production ? { secretsKey: { key: crypto.randomBytes(32).toString('base64') } } : {}),
      ...options,
      limits,
    }).catch(async (err: unknown) => {
      await database?.drop().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw redactError(err);
    });
  // The port is chosen before the server is built (its public origin names it), so another process
  // may take it meanwhile (parallel test files): then the server is built again on another port.
  let server: BuiltServer;
  let base: string;
  for (let attempt = 1; ; attempt++) {
    server = await build(options.port ?? (await freePort()));
    try {
      base = await server.listen();
      break;
    } catch (err) {
      await server.close().catch(() => undefined);
      if ((err as { code?: string }).code !== 'EADDRINUSE' || options.port !== undefined || attempt >= 5) {
        await database?.drop().catch(() => undefined);
        fs.rmSync(dataDir, { recursive: true, force: true });
        throw redactError(err);
      }
    }
  }
  const t: TestServer = {
    server,
    base,
    dataDir,
    clock,
    async close() {
      await redacting(() => server.close());
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const databaseUrl = database?.url ?? options.databaseUrl;
  storeOf.set(t, { dataDir, publicOrigin: options.publicOrigin ?? base, ...(databaseUrl ? { databaseUrl } : {}), limits: limits as Record<string, number>, enumerationProtection: options.enumerationProtection ?? false, trustProxy: options.trustProxy ?? false });
  return t;
}

export interface Peers {
  /** Base URLs of the peer processes. */
  bases: string[];
  stop(): Promise<void>;
  /** Ends peer `index` abruptly (SIGKILL: no close, no flush), as a crash would; resolves when it is gone. */
  kill(index: number): Promise<void>;
}

/**
 * Starts `count` more server processes (server/test/peer.ts) on the store of `t`: the same
 * SQLite files or the same PostgreSQL database, the same public origin (clients and their
 * redirect URIs are registered by origin), limits, enumeration protection and trustProxy, the real clock (leave
 * `t.clock` alone while peers run). Stop them before `t.close()`.
 */
export async function startPeers(t: TestServer, count: number): Promise<Peers> {
  const store = storeOf.get(t);
  if (!store) throw new Error('startPeers: not a server of startServer()');
  const { spawn } = await import('node:child_process');
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'peer.ts');
  const children: Array<import('node:child_process').ChildProcess> = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    const bases = await Promise.all(
      Array.from({ length: count }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], {
          cwd: path.resolve(path.dirname(script), '../..'),
          env: { ...process.env, TEST_DATABASE_URL: '', PEER_OPTIONS: JSON.stringify(store) },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        children.push(child);
        return new Promise<string>((resolve, reject) => {
          let out = '';
          let err = '';
          const timer = setTimeout(() => reject(new Error(`peer did not start within 60 s: ${redactText(err)}`)), 60_000);
          child.stdout!.on('data', (d: Buffer) => {
            out += d.toString();
            const m = /peer-listening (\S+)/.exec(out);
            if (m) {
              clearTimeout(timer);
              resolve(m[1]!);
            }
          });
          child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
          child.once('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`peer exited (${code}) before listening: ${redactText(err)}`));
          });
        });
      }),
    );
    const kill = async (index: number) => {
      const child = children[index];
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    };
    return { bases, stop, kill };
  } catch (err) {
    await stop();
    throw redactError(err);
  }
}

/**
 * Holds the write lock of one regional store of `t` until the returned release is called:
 * SQLite — `BEGIN IMMEDIATE` on a connection of its own; PostgreSQL — the given tables
 * `LOCK … IN EXCLUSIVE MODE` (reads go on, writes wait). Requests sent meanwhile (to peers:
 * on SQLite a waiting process waits as a whole, so never to `t` itself) all read before any of
 * them can write: a check-then-write that is not atomic lets more than one through, however
 * the requests happen to be scheduled.
 */
export async function holdWrites(t: TestServer, region: 'use' | 'aps' | 'euw', tables: string[]): Promise<() => Promise<void>> {
  const store = storeOf.get(t);
  if (!store) throw new Error('holdWrites: not a server of startServer()');
  if (!store.databaseUrl) {
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path.join(store.dataDir, `${region}.sqlite`));
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    return async () => {
      db.exec('COMMIT');
      db.close();
    };
  }
  if (!tables.every((table) => /^[a-z_]+$/.test(table))) throw new Error('holdWrites: bad table name');
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: store.databaseUrl });
  await redacting(async () => {
    await client.connect();
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${tables.map((table) => `uid_${region}.${table}`).join(', ')} IN EXCLUSIVE MODE`);
  });
  return async () => {
    await redacting(async () => {
      await client.query('COMMIT');
      await client.end();
    });
  };
}

export interface Res<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class Client {
  cookies = new Map<string, string>();
  accessToken: string | null = null;
  refreshToken: string | null = null;
  securityToken: string | null = null;

  /** `defaultHeaders` go with every request (e.g. the bench's X-Forwarded-For, one client address per visitor). */
  constructor(
    readonly base: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async req<T = any>(
    method: string,
    pathname: string,
    opts: {
      body?: unknown;
      headers?: Record<string, string>;
      auth?: boolean | string;
      form?: FormData | URLSearchParams;
      security?: boolean;
      /** Send the portal's request header, as the SPA does (default); false: as a foreign page or a back end. */
      portal?: boolean;
    } = {},
  ): Promise<Res<T>> {
    const portal: Record<string, string> = opts.portal === false ? {} : { [HEADERS.portalRequest]: PORTAL_REQUEST_VALUE };
    const headers: Record<string, string> = { Accept: 'application/json', ...portal, ...this.defaultHeaders, ...opts.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.auth === true && this.accessToken) headers.Authorization = `Bearer ${this.accessToken}`;
    if (typeof opts.auth === 'string') headers.Authorization = opts.auth;
    if (opts.security && this.securityToken) headers['Security-Token'] = this.securityToken;
    let payload: BodyInit | undefined;
    if (opts.form) payload = opts.form;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(opts.body);
    }
    const res = await fetch(pathname.startsWith('http') ? pathname : `${this.base}${pathname}`, { method, headers, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body, text };
  }

  get<T = any>(p: string, opts?: Parameters<Client['req']>[2]) {
    return this.req<T>('GET', p, opts);
  }
  post<T = any>(p: string, body?: unknown, opts: Parameters<Client['req']>[2] = {}) {
    return this.req<T>('POST', p, { ...opts, body });
  }
}

export function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(base: string, p: { clientId?: string; redirectUri?: string; challenge: string; state?: string; extra?: Record<string, string> }) {
  const q = new URLSearchParams({
    client_id: p.clientId ?? 'portal',
    redirect_uri: p.redirectUri ?? `${base}/token`,
    response_type: 'code',
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    state: p.state ?? 'st-1',
    ...p.extra,
  });
  return `/api/authorize?${q}`;
}

/** GET /authorize → session_code of the login page. */
export async function startLogin(c: Client, extra: { clientId?: string; redirectUri?: string } = {}) {
  const { verifier, challenge } = pkce();
  const res = await c.get(authorizeUrl(c.base, { ...extra, challenge }));
  if (res.status !== 302) throw new Error(`authorize: ${res.status} ${res.text}`);
  const location = new URL(res.headers.get('location')!);
  return { verifier, sessionCode: location.searchParams.get('session_code')!, location };
}

export async function login(c: Client, sessionCode: string, body: Record<string, unknown>) {
  return c.post('/api/login', body, { headers: { session_code: sessionCode } });
}

/** Full hand-off: authorize → login → continuation → token exchange. Stores the tokens. */
export async function signIn(c: Client, email: string, password: string, extraBody: Record<string, unknown> = {}) {
  const { verifier, sessionCode } = await startLogin(c);
  const res = await login(c, sessionCode, { email, password, ...extraBody });
  if (res.status !== 200) throw Object.assign(new Error(`login failed: ${JSON.stringify(res.body)}`), { res });
  const tokens = await finishHandOff(c, res.body.result, verifier);
  return tokens;
}

export async function finishHandOff(c: Client, result: { serviceUrl: string; redirectParams: Record<string, string> }, verifier: string, clientId = 'portal', redirectUri = `${c.base}/token`) {
  const url = `${result.serviceUrl}?${new URLSearchParams(result.redirectParams)}`;
  const cont = await c.get(url);
  if (cont.status !== 302) throw new Error(`continuation: ${cont.status} ${cont.text}`);
  const back = new URL(cont.headers.get('location')!);
  const code = back.searchParams.get('code')!;
  const token = await c.post('/api/token', { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: redirectUri });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${token.text}`);
  c.accessToken = token.body.result.accessToken;
  c.refreshToken = token.body.result.refreshToken;
  return token.body.result as { accessToken: string; refreshToken: string; tokenType: string; redirectUrl: string | null; region: string };
}

export async function unlock(c: Client, password: string) {
  const res = await c.post('/api/security/enable', { password }, { auth: true });
  if (res.status !== 200) throw new Error(`security/enable: ${res.text}`);
  c.securityToken = res.body.result.securityToken;
}

export async function mails(c: Client, to?: string): Promise<Array<{ to: string; subject: string; text: string; links: string[] }>> {
  const res = await c.get(`/dev/mail.json${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  return res.body;
}

/**
 * Activates `email` as its activation page does: the token of the newest mailed link, posted
 * (with `password` when the registration was contested and the page asks for it).
 */
export async function activateFromMail(c: Client, email: string, password?: string): Promise<void> {
  const link = (await mails(c, email))[0]!.links[0]!;
  const token = decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
  const res = await c.post('/api/activations/verify', password ? { token, password } : { token });
  if (res.status !== 200) throw new Error(`activation of ${email}: ${res.status} ${res.text}`);
}

/**
 * Runs `step` while the mail outbox table is renamed away: queuing a mail then fails as it does
 * when the database refuses the insert (the -5001 / -40015 paths).
 */
export async function withMailQueueDown<T>(t: TestServer, step: () => Promise<T>): Promise<T> {
  const db = t.server.ctx.stores.global;
  await db.schema.alterTable('mail_outbox').renameTo('mail_outbox_down').execute();
  try {
    return await step();
  } finally {
    await db.schema.alterTable('mail_outbox_down').renameTo('mail_outbox').execute();
  }
}

export const DEMO_PASSWORD = 'Demo-pass-2024';
export const LEGACY_PASSWORD = 'Legacy-pass-2024';

// The console's operators, for the tests of its sections (plugins' server halves reach only this file).
export { enrolOperator, OPERATOR_PASSWORD, operatorCode } from './opsOperators';
