/**
 * The connected services as a stored version keeps them: a client's secret only as its SHA-256
 * (`secretHash`), as the clients table keeps it. CLIENTS_FILE may hold the secret itself (the
 * operator's file, their own to protect); the database never does. Secrets are long and random
 * (at least 32 characters), so a fast hash is enough; a password would need a slow one.
 */
import { sha256 } from '../domain/crypto';

export function storedClients(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  return raw.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const { secret, ...rest } = item as Record<string, unknown>;
    return typeof secret === 'string' ? { ...rest, secretHash: sha256(secret) } : item;
  });
}
