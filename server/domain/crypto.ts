/** Random secrets, digests, constant-time comparison and password hashing (argon2id). */
import crypto from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function randomId(): string {
  return crypto.randomUUID();
}

/** Six (or n) random decimal digits, uniformly distributed. */
export function randomDigits(n = 6): string {
  let out = '';
  for (let i = 0; i < n; i++) out += crypto.randomInt(0, 10).toString();
  return out;
}

export function sha256(value: string | Buffer): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** Constant-time equality of two strings of any length (compares their SHA-256 digests). */
export function safeEqual(a: string, b: string): boolean {
  const da = crypto.createHash('sha256').update(a).digest();
  const db = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(da, db) && a.length === b.length;
}

/** PKCE S256: BASE64URL(SHA256(verifier)). */
export function pkceS256(verifier: string): string {
  return crypto.createHash('sha256').update(verifier).digest('base64url');
}

export function md5Hex(data: Buffer): string {
  return crypto.createHash('md5').update(data).digest('hex');
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, so spelled out under isolatedModules)

/**
 * argon2id, salted by the library, the whole password (no truncation). Production parameters
 * follow OWASP (19 MiB, t=2, p=1); testMode uses cheap ones so suites stay fast.
 */
export function passwordHasher(testMode: boolean): PasswordHasher {
  const options = testMode
    ? { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
  return {
    hash: (password) => argonHash(password, options),
    async verify(hashed, password) {
      try {
        return await argonVerify(hashed, password);
      } catch {
        return false;
      }
    },
  };
}

/** A hash to verify against when there is no account, so timing does not reveal existence. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(hasher: PasswordHasher): Promise<string> {
  dummyHash ??= hasher.hash(randomToken(16));
  return dummyHash;
}
