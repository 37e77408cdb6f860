/**
 * The portal's API contract: request and result types shared by the SPA and the
 * reference server (server/ imports this module). Success bodies are `{ result }`,
 * errors `{ errorCode, message, result? }` (spec section 7).
 */
import type { RegionCode } from './regions';
import type { AppType } from './partnerApp';

/** The envelope of a successful call: its `result`. */
export interface ApiSuccess<T> {
  result: T;
}
/** The envelope of a failed call: the error code (the catalogue's), the server's message and an optional `result`. */
export interface ApiFailure<R = unknown> {
  errorCode: number;
  message: string;
  result?: R;
}

/** The signed-in account as `GET /user-info` returns it. */
export interface UserInfo {
  accountId: string;
  avatar: string | null;
  id: string;
  email: string;
  phone: string | null;
  identityProvider: string;
  uuidProvider: string;
  firstName: string;
  lastName: string;
  region: RegionCode;
  language: string;
  /** The profile's time zone (IANA name), when set: the account pages show times in it (useFormatMoment). */
  timezone?: string | null;
}

/** The session's tokens: type, access token and refresh token. */
export interface TokenSet {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
}

/** `result` of `POST /token` (authorization-code exchange): the tokens, where to go next and the account's region. */
export interface TokenExchangeResult extends TokenSet {
  redirectUrl: string | null;
  /** Seconds until the access token expires (reference server). */
  expiresIn?: number;
  /** Data region of the signed-in account, so regional calls go to the right host at once. */
  region?: RegionCode;
}

/** `result` of `POST /logged`: whether the browser's sign-in session is still alive. */
export interface LoggedResult {
  loggedIn: boolean;
  /** Present when signed in (reference server). */
  email?: string;
  accountId?: string;
  region?: RegionCode;
  /** Asked with the login page's session code: that login session wants this account's password again. */
  reauthenticate?: boolean;
}

/** `result` of `GET /redirect/allow-urls`: the origins a hand-off may return to. */
export interface AllowUrlsResult {
  allowUrls: string[];
}

/** Body of `POST /refresh-token`. */
export interface RefreshTokenRequest {
  refreshToken: string;
}
/** `result` of `POST /refresh-token`: a new access token (and refresh token when the server rotates them). */
export interface RefreshTokenResult {
  accessToken: string;
  /** Present when the server rotates refresh tokens. */
  refreshToken?: string;
}

/** `POST /login` and `GET /redirect-params` both hand the browser on to a service. */
export interface RedirectParamsResult {
  serviceUrl: string;
  redirectParams: Record<string, string>;
}

/**
 * Result of -19999 (HTTP 503) from a regional host (`/api/region/<r>`) asked about an account
 * whose data lives in another region: repeat the call on the host of `region`
 * (reference server).
 */
export interface RegionUnavailableResult {
  /** The account's data region. */
  region: RegionCode;
  /** The region of the host that refused the call. */
  hostRegion: RegionCode;
}

/**
 * Result of -19999 (HTTP 403) when the call's plugin is switched off by the deployment config for
 * the caller's region or partner app (reference server, issue 25): nothing to retry elsewhere.
 */
export interface PluginOffResult {
  /** The plugin (feature) that is off. */
  plugin: string;
  /** The account's region it is off in; null when the caller's region is not known. */
  offIn: RegionCode | null;
  /** The partner app whose config turns it off; null on the web. */
  appType: AppType | null;
}

/** Failed-login details carried in the error result (spec section 3). */
export interface FailedLoginResult {
  remainAttempts: number;
  failedAttempts: number;
  lockedMinutes: number;
}
