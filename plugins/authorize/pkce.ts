/** PKCE S256 (RFC 7636) and the state kept for the round trip through the server's /authorize. */
const KEY = 'uid.authorize';

export interface PendingAuthorization {
  verifier: string;
  state: string;
  /** Where the user was heading (checked against the allow-list after the exchange). */
  returnTo: string | null;
  createdAt: number;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function challengeOf(verifier: string): Promise<string> {
  // The verifier is base64url (ASCII): its bytes are its char codes.
  const digest = await crypto.subtle.digest('SHA-256', Uint8Array.from(verifier, (c) => c.charCodeAt(0)));
  return base64url(new Uint8Array(digest));
}

export function savePending(pending: PendingAuthorization): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

/** The pending authorization, once (a replayed /token page finds nothing). */
export function takePending(): PendingAuthorization | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<PendingAuthorization>;
    if (typeof p.verifier !== 'string' || typeof p.state !== 'string') return null;
    return { verifier: p.verifier, state: p.state, returnTo: typeof p.returnTo === 'string' ? p.returnTo : null, createdAt: Number(p.createdAt) || 0 };
  } catch {
    return null;
  }
}

/** Constant-time string comparison for the state check. */
export function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
