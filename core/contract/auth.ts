/**
 * Sign-in, authorisation hand-off and token calls (spec sections 4 and 7), as implemented by
 * the reference server. Paths are relative to the API base (`/api` or `/api/region/<r>`).
 */
import type { RedirectParamsResult } from './api';
import type { RegionCode } from './regions';
import type { ThemeOverrides } from '../../themes/tokens';

/** HttpOnly, SameSite=Lax cookie holding the SSO login session on the API origin. */
export const SSO_COOKIE = 'uid_sso';

/** Two-factor methods (spec section 3): email authentication 2, app authentication (TOTP) 3. */
export const MFA_TYPES = { email: 2, totp: 3 } as const;
/** A two-factor method's number (MFA_TYPES): email 2, TOTP 3. */
export type MfaType = (typeof MFA_TYPES)[keyof typeof MFA_TYPES];

/** Identity providers (spec section 1), in the order migration lists show them. */
export const IDENTITY_PROVIDERS = ['vendorId', 'partnerProgram', 'partnerApp'] as const;
/** One of IDENTITY_PROVIDERS. */
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

/**
 * `GET /authorize` (browser navigation). Starts a login session and redirects to
 * `/login?session_code=…&lang=…`, or, with a valid SSO cookie, straight back to
 * `redirect_uri?code=…&state=…`. With only `session_code` it continues a login session that
 * `POST /login` completed.
 */
export interface AuthorizeQuery {
  client_id?: string;
  redirect_uri?: string;
  response_type?: 'code';
  code_challenge?: string;
  code_challenge_method?: 'S256';
  state?: string;
  scope?: string;
  /** Portal language code for the login page (e.g. de_DE). */
  lang?: string;
  /** Where the client wants to land after the token exchange (portal: a path of the portal). */
  return_url?: string;
  /** `login` forces the login page even with a valid SSO session. */
  prompt?: 'login';
  session_code?: string;
  language?: string;
}

/** `POST /login`, header `session_code` (optional only for the help-desk variant). */
export interface LoginRequest {
  email: string;
  /** Absent when `passkeyProof`, `emailCode` or a linked `externalProof` signs in. */
  password?: string;
  /** Retry with MFA: the method, the 6-digit code and the process id from the -20677 result. */
  mfaType?: MfaType;
  code?: string;
  mfaProcessId?: string;
  /** Retry with MFA by a recovery code instead of `mfaType` and `code` (with `mfaProcessId`). */
  recoveryCode?: string;
  /** With a passed second factor: do not ask this browser again for the deployment's trusted-device days. */
  trustDevice?: boolean;
  /** Retry after the captcha frame reported success (-23029). */
  captchaToken?: string;
  /** From `POST /login/passkey/verify`: signs in without the password, or passes MFA beside it. */
  passkeyProof?: string;
  /** With `emailCodeProcessId` (from `POST /login/email-code`): the mailed 6-digit code, or its link's token, in place of the password. */
  emailCode?: string;
  emailCodeProcessId?: string;
  /**
   * From a company's identity provider (the enterprise-sso plugin's return to the login page): a
   * linked identity signs in without the password; an identity to link rides beside the password
   * (or mailed code) that proves the account it is linked to.
   */
  externalProof?: string;
  /** Retry after the privacy-policy notice (-10999): the acknowledged version. */
  acceptPrivacyVersion?: number;
  terminalUUID?: string;
  language?: string;
  /** Help-desk variant without a session code. */
  source?: 'zendesk';
  brand_id?: string;
  locale_id?: string;
  return_to?: string;
}
/** `POST /login/email-code` (header session_code): mails a sign-in code to an account of `email`. */
export interface EmailSignInCodeRequest {
  email: string;
  language?: string;
}
/**
 * Its answer, the same whether or not the address has an account (no mail goes to one without):
 * the process the code belongs to, when it may be sent again, and how long it lives.
 */
export interface EmailSignInCodeResult {
  processId: string;
  resendAfterSeconds: number;
  expiresIn: number;
}

/** Success of `POST /login` and of `GET /redirect-params`: navigate to serviceUrl?redirectParams. */
export type LoginResult = RedirectParamsResult;

