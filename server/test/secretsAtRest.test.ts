/**
 * Issue 26, secrets at rest: the OpenID signing keys, the provider's cookie keys and the named
 * shared keys are sealed in the global store (db/secretsAtRest.ts). Read from the raw rows (and,
 * on SQLite, the database files' bytes): nothing in clear after a start; the right key reads
 * them again, a wrong one stops the start and changes nothing; a rotation re-seals; rows written
 * in clear by an older version are read and sealed. On SQLite and PostgreSQL alike.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { DEV_KEY_FILE, isSealed, keyIdOf, SECRET_PLACES, SecretBox } from '../db/secretsAtRest';
import { openStores } from '../db/stores';
import type { GlobalDb } from '../db/types';
import { createTestDatabase, startServer, TEST_DATABASE_URL, type TestServer } from './harness';

const cleanUps: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const clean of cleanUps.splice(0).reverse()) await clean();
});

/** A data folder and (on PostgreSQL) a database that outlive one server, for starts one after another. */
async function store(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-secrets-'));
  cleanUps.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const database = TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : null;
  if (database) cleanUps.push(database.drop);
  return { dataDir, ...(database ? { databaseUrl: database.url } : {}) };
}

const newKey = () => crypto.randomBytes(32).toString('base64');

async function start(where: { dataDir: string; databaseUrl?: string }, key: string | undefined, previous?: string[]): Promise<TestServer> {
  return startServer({ ...where, seedDemo: false, ...(key ? { secretsKey: { key, ...(previous ? { previous } : {}) } } : {}) });
}

/** Every stored secret by its place (`table/key`), as the row holds it. */
async function raw(db: Kysely<GlobalDb>): Promise<Record<string, string>> {
  const rows: Record<string, string> = {};
  for (const r of await db.selectFrom('oidc_signing_keys').select(['kid', 'private_jwk']).execute()) rows[SECRET_PLACES.signingKey(r.kid)] = r.private_jwk;
  const cookies = await db.selectFrom('oidc_payloads').select('payload').where('key', '=', 'CookieKeys:current').executeTakeFirst();
  if (cookies) rows[SECRET_PLACES.cookieKeys] = cookies.payload;
  for (const r of await db.selectFrom('shared_secrets').select(['name', 'value']).execute()) rows[SECRET_PLACES.shared(r.name)] = r.value;
  return rows;
}

/** The same, opened: what the server uses. */
async function opened(t: TestServer): Promise<Record<string, string>> {
  const box = t.server.ctx.secrets;
  return Object.fromEntries(Object.entries(await raw(t.server.ctx.stores.global)).map(([place, value]) => [place, box.open(value, place)]));
}

/** The secret strings inside: a private JWK's `d`, each cookie key, each shared key. */
function secretsIn(plain: Record<string, string>): string[] {
  return Object.entries(plain).flatMap(([place, value]) =>
    place.startsWith('oidc_signing_keys/') ? [(JSON.parse(value) as { d: string }).d] : place === SECRET_PLACES.cookieKeys ? (JSON.parse(value) as string[]) : [value],
  );
}

