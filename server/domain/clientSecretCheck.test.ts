import { describe, expect, it } from 'vitest';
import { clientSecretMatches, isConfidential, providerSecretStandIn } from './clientSecretCheck';
import { sha256 } from './crypto';

const OLD = 'old-secret-0123456789-0123456789-0123456789';
const NEW = 'new-secret-0123456789-0123456789-0123456789';

describe('client secrets', () => {
  it('takes a seeded plain secret (CLIENTS_FILE) and nothing else', () => {
    expect(clientSecretMatches({ secret: OLD }, OLD, 0)).toBe(true);
    expect(clientSecretMatches({ secret: OLD }, NEW, 0)).toBe(false);
    // The hash of the secret is not the secret.
    expect(clientSecretMatches({ secret: OLD }, sha256(OLD), 0)).toBe(false);
  });

  it('takes a secret kept as its SHA-256, never the hash itself or the stand-in', () => {
    const client = { secretHash: sha256(NEW) };
    expect(clientSecretMatches(client, NEW, 0)).toBe(true);
    expect(clientSecretMatches(client, sha256(NEW), 0)).toBe(false);
    expect(clientSecretMatches(client, providerSecretStandIn(client)!, 0)).toBe(false);
  });

  it('takes the previous secret of a rotation until its overlap ends, and not after', () => {
    const client = { secretHash: sha256(NEW), previousSecretHash: sha256(OLD), previousSecretUntil: 1000 };
    expect(clientSecretMatches(client, OLD, 999)).toBe(true);
    expect(clientSecretMatches(client, OLD, 1000)).toBe(false);
    expect(clientSecretMatches(client, NEW, 5000)).toBe(true);
    // A previous hash without its end is never taken.
    expect(clientSecretMatches({ secretHash: sha256(NEW), previousSecretHash: sha256(OLD) }, OLD, 0)).toBe(false);
  });

  it('calls a client with either kind of secret confidential; the stand-in changes with a rotation', () => {
    expect(isConfidential({})).toBe(false);
    expect(isConfidential({ secret: OLD })).toBe(true);
    expect(isConfidential({ secretHash: sha256(OLD) })).toBe(true);
    expect(providerSecretStandIn({})).toBeUndefined();
    expect(providerSecretStandIn({ secretHash: sha256(NEW) })).not.toBe(providerSecretStandIn({ secretHash: sha256(NEW), previousSecretHash: sha256(OLD), previousSecretUntil: 1 }));
  });
});
