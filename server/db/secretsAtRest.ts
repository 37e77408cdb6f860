/**
 * Secrets at rest. The keys the server keeps in the global store — the OpenID signing keys
 * (`oidc_signing_keys`), the provider's cookie keys (`oidc_payloads`, CookieKeys) and the named
 * shared keys (`shared_secrets`, `ctx.sharedKey`) — are sealed with AES-256-GCM under a
 * key-encryption key the operator holds (SECRETS_KEY or SECRETS_KEY_FILE), so a copy of the
 * database (a backup, a replica, a dump) holds no usable key.
 *
 * An envelope is `uid-sealed.v1.<key id>.<base64url(iv | tag | ciphertext)>`: the version lets
 * the format change, the key id (a MAC of the key, never the key) says which key sealed it, so a
 * rotation can open old envelopes with SECRETS_KEY_PREVIOUS and a wrong key is named as such.
 * The row's place (`table/key`) is the additional data: an envelope moved to another row does
 * not open. Every start opens every secret and re-seals what is plain (written before this
 * existed) or sealed by a previous key (`sealSecretsAtRest`); a secret that does not open stops
 * the start, so a wrong key never makes new secrets in place of the old ones.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { PRIVATE_FILE } from './privateFiles';
import type { GlobalDb, RegionalDb } from './types';

const PREFIX = 'uid-sealed';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;
/** The development key's file in the data folder, made when no key is named. */
export const DEV_KEY_FILE = 'secrets.key';

/** Where each kind of secret lives: the additional data of its envelope. */
export const SECRET_PLACES = {
  signingKey: (kid: string) => `oidc_signing_keys/${kid}`,
  cookieKeys: 'oidc_payloads/CookieKeys:current',
  shared: (name: string) => `shared_secrets/${name}`,
  /** An account's authenticator secret, bound or pending: the same place, so binding copies it as it is (and a region move too). */
  totp: (accountId: string) => `accounts/${accountId}/totp`,
} as const;

/** How the operator names the key-encryption key (server options `secretsKey`). */
export interface SecretsKeySettings {
  /** SECRETS_KEY: 32 bytes, base64 (or base64url) or hex. */
  key?: string;
  /** SECRETS_KEY_FILE: a file holding the key (a mounted secret-manager or KMS file). */
  keyFile?: string;
  /** SECRETS_KEY_PREVIOUS (comma-separated): keys that may open envelopes, never seal them (a rotation). */
  previous?: string[];
  /** SECRETS_KEY_PREVIOUS_FILE: the same, one key a line. */
  previousFile?: string;
}

/** A key that is missing, malformed or cannot open the stored secrets: the start stops with this message. */
export class SecretsKeyProblem extends Error {
  override name = 'SecretsKeyProblem';
}

/** A short public name of a key: a MAC of a fixed text under it, so it tells nothing of the key. */
export function keyIdOf(key: Buffer): string {
  return crypto.createHmac('sha256', key).update('uid secrets-at-rest key id').digest('hex').slice(0, 16);
}

/** The 32 bytes of a key given as hex or base64/base64url (whitespace around it ignored). */
export function parseSecretsKey(text: string, what: string): Buffer {
  const value = text.trim();
  // Hex first: 64 hex digits are valid base64 too (of 48 bytes).
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  throw new SecretsKeyProblem(`${what} is not a key of ${KEY_BYTES} bytes in base64 or hex (make one with \`openssl rand -base64 32\`).`);
}

function readKeyFile(file: string, what: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new SecretsKeyProblem(`${what} ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`);
  }
}

/** Where the current key came from, for the start's one line (never the key). */
export type SecretsKeySource = { kind: 'SECRETS_KEY' } | { kind: 'SECRETS_KEY_FILE'; file: string } | { kind: 'development'; file: string; made: boolean };

export class SecretBox {
  /** The current key's id: what new envelopes name. */
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(
    current: Buffer,
    previous: readonly Buffer[] = [],
    readonly source: SecretsKeySource = { kind: 'SECRETS_KEY' },
  ) {
    if (current.length !== KEY_BYTES || previous.some((k) => k.length !== KEY_BYTES)) throw new SecretsKeyProblem(`a secrets key must be ${KEY_BYTES} bytes`);
    this.keyId = keyIdOf(current);
    this.keys.set(this.keyId, current);
    for (const key of previous) if (!this.keys.has(keyIdOf(key))) this.keys.set(keyIdOf(key), key);
  }

  /** How every envelope the current key seals begins. */
  get sealedPrefix(): string {
    return `${PREFIX}.${VERSION}.${this.keyId}.`;
  }

  /** The ids of the previous keys given (those that open, never seal). */
  get previousKeyIds(): string[] {
    return [...this.keys.keys()].filter((id) => id !== this.keyId);
  }

