/**
 * Login-page parameters that must survive the trip through the authorize entry (a bare
 * /login has no login session yet): e.g. the `email` a mailed link's page signs in with
 * (core/login/mailLink.ts), or `activated` of older links. Kept in sessionStorage (this tab
 * only) and handed out once.
 */
const KEY = 'uid.login.carry';
export const CARRIED_PARAMS = ['activated', 'email'] as const;

/** Keep the sign-in's own query parameters (CARRIED_PARAMS) for the login page this tab opens next. */
export function carryLoginParams(query: URLSearchParams): void {
  const carried: Record<string, string> = {};
  for (const name of CARRIED_PARAMS) {
    const value = query.get(name);
    if (value !== null) carried[name] = value;
  }
  if (Object.keys(carried).length) sessionStorage.setItem(KEY, JSON.stringify(carried));
}

/** The parameters carried to this login page, once: they are gone after. */
export function takeCarriedLoginParams(): Record<string, string> {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const out: Record<string, string> = {};
    for (const name of CARRIED_PARAMS) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === 'string') out[name] = value;
    }
    return out;
  } catch {
    return {};
  }
}
