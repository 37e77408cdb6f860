/**
 * Secrets that may arrive in the address (partner apps, the authorization code on /token,
 * the token of a mailed link). They are taken out of the address bar with history.replaceState before any
 * other code runs, kept in memory, and handed out once to whoever needs them.
 */
export const SENSITIVE_PARAMS = [
  'accessToken', 'access_token', 'refreshToken', 'refresh_token', 'tokenType', 'token_type',
  'securityToken', 'security_token', 'sessionId', 'session_id',
] as const;
/** Only meaningful (and secret) on the token-exchange page. */
const TOKEN_PAGE_PARAMS = ['code', 'state'] as const;
/**
 * The one-time token of a mailed link (password reset, activation), kept apart from the
 * others: `#token=…` (where the server puts it, so it never reaches a server log or a Referer),
 * or `?token=…` from a hand-made link.
 */
export const MAIL_LINK_TOKEN = 'token';

let captured: Record<string, string> = {};
let mailLinkToken: string | null = null;

/** Take tokens out of the address bar before anything runs, keeping them for the page (the app's start). */
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
  const fragment = new URLSearchParams(url.hash.slice(1));
  const linkToken = fragment.get(MAIL_LINK_TOKEN) ?? url.searchParams.get(MAIL_LINK_TOKEN);
  if (Object.keys(found).length === 0 && linkToken === null) return;
  if (linkToken !== null) {
    mailLinkToken = linkToken;
    url.searchParams.delete(MAIL_LINK_TOKEN);
    fragment.delete(MAIL_LINK_TOKEN);
    const rest = fragment.toString();
    url.hash = rest ? `#${rest}` : '';
  }
  captured = { ...captured, ...found };
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The mailed link's token, once (null when the page was not opened from one, or it was taken). */
export function takeMailLinkToken(): string | null {
  const token = mailLinkToken;
  mailLinkToken = null;
  return token;
}

/** The captured values, once: a second call gets nothing, so secrets are not passed around. */
export function takeCapturedParams(): Record<string, string> {
  const out = captured;
  captured = {};
  return out;
}