  seal(plain: string, place: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv);
    cipher.setAAD(Buffer.from(place, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${this.sealedPrefix}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** Opens an envelope sealed for `place`; a plain value is refused here (only the start's upgrade takes those). */
  open(stored: string, place: string): string {
    if (!isSealed(stored)) throw new SecretsKeyProblem(`The secret at ${place} is not sealed: restart the server, whose start seals secrets written by an older version.`);
    return this.openEnvelope(stored, place).plain;
  }

  /** A stored value, sealed or plain (written before sealing), and whether it needs sealing again with the current key. */
  openAny(stored: string, place: string): { plain: string; reseal: boolean } {
    if (!isSealed(stored)) return { plain: stored, reseal: true };
    const { plain, keyId } = this.openEnvelope(stored, place);
    return { plain, reseal: keyId !== this.keyId };
  }

  private openEnvelope(stored: string, place: string): { plain: string; keyId: string } {
    const [, version, keyId, data] = stored.split('.');
    if (version !== VERSION || !keyId || data === undefined) throw new SecretsKeyProblem(`The secret at ${place} is sealed in an unknown format (${version ?? '?'}).`);
    const key = this.keys.get(keyId);
    if (!key) {
      throw new SecretsKeyProblem(
        `The secret at ${place} was sealed with key ${keyId}, which is neither the current secrets key (${this.keyId}) nor a previous one${this.previousKeyIds.length ? ` (${this.previousKeyIds.join(', ')})` : ''}. ` +
          'Start with the key that sealed it (as SECRETS_KEY, or as SECRETS_KEY_PREVIOUS while rotating); a new key would not make new secrets in its place.',
      );
    }
    try {
      const raw = Buffer.from(data, 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(place, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return { plain: Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'), keyId };
    } catch {
      throw new SecretsKeyProblem(`The secret at ${place} names key ${keyId} but does not open with it: the row was altered or copied from another row.`);
    }
  }
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(`${PREFIX}.`);
}

/** The settings as the environment gives them (server/main.ts, scripts). */
export function secretsSettingsFromEnv(env: Record<string, string | undefined>): SecretsKeySettings {
  const previous = (env.SECRETS_KEY_PREVIOUS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return {
    ...(env.SECRETS_KEY ? { key: env.SECRETS_KEY } : {}),
    ...(env.SECRETS_KEY_FILE ? { keyFile: path.resolve(env.SECRETS_KEY_FILE) } : {}),
    ...(previous.length ? { previous } : {}),
    ...(env.SECRETS_KEY_PREVIOUS_FILE ? { previousFile: path.resolve(env.SECRETS_KEY_PREVIOUS_FILE) } : {}),
  };
}

/**
 * The development key: made once in the data folder (0600), so `npm start` needs no set-up.
 * Written aside and linked into place, so two processes starting at once read the same key.
 */
function developmentKey(dataDir: string): { key: Buffer; file: string; made: boolean } {
  const file = path.join(dataDir, DEV_KEY_FILE);
  if (!fs.existsSync(file)) {
    const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(aside, `${crypto.randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: PRIVATE_FILE, flag: 'wx' });
    try {
      try {
        fs.linkSync(aside, file);
      } catch (err) {
        // A file system without hard links: a copy that fails if the file exists is as good.
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw err;
        fs.copyFileSync(aside, file, fs.constants.COPYFILE_EXCL);
      }
      fs.chmodSync(file, PRIVATE_FILE);
      return { key: parseSecretsKey(fs.readFileSync(file, 'utf8'), file), file, made: true };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }
  fs.chmodSync(file, PRIVATE_FILE);
  return { key: parseSecretsKey(fs.readFileSync(file, 'utf8'), file), file, made: false };
}

/** The box for these settings; in development without a key, the data folder's own. Production must name one. */
export function loadSecretBox(settings: SecretsKeySettings, where: { production: boolean; dataDir: string }): SecretBox {
  if (settings.key && settings.keyFile) throw new SecretsKeyProblem('SECRETS_KEY and SECRETS_KEY_FILE are both set: name the key once.');
  const previous = [
    ...(settings.previous ?? []).map((k, i) => parseSecretsKey(k, `SECRETS_KEY_PREVIOUS (key ${i + 1})`)),
    ...(settings.previousFile
      ? readKeyFile(settings.previousFile, 'SECRETS_KEY_PREVIOUS_FILE')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .map((k, i) => parseSecretsKey(k, `SECRETS_KEY_PREVIOUS_FILE ${settings.previousFile} (line ${i + 1})`))
      : []),
  ];
  if (settings.key) return new SecretBox(parseSecretsKey(settings.key, 'SECRETS_KEY'), previous, { kind: 'SECRETS_KEY' });
  if (settings.keyFile) {
    return new SecretBox(parseSecretsKey(readKeyFile(settings.keyFile, 'SECRETS_KEY_FILE'), `SECRETS_KEY_FILE ${settings.keyFile}`), previous, { kind: 'SECRETS_KEY_FILE', file: settings.keyFile });
  }
  if (where.production) throw new SecretsKeyProblem('Production needs SECRETS_KEY or SECRETS_KEY_FILE: the key that seals the signing and cookie keys in the database.');
  const dev = developmentKey(where.dataDir);
  return new SecretBox(dev.key, previous, { kind: 'development', file: dev.file, made: dev.made });
}

/** One line for the start (the key's id and where it came from, never the key). */
export function describeSecretsKey(box: SecretBox): string {
  const rotating = box.previousKeyIds.length ? `; opening also previous ${box.previousKeyIds.join(', ')}` : '';
  switch (box.source.kind) {
    case 'SECRETS_KEY':
      return `SECRETS_KEY (key ${box.keyId}${rotating})`;
    case 'SECRETS_KEY_FILE':
      return `${box.source.file} (key ${box.keyId}${rotating})`;
    case 'development':
      return `development key ${box.source.made ? 'made in' : 'from'} ${box.source.file} (key ${box.keyId}${rotating}; production needs SECRETS_KEY or SECRETS_KEY_FILE)`;
  }
}

/**
 * Opens every secret of the global store and seals again, with the current key, what is plain
 * (written before sealing) or sealed by a previous key. Throws SecretsKeyProblem when one does not
 * open. Each row is written only if it still holds what was read (another process starting at
 * the same time may have sealed it first). Resolves the number of rows sealed anew.
 */
export async function sealSecretsAtRest(db: Kysely<GlobalDb>, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (const row of await db.selectFrom('oidc_signing_keys').select(['kid', 'private_jwk']).execute()) {
    const place = SECRET_PLACES.signingKey(row.kid);
    const { plain, reseal } = box.openAny(row.private_jwk, place);
    if (!reseal) continue;
    await db.updateTable('oidc_signing_keys').set({ private_jwk: box.seal(plain, place) }).where('kid', '=', row.kid).where('private_jwk', '=', row.private_jwk).execute();
    sealed++;
  }
  const cookies = await db.selectFrom('oidc_payloads').select('payload').where('key', '=', 'CookieKeys:current').executeTakeFirst();
  if (cookies) {
    const { plain, reseal } = box.openAny(cookies.payload, SECRET_PLACES.cookieKeys);
    if (reseal) {
      await db.updateTable('oidc_payloads').set({ payload: box.seal(plain, SECRET_PLACES.cookieKeys) }).where('key', '=', 'CookieKeys:current').where('payload', '=', cookies.payload).execute();
      sealed++;
    }
  }
  for (const row of await db.selectFrom('shared_secrets').select(['name', 'value']).execute()) {
    const place = SECRET_PLACES.shared(row.name);
    const { plain, reseal } = box.openAny(row.value, place);
    if (!reseal) continue;
    await db.updateTable('shared_secrets').set({ value: box.seal(plain, place) }).where('name', '=', row.name).where('value', '=', row.value).execute();
    sealed++;
  }
  return sealed;
}

/** An account's authenticator secret as it is kept: sealed for that account's row. */
export function sealTotpSecret(box: SecretBox, accountId: string, plain: string): string {
  return box.seal(plain, SECRET_PLACES.totp(accountId));
}

/**
 * An account's authenticator secret as kept, opened. A plain one (written before sealing; the
 * start seals them, sealTotpSecretsAtRest) is taken as it is: whoever can write the row can turn
 * the second factor off anyway, so a plain value grants nothing a planted one would not.
 */
export function openTotpSecret(box: SecretBox, accountId: string, stored: string): string {
  return box.openAny(stored, SECRET_PLACES.totp(accountId)).plain;
}

/**
 * The regional stores' authenticator secrets (bound and pending), sealed anew where plain or under
 * a previous key, like the global store's (each row written only if it still holds what was
 * read). Only rows not sealed with the current key are read: a start after the upgrade reads none,
 * however many accounts there are. Throws SecretsKeyProblem when one does not open. Resolves the
 * number of values sealed.
 */
export async function sealTotpSecretsAtRest(regions: Iterable<Kysely<RegionalDb>>, box: SecretBox): Promise<number> {
  let sealed = 0;
  const current = `${box.sealedPrefix}%`;
  for (const db of regions) {
    const rows = await db
      .selectFrom('accounts')
      .select(['id', 'mfa_totp_secret', 'totp_pending_secret'])
      .where((eb) => eb.or([eb('mfa_totp_secret', 'not like', current), eb('totp_pending_secret', 'not like', current)]))
      .execute();
    for (const row of rows) {
      for (const column of ['mfa_totp_secret', 'totp_pending_secret'] as const) {
        const stored = row[column];
        if (!stored) continue;
        const { plain, reseal } = box.openAny(stored, SECRET_PLACES.totp(row.id));
        if (!reseal) continue;
        await db.updateTable('accounts').set({ [column]: sealTotpSecret(box, row.id, plain) }).where('id', '=', row.id).where(column, '=', stored).execute();
        sealed++;
      }
    }
  }
  return sealed;
}
