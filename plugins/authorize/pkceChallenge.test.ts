import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { challengeOf, randomToken } from './pkce';

describe('PKCE S256', () => {
  it('is base64url(SHA-256(verifier)), as an independent implementation computes it', async () => {
    for (const verifier of ['dBjftJeZ4CVP-mJ92K9qDmGl6Ol3cIFUfJd0sHq7OpM', randomToken(48)]) {
      expect(await challengeOf(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
    }
  });
  it('makes base64url verifiers, different each time', () => {
    const a = randomToken(48);
    expect(a).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(randomToken(48)).not.toBe(a);
  });
});
