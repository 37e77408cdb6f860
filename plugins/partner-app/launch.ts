import {
  APP_LAUNCH_COOKIE,
  type AppType,
  isAppType,
  isLanguageCode,
  type LanguageCode,
  matchBrowserLanguage,
} from '@portal/plugin-api';

/** What the app handed over when it opened the page (spec section 2, embedded mode). */
export interface AppTokens {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export type RefusalReason =
  /** No appType at all: the page was not opened by an app. */
  | 'missing'
  /** An appType other than the two the portal accepts. */
  | 'unknown'
  /** One of the two, but not the app this deployment config serves. */
  | 'mismatch'
  /** Tokens that are partial or malformed. */
  | 'tokens';

export type AppLaunch =
  | {
      kind: 'app';
      appType: AppType;
      language: LanguageCode | undefined;
      appVersion: string | undefined;
      /** Present on a fresh launch; a reload runs on the session already stored. */
      tokens: AppTokens | undefined;
    }
  | { kind: 'refused'; reason: RefusalReason; language: LanguageCode | undefined };

const TOKEN = /^[\x21-\x7e]{1,512}$/;
const SESSION_ID = /^[A-Za-z0-9._~-]{1,64}$/;
const VERSION = /^\d{1,5}(\.\d{1,5}){0,3}([-+][0-9A-Za-z.-]{1,20})?$/;

/** The app's locale ('de_DE', 'de-DE', 'zh_TW', 'pt') as one of the portal’s languages. */
export function languageFromAppLocale(locale: string | null | undefined): LanguageCode | undefined {
  if (!locale || locale.length > 35) return undefined;
  if (isLanguageCode(locale)) return locale;
  return matchBrowserLanguage(locale.replace(/_/g, '-'));
}

function readTokens(captured: Record<string, string>): AppTokens | undefined | 'invalid' {
  const accessToken = captured.accessToken ?? captured.access_token;
  const refreshToken = captured.refreshToken ?? captured.refresh_token;
  const tokenType = captured.tokenType ?? captured.token_type ?? 'Bearer';
  const sessionId = captured.sessionId ?? captured.session_id;
  if (accessToken === undefined && refreshToken === undefined && sessionId === undefined) return undefined;
  if (!accessToken || !refreshToken || !sessionId) return 'invalid';
  if (!TOKEN.test(accessToken) || !TOKEN.test(refreshToken) || !SESSION_ID.test(sessionId) || tokenType.toLowerCase() !== 'bearer') return 'invalid';
  return { tokenType: 'Bearer', accessToken, refreshToken, sessionId };
}

/** The launch cookie's fields, when the page is reloaded without the app's query. */
export function readLaunchCookie(cookie: string): URLSearchParams | undefined {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== APP_LAUNCH_COOKIE) continue;
    try {
      return new URLSearchParams(decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Decide whether this page runs as the configured app. The query wins (a fresh launch); a
 * reload finds the launch cookie instead. Tokens come from what the core took out of the
 * address bar; they are only accepted together with a valid appType.
 */
export function readLaunch(search: string, captured: Record<string, string>, cookie: string, served: AppType): AppLaunch {
  const query = new URLSearchParams(search);
  const fromQuery = query.has('appType');
  const source = fromQuery ? query : readLaunchCookie(cookie);
  const language = languageFromAppLocale(source?.get('locale'));
  const appType = source?.get('appType') ?? null;
  if (appType === null || appType === '') return { kind: 'refused', reason: 'missing', language };
  if (!isAppType(appType)) return { kind: 'refused', reason: 'unknown', language };
  if (appType !== served) return { kind: 'refused', reason: 'mismatch', language };
  const tokens = readTokens(captured);
  if (tokens === 'invalid') return { kind: 'refused', reason: 'tokens', language };
  const version = source?.get('appVersion') ?? undefined;
  return { kind: 'app', appType, language, appVersion: version && VERSION.test(version) ? version : undefined, tokens };
}

/**
 * The launch cookie: a session cookie (no expiry) with the non-secret fields only, so a
 * reload of any page still runs as the app and gets the app's config from the server.
 */
export function launchCookie(launch: Extract<AppLaunch, { kind: 'app' }>, secure: boolean): string {
  const fields = new URLSearchParams({ appType: launch.appType });
  if (launch.language) fields.set('locale', launch.language);
  if (launch.appVersion) fields.set('appVersion', launch.appVersion);
  return `${APP_LAUNCH_COOKIE}=${encodeURIComponent(fields.toString())}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Forget the launch (a refused or ended app session must not come back on reload). */
export function clearedLaunchCookie(secure: boolean): string {
  return `${APP_LAUNCH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`;
}
