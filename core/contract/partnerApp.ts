/**
 * The partner-app embedding contract (spec sections 1, 2 and 4), shared by the SPA's
 * partner-app plugin, the reference server and its /dev/ app simulator.
 */
import type { RegionCode } from './regions';

/** The only app types the portal accepts in the `appType` query parameter. */
export const APP_TYPES = ['partner_app_android', 'partner_app_ios'] as const;
/** One of APP_TYPES. */
export type AppType = (typeof APP_TYPES)[number];

/** Whether `value` is one of APP_TYPES. */
export function isAppType(value: unknown): value is AppType {
  return typeof value === 'string' && (APP_TYPES as readonly string[]).includes(value);
}

/** The OAuth client each app signs in as; an app session is bound to its own client. */
export const APP_CLIENT_IDS: Readonly<Record<AppType, string>> = {
  partner_app_android: 'partner-app-android',
  partner_app_ios: 'partner-app-ios',
};

/**
 * A session cookie (no expiry, dies with the web view) that keeps the non-secret part of a
 * launch (`appType`, `locale`, `appVersion`, URL-encoded as a query string) so a reload
 * after the address bar was cleaned still runs as the app. The server reads it only to
 * choose the app's deployment config.
 */
export const APP_LAUNCH_COOKIE = 'uid_app';

/**
 * POST (global host), `Authorization: <tokenType> <accessToken>` from the app's query:
 * binds the web view to the app's sign-in session by setting the SSO session cookie
 * (HttpOnly) for the same session. The token must belong to `sessionId` and to the app's client.
 */
export const APP_SESSION_PATH = '/app/session';

/** Body of `POST /app/session` (APP_SESSION_PATH): the app and its sign-in session. */
export interface AppSessionRequest {
  appType: AppType;
  sessionId: string;
}

/** `result` of `POST /app/session`: the account's region and id. */
export interface AppSessionResult {
  region: RegionCode;
  accountId: string;
  /** Seconds until the sign-in session ends. */
  expiresIn: number;
}

/**
 * An app's return address (the partner-app config's `returnUri`), where a page the app opened in the
 * device's browser sends the person back: the app's own scheme, or https (an app link); never a scheme
 * that runs or shows content of its own, nor plain http.
 */
export const APP_RETURN_URI = /^(?!(?:javascript|data|vbscript|file|blob|about|http|filesystem):)[a-z][a-z0-9+.-]*:[^\s]{1,200}$/i;

/** Version of the messages exchanged with the native bridge. */
export const BRIDGE_VERSION = 1;

/** Page → app. */
export type BridgeCall =
  /** Sign-out: the app signs out and shows its login screen; the server is not called. */
  | { v: typeof BRIDGE_VERSION; type: 'signOut'; appType: AppType }
  /** The account changed (profile, avatar): the app reloads it; the page stays open. */
  | { v: typeof BRIDGE_VERSION; type: 'refreshAccount'; appType: AppType }
  /**
   * Open `url` (always a page of the portal's own origin) in the system browser, not in the web view:
   * a social provider refuses web views. Android: a Custom Tab; iOS: ASWebAuthenticationSession with
   * the app's return scheme (`partner-app` config `returnUri`). The page there ends with a link back to
   * that address; the app then posts `accountUpdated` (or the page sees itself shown again).
   */
  | { v: typeof BRIDGE_VERSION; type: 'openExternal'; appType: AppType; url: string };

/** App → page, sent with `window.postMessage(message, location.origin)` from the web view. */
export type BridgeEvent = { source: typeof BRIDGE_EVENT_SOURCE; v: typeof BRIDGE_VERSION; type: 'accountUpdated' };
/** `source` of the events a partner app posts to the page. */
export const BRIDGE_EVENT_SOURCE = 'unified-id-app';

/** Android: `addJavascriptInterface(obj, ANDROID_BRIDGE)`, whose `postMessage(json)` takes the call as JSON. */
export const ANDROID_BRIDGE = 'UnifiedIdAndroid';
/** iOS: `window.webkit.messageHandlers[IOS_BRIDGE].postMessage(call)`. */
export const IOS_BRIDGE = 'unifiedId';

/** Response of the reference server's development-only `POST /dev/app-sign-in`. */
export interface DevAppSignInResult {
  tokenType: 'Bearer';
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  region: RegionCode;
}
