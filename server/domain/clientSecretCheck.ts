/**
 * Whether a connected service's presented secret is right, for both token endpoints (the portal's
 * hand-off, domain/clientAuth.ts, and the OpenID provider, oidc/provider.ts): the one place that
 * knows how a client's secret is kept. CLIENTS_FILE may give the secret itself (`secret`, a seed);
 * a stored version and a secret the ops console made keep only its SHA-256 (`secretHash`), and
 * during a rotation's overlap the previous one's (`previousSecretHash`) until `previousSecretUntil`.
 * Secrets are long and random (at least 32 characters, 256 bits from the console), so a fast hash
 * is enough; a password would need a slow one.
 */
import { safeEqual, sha256 } from './crypto';

/** The secret-bearing fields of a client (ClientConfig's). */
export interface ClientSecrets {
  secret?: string;
  secretHash?: string;
  previousSecretHash?: string;
  /** Epoch ms: the previous secret works before this moment, not at or after it. */
  previousSecretUntil?: number;
}

/** A client with a secret of either kind is confidential; one without is public (PKCE). */
export function isConfidential(client: ClientSecrets): boolean {
  return Boolean(client.secret || client.secretHash);
}

/** Constant-time: the presented secret against the secret, its hash, or (within the overlap) the previous secret's hash. */
export function clientSecretMatches(client: ClientSecrets, given: string, now: number): boolean {
  if (client.secret !== undefined) return safeEqual(given, client.secret);
  const digest = sha256(given);
  const current = client.secretHash !== undefined && safeEqual(digest, client.secretHash);
  const previous = client.previousSecretHash !== undefined && client.previousSecretUntil !== undefined && now < client.previousSecretUntil && safeEqual(digest, client.previousSecretHash);
  return current || previous;
}

/**
 * What the OpenID provider is given as `client_secret` where only a hash is kept: the library
 * needs a value for a confidential client, but never compares it (provider.ts replaces the
 * comparison with clientSecretMatches). It names the hash, so a rotation rebuilds the provider.
 */
export function providerSecretStandIn(client: ClientSecrets): string | undefined {
  if (client.secret !== undefined) return client.secret;
  return client.secretHash === undefined ? undefined : `sha256:${client.secretHash}:${client.previousSecretHash ?? ''}:${client.previousSecretUntil ?? ''}`;
}
