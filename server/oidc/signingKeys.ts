/**
 * The OpenID provider's signing keys, kept in the global store so every process and restart
 * signs with the same key. The first start makes one; a rotation makes a new current key and
 * keeps the old one published (JWKS) until the last ID token it signed has expired, so a
 * client that cached the JWKS or holds a fresh token still verifies it. The private keys are
 * stored sealed (db/secretsAtRest.ts), never in clear.
 */
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { GlobalDb, OidcSigningKeyTable } from '../db/types';
import { randomToken } from '../domain/crypto';
import { LOCK_SPACE, lockKey } from '../db/portable';
import { SECRET_PLACES, type SecretBox } from '../db/secretsAtRest';

export const SIGNING_ALG = 'ES256';
/** Lifetime of an ID token; a retired signing key stays published this long. */
export const ID_TOKEN_SECONDS = 3600;

/** A private signing key as the provider takes it (`jwks.keys`). */
export type PrivateSigningJwk = JWK & { kid: string; alg: string; use: 'sig' };

async function newKey(secrets: SecretBox, now: number): Promise<OidcSigningKeyTable> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const kid = randomToken(12);
  const jwk: PrivateSigningJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' };
  return { kid, alg: SIGNING_ALG, private_jwk: secrets.seal(JSON.stringify(jwk), SECRET_PLACES.signingKey(kid)), created_at: now, retired_at: null, published_until: null };
}

/** Makes the first key when there is no current one (first start). Safe to run from several processes. */
export async function ensureSigningKey(db: Kysely<GlobalDb>, secrets: SecretBox, now: number): Promise<void> {
  const key = await newKey(secrets, now);
  await db.transaction().execute(async (trx) => {
    // Processes starting at once take turns (PostgreSQL; SQLite's write lock does it), so one key is made.
    await lockKey(trx, LOCK_SPACE.signingKeys, 'current');
    const current = await trx.selectFrom('oidc_signing_keys').select('kid').where('retired_at', 'is', null).executeTakeFirst();
    if (!current) await trx.insertInto('oidc_signing_keys').values(key).execute();
  });
}

/**
 * Makes a new current key. The one it replaces stays published for `keepSeconds` (the longest
 * lifetime of what it signed); keys whose time is up are deleted.
 */
export async function rotateSigningKey(db: Kysely<GlobalDb>, secrets: SecretBox, now: number, keepSeconds: number): Promise<string> {
  const key = await newKey(secrets, now);
  await db.transaction().execute(async (trx) => {
    await lockKey(trx, LOCK_SPACE.signingKeys, 'current');
    await trx
      .updateTable('oidc_signing_keys')
      .set({ retired_at: now, published_until: now + keepSeconds * 1000 })
      .where('retired_at', 'is', null)
      .execute();
    await trx.insertInto('oidc_signing_keys').values(key).execute();
    await trx.deleteFrom('oidc_signing_keys').where('published_until', '<=', now).execute();
  });
  return key.kid;
}

/** The rows of the keys to publish, current key first (the provider signs with the first key of an algorithm), still sealed. */
export async function publishedSigningKeyRows(db: Kysely<GlobalDb>, now: number): Promise<OidcSigningKeyTable[]> {
  const rows = await db
    .selectFrom('oidc_signing_keys')
    .selectAll()
    .where((eb) => eb.or([eb('published_until', 'is', null), eb('published_until', '>', now)]))
    .execute();
  return rows.sort((a, b) => (a.retired_at === null ? -1 : b.retired_at === null ? 1 : Number(b.created_at) - Number(a.created_at)));
}

/** Those rows' private keys, opened: only when the provider is built with them. */
export function openSigningKeys(rows: readonly OidcSigningKeyTable[], secrets: SecretBox): PrivateSigningJwk[] {
  return rows.map((row) => JSON.parse(secrets.open(row.private_jwk, SECRET_PLACES.signingKey(row.kid))) as PrivateSigningJwk);
}