async function jwksKids(t: TestServer): Promise<string[]> {
  const res = await fetch(`${t.base}/api/oidc/jwks`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
}

const keyIdsOf = (rows: Record<string, string>) => new Set(Object.values(rows).map((v) => v.split('.')[2]));

describe(`secrets at rest in the global store (${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('keeps no secret in clear after a start; a start with the same key reads the same secrets', async () => {
    const where = await store();
    const key = newKey();
    const first = await start(where, key);
    let before: Record<string, string>;
    let kids: string[];
    let rows: Record<string, string>;
    try {
      const shared = await first.server.ctx.sharedKey('captcha-subject');
      kids = await jwksKids(first);
      rows = await raw(first.server.ctx.stores.global);
      expect(Object.keys(rows)).toEqual(expect.arrayContaining([SECRET_PLACES.signingKey(kids[0]!), SECRET_PLACES.cookieKeys, SECRET_PLACES.shared('captcha-subject')]));
      for (const value of Object.values(rows)) {
        expect(isSealed(value), value).toBe(true);
        expect(value.split('.')[2]).toBe(keyIdOf(Buffer.from(key, 'base64')));
      }
      before = await opened(first);
      expect(before[SECRET_PLACES.shared('captcha-subject')]).toBe(shared.toString('base64url'));
      // Not in any row, nor anywhere in the files SQLite keeps.
      const text = JSON.stringify(rows);
      for (const secret of secretsIn(before)) expect(text).not.toContain(secret);
      if (!where.databaseUrl) {
        const bytes = ['global.sqlite', 'global.sqlite-wal'].filter((f) => fs.existsSync(path.join(where.dataDir, f))).map((f) => fs.readFileSync(path.join(where.dataDir, f)).toString('latin1')).join('');
        for (const secret of secretsIn(before)) expect(bytes).not.toContain(secret);
      }
    } finally {
      await first.close();
    }
    const second = await start(where, key);
    try {
      expect(await opened(second)).toMatchObject(before);
      expect(await jwksKids(second)).toEqual(kids);
      // Nothing was sealed anew, nor made in their place: the rows are the ones the first start left.
      expect(await raw(second.server.ctx.stores.global)).toMatchObject(rows);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('refuses a start with a wrong key, or with none where a key sealed them, and changes nothing', async () => {
    const where = await store();
    const key = newKey();
    const first = await start(where, key);
    await first.server.ctx.sharedKey('passkey-tickets');
    const rows = await raw(first.server.ctx.stores.global);
    await first.close();
    const wrong = newKey();
    await expect(start(where, wrong)).rejects.toThrow(new RegExp(`sealed with key ${keyIdOf(Buffer.from(key, 'base64'))}, which is neither the current secrets key \\(${keyIdOf(Buffer.from(wrong, 'base64'))}\\)`));
    // Without a key, development makes its own in the data folder: it does not open them either.
    await expect(start(where, undefined)).rejects.toThrow(/which is neither the current secrets key/);
    const check = await openStores(where);
    try {
      expect(await raw(check.global)).toEqual(rows);
    } finally {
      await check.close();
    }
  }, 120_000);

  it('refuses an envelope moved to another row, or altered', async () => {
    const where = await store();
    const key = newKey();
    const first = await start(where, key);
    await first.server.ctx.sharedKey('recovery-codes');
    const db = first.server.ctx.stores.global;
    const { value } = await db.selectFrom('shared_secrets').select('value').where('name', '=', 'recovery-codes').executeTakeFirstOrThrow();
    await db.insertInto('shared_secrets').values({ name: 'trusted-devices', value, created_at: Date.now() }).execute();
    await first.close();
    await expect(start(where, key)).rejects.toThrow(/shared_secrets\/trusted-devices names key \S+ but does not open with it/);
  }, 120_000);

  it('rotates: the previous key opens, the start seals everything anew with the current one, after which the old key alone is refused', async () => {
    const where = await store();
    const oldKey = newKey();
    const first = await start(where, oldKey);
    await first.server.ctx.sharedKey('captcha-subject');
    const before = await opened(first);
    const kids = await jwksKids(first);
    await first.close();

    const newOne = newKey();
    const rotating = await start(where, newOne, [oldKey]);
    try {
      expect(await opened(rotating)).toMatchObject(before);
      expect(await jwksKids(rotating)).toEqual(kids);
      expect(keyIdsOf(await raw(rotating.server.ctx.stores.global))).toEqual(new Set([keyIdOf(Buffer.from(newOne, 'base64'))]));
    } finally {
      await rotating.close();
    }
    const after = await start(where, newOne);
    try {
      expect(await opened(after)).toMatchObject(before);
    } finally {
      await after.close();
    }
    await expect(start(where, oldKey)).rejects.toThrow(/which is neither the current secrets key/);
  }, 120_000);

  it('reads the plain rows an older version wrote, and seals them at start', async () => {
    const where = await store();
    // The stores as the version before sealing left them: a signing key, cookie keys and a shared key in clear.
    const stores = await openStores(where);
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'plain-kid-0001', alg: 'ES256', use: 'sig' };
    const cookieKey = crypto.randomBytes(32).toString('base64url');
    const shared = crypto.randomBytes(32).toString('base64url');
    try {
      await stores.global.insertInto('oidc_signing_keys').values({ kid: jwk.kid, alg: 'ES256', private_jwk: JSON.stringify(jwk), created_at: Date.now(), retired_at: null, published_until: null }).execute();
      await stores.global.insertInto('oidc_payloads').values({ key: 'CookieKeys:current', model: 'CookieKeys', payload: JSON.stringify([cookieKey]), grant_id: null, user_code: null, uid: null, expires_at: null, consumed_at: null }).execute();
      await stores.global.insertInto('shared_secrets').values({ name: 'captcha-subject', value: shared, created_at: Date.now() }).execute();
    } finally {
      await stores.close();
    }
    const key = newKey();
    const t = await start(where, key);
    try {
      expect(await jwksKids(t)).toEqual([jwk.kid]);
      expect((await t.server.ctx.sharedKey('captcha-subject')).toString('base64url')).toBe(shared);
      const rows = await raw(t.server.ctx.stores.global);
      for (const value of Object.values(rows)) expect(isSealed(value)).toBe(true);
      for (const secret of [jwk.d!, cookieKey, shared]) expect(JSON.stringify(rows)).not.toContain(secret);
      expect(await opened(t)).toMatchObject({ [SECRET_PLACES.signingKey(jwk.kid)]: JSON.stringify(jwk), [SECRET_PLACES.cookieKeys]: JSON.stringify([cookieKey]), [SECRET_PLACES.shared('captcha-subject')]: shared });
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('the secrets key', () => {
  it('in development, is made once in the data folder, readable by its owner only', async () => {
    const where = await store();
    const first = await start(where, undefined);
    const file = path.join(where.dataDir, DEV_KEY_FILE);
    const keyId = first.server.ctx.secrets.keyId;
    try {
      expect(first.server.ctx.secrets.source).toEqual({ kind: 'development', file, made: true });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await first.close();
    }
    const second = await start(where, undefined);
    try {
      expect(second.server.ctx.secrets.source).toEqual({ kind: 'development', file, made: false });
      expect(second.server.ctx.secrets.keyId).toBe(keyId);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('is required in production: none named refuses the start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-secrets-prod-'));
    cleanUps.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await expect(buildServer({ production: true, dataDir, seedDemo: false, publicOrigin: 'https://id.example.com' })).rejects.toThrow(/Production needs SECRETS_KEY or SECRETS_KEY_FILE/);
    expect(fs.existsSync(path.join(dataDir, DEV_KEY_FILE))).toBe(false);
  }, 120_000);

  it('is read from SECRETS_KEY_FILE, and a malformed one is refused by name', async () => {
    const where = await store();
    const file = path.join(where.dataDir, 'kms-mounted.key');
    const key = crypto.randomBytes(32);
    fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
    const t = await startServer({ ...where, seedDemo: false, secretsKey: { keyFile: file } });
    try {
      expect(t.server.ctx.secrets.keyId).toBe(keyIdOf(key));
      expect(t.server.ctx.secrets.source).toEqual({ kind: 'SECRETS_KEY_FILE', file });
    } finally {
      await t.close();
    }
    fs.writeFileSync(file, 'not-a-key\n');
    await expect(startServer({ ...where, seedDemo: false, secretsKey: { keyFile: file } })).rejects.toThrow(`SECRETS_KEY_FILE ${file} is not a key of 32 bytes`);
    await expect(startServer({ ...where, seedDemo: false, secretsKey: { keyFile: path.join(where.dataDir, 'missing.key') } })).rejects.toThrow(/missing\.key cannot be read \(ENOENT\)/);
  }, 120_000);

  it('seals for one place only: an envelope opens where it was sealed', () => {
    const box = new SecretBox(crypto.randomBytes(32));
    const sealed = box.seal('s3cret', SECRET_PLACES.shared('a'));
    expect(box.open(sealed, SECRET_PLACES.shared('a'))).toBe('s3cret');
    expect(() => box.open(sealed, SECRET_PLACES.shared('b'))).toThrow(/does not open/);
    expect(() => box.open('s3cret', SECRET_PLACES.shared('a'))).toThrow(/is not sealed/);
  });
});