/** Error results carried by sign-in failures. */
export interface MfaRequiredResult {
  /** Empty (and no primary) only in the passkey-alone step: a service demands a second factor of an account whose one factor beyond the password is a passkey. */
  supportedMFATypes: MfaType[];
  primaryMFAType?: MfaType;
  /** Masked address the email codes go to. */
  MFAEmail: string;
  MFAProcessId: string;
  /** Set to 'partnerProgram' when the account came from the partner program. */
  type?: string;
  /** Process lifetime in seconds. */
  expiresIn: number;
  /** How many unused recovery codes the account has (beyond the spec); 0 or absent: that way in is not offered. */
  recoveryCodes?: number;
  /** The deployment lets a browser be trusted for this many days; absent: it does not. */
  trustDeviceDays?: number;
  /** The account has a passkey: it may pass this step instead of a code (`POST /login/passkey/options` with the process id). */
  passkey?: boolean;
}
/** `result` of a refused two-factor code: attempts left, or how long the account is locked. */
export interface MfaErrorResult {
  remainAttempts?: number;
  lockedMinutes?: number;
}
/** `result` of -9 (the account has no data region yet): what the region step needs. */
export interface RegionRequiredResult {
  email: string;
  /** Suggested first name: the part of the email before the at sign. */
  firstName: string;
  /** Suggested data region, if known. */
  regionCode: RegionCode | null;
  /** Proof of the password check; send it with `POST /account`. 10 minutes. */
  processId: string;
}
/** `result` of -10999 (privacyPolicyUpdate): the privacy policy version to accept, and where to read it. */
export interface PrivacyPolicyResult {
  version: number;
  url: string;
}
/** `result` of a call that needs a captcha first: the frame to show and the region that serves it. */
export interface CaptchaRequiredResult {
  serviceRegion: RegionCode;
  /** Frame page to embed (same origin). */
  captchaUrl: string;
}
/** `result` of -20602 (notActivated): the address, and whether this call mailed a new activation link. */
export interface NotActivatedResult {
  email: string;
  /** True when this call sent a new activation mail (false inside the 60 s wait). */
  mailSent: boolean;
  /**
   * Seconds before Resend may send another mail: 60 after this call sent one, what is left of
   * the wait when it sent none (the mail sent before still works). Absent from older servers.
   */
  resendAfterSeconds?: number;
}
/** `result` of a rate-limited call: seconds before another try. */
export interface RateLimitedResult {
  retryAfterSeconds: number;
}
/**
 * `result` of -20679 (tokenExpired) from `POST /login` when the page's login session expired
 * unused: a fresh session code of the same request. The page puts it in place of the old one,
 * keeps what was typed and says the page was open too long; the next submit goes on.
 */
export interface LoginSessionRenewedResult {
  /** The fresh session code: sent from now on in place of the expired one (`sessionCodeOf`). */
  sessionCode: string;
}
/** `result` of -29999 (loginSessionExists): the sign-in session this browser already has is that address's. */
export interface LoginSessionExistsResult {
  email: string;
}

/** `POST /token`: JSON or form encoded, OAuth-style names. */
export interface TokenRequest {
  grant_type: 'authorization_code' | 'refresh_token';
  client_id: string;
  code?: string;
  code_verifier?: string;
  redirect_uri?: string;
  refresh_token?: string;
}

/** `POST /token/valid` with `Authorization: Bearer <refreshToken>`. */
export interface TokenValidResult {
  valid: true;
  accountId: string;
  region: RegionCode;
  /** Seconds the session still lives (session timeout). */
  expiresIn: number;
}

/** `POST /logout?email=…` with the access token. */
export interface LogoutResult {
  loggedOut: true;
}

/** Help-desk hand-off: browser navigation to `GET /helpdesk/sso?brand_id&locale_id&return_to`. */
export interface HelpdeskQuery {
  brand_id?: string;
  locale_id?: string;
  return_to?: string;
}

/** `GET /client/custom/banner-and-logo?sessionCode=…` (spec section 3, login page info). */
export interface CarouselItem {
  fileUrl: string;
  id: string;
  orderValue: number;
  description: string | null;
  link: string | null;
  linkText: string | null;
  /**
   * The slide's texts by portal language code (`de_DE` …): the page shows those of its language,
   * and `description` / `linkText` where the language has none (each text on its own). Absent from
   * older servers and from clients that give one language.
   */
  texts?: CarouselTextsByLanguage;
}
/** A slide's caption and link text in one language; a text left out shows the slide's plain one. */
export interface CarouselTexts {
  description?: string;
  linkText?: string;
}
/** A slide's texts by portal language code. */
export type CarouselTextsByLanguage = Readonly<Partial<Record<string, CarouselTexts>>>;
/** A client's theme: same shape as the deployment config's `theme`. */
export interface ClientTheme {
  /** A base theme: one of themes/<name>.theme.ts (the server refuses others at start-up). */
  name: string;
  overrides?: ThemeOverrides;
}
/** `result` of the login page look-up: a client's branding (carousel, language, title, theme) and its plugin list. */
export interface LoginPageInfo {
  carouselInfos: CarouselItem[];
  /** Portal language code the client prefers (e.g. en_US) or null. */
  language: string | null;
  title: string | null;
  titleLogoUrl: string | null;
  logoUrl: string | null;
  signUpUrl: string | null;
  /** When set, only these plugin ids may run on the login page for this client. */
  plugins?: string[];
  /** The client's own theme (a base theme and token overrides); absent: the deployment's theme. */
  theme?: ClientTheme | null;
  clientId: string;
  clientName: string;
  /**
   * The service asked the signed-in account to sign in again (OpenID prompt=login or max_age):
   * that account's address. Present only for this browser's own signed-in account.
   */
  reauthenticate?: { email: string } | null;
}

/**
 * LoginPageInfo as the server writes it into /login's HTML (`<script type="application/json"
 * id="login-page-info">`): with the page's logos it can send as bytes (its own small branding
 * images), by address, so the page's <img> needs no request.
 */
export interface WrittenLoginPageInfo extends LoginPageInfo {
  inlineImages?: Record<string, string>;
}
