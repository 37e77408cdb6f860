/** Local-storage key of this browser's terminal id (sent as `terminalUUID` with a registration). */
export const TERMINAL_KEY = 'register.terminalUUID';

function randomUuid(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A random id for this browser, made once and kept in local storage (sign-out clears it,
 * which only means a new one next time). Without storage it lives for the page.
 */
let fallback: string | null = null;
export function terminalUuid(): string {
  try {
    const stored = localStorage.getItem(TERMINAL_KEY);
    if (stored && UUID.test(stored)) return stored;
    const fresh = randomUuid();
    localStorage.setItem(TERMINAL_KEY, fresh);
    return fresh;
  } catch {
    fallback ??= randomUuid();
    return fallback;
  }
}
