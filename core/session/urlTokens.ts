/**
 * Secrets that may arrive in the query string (partner apps, the authorization code on
 * /token). They are taken out of the address bar with history.replaceState before any
 * other code runs, kept in memory, and handed out once to whoever needs them.
 */
export const SENSITIVE_PARAMS = [
  'accessToken', 'access_token', 'refreshToken', 'refresh_token', 'tokenType', 'token_type',
  'securityToken', 'security_token', 'sessionId', 'session_id',
] as const;
/** Only meaningful (and secret) on the token-exchange page. */
const TOKEN_PAGE_PARAMS = ['code', 'state'] as const;

let captured: Record<string, string> = {};

export function stripTokensFromUrl(win: Window): void {
  const url = new URL(win.location.href);
  const names: readonly string[] = url.pathname === '/token' ? [...SENSITIVE_PARAMS, ...TOKEN_PAGE_PARAMS] : SENSITIVE_PARAMS;
  const found: Record<string, string> = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) {
      found[name] = value;
      url.searchParams.delete(name);
    }
  }
  if (Object.keys(found).length === 0) return;
  captured = { ...captured, ...found };
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The captured values, once: a second call gets nothing, so secrets are not passed around. */
export function takeCapturedParams(): Record<string, string> {
  const out = captured;
  captured = {};
  return out;
}
