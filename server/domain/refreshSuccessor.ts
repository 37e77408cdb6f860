/**
 * The pair a refresh token was rotated into, sealed so that only the holder of the old refresh
 * token can open it (AES-256-GCM under a key derived from that token with HKDF): the server can
 * hand the same pair to a second tab that presents the just-rotated token, without keeping any
 * usable secret at rest.
 */
import crypto from 'node:crypto';

export interface SuccessorPair {
  accessToken: string;
  refreshToken: string;
}

function keyFor(oldRefreshToken: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', oldRefreshToken, 'uid-refresh-successor', 'v1', 32));
}

export function sealSuccessor(pair: SuccessorPair, oldRefreshToken: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(oldRefreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed pair, or null when it was not sealed for this token (or was tampered with). */
export function openSuccessor(sealed: string, oldRefreshToken: string): SuccessorPair | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(oldRefreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const pair = JSON.parse(text) as Partial<SuccessorPair>;
    return typeof pair.accessToken === 'string' && typeof pair.refreshToken === 'string' ? { accessToken: pair.accessToken, refreshToken: pair.refreshToken } : null;
  } catch {
    return null;
  }
}
