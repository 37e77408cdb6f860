/** Security settings calls (spec section 7). Sensitive ones carry the Security-Token header. */
import type { MfaType } from './auth';

/** The security lock lasts five minutes. */
export const SECURITY_TOKEN_SECONDS = 300;

/** `POST /security/enable {password}`. */
export interface SecurityEnableRequest {
  password: string;
}
/** `result` of `POST /security/enable` (unlock): the security token and its lifetime in seconds. */
export interface SecurityEnableResult {
  securityToken: string;
  expiresIn: number;
}

/** `GET /account/{id}/mfa/getMfaFeatureStatus`. */
export interface MfaFeatureStatus {
  enabled: boolean;
  supportedMFATypes: MfaType[];
  primaryMFAType: MfaType | null;
  MFAEmail: string;
  /**
   * Beyond the spec: the methods the deployment offers in the account's region (the mfa plugin's,
   * where it is on there); the page offers to set up only these. Absent from a server that predates it: both.
   */
  offeredMFATypes?: MfaType[];
}

/** `POST /account/mfa/enable`, `/accounts/mfa/addMfaType`: prove the method with a code. */
export interface MfaCodeRequest {
  mfaType: MfaType;
  code: string;
}
/** `/accounts/mfa/primary`, `/accounts/mfa/delMfaType`. */
export interface MfaTypeRequest {
  mfaType: MfaType;
}

/** `POST /account/mfa/getTOTPUrl`: a new secret, shown once, to bind within 10 minutes. */
export interface TotpUrlResult {
  otpauthUrl: string;
  secret: string;
  /** PNG data URL of the QR code. */
  qrCode: string;
  expiresIn: number;
}

/**
 * `POST /email/code`: type BIND (signed in, Security-Token) sends a code to bind email MFA;
 * type LOGIN (during sign-in) needs the mfaProcessId of the -20677 result.
 */
export interface EmailCodeRequest {
  email: string;
  type: 'BIND' | 'LOGIN';
  password?: string;
  partnerProgram?: boolean;
  mfaProcessId?: string;
  language?: string;
}
/** `result` of `POST /email/code`: seconds before another code, and the code's lifetime. */
export interface EmailCodeResult {
  resendAfterSeconds: number;
  expiresIn: number;
}

/** Session timeout options, in seconds: 3 h, 6 h, 1 d, 7 d, 30 d. */
export const SESSION_TIMEOUT_OPTIONS = [10_800, 21_600, 86_400, 604_800, 2_592_000] as const;
/** One of SESSION_TIMEOUT_OPTIONS, in seconds. */
export type SessionTimeout = (typeof SESSION_TIMEOUT_OPTIONS)[number];
/** The session timeout an account starts with: one day. */
export const DEFAULT_SESSION_TIMEOUT: SessionTimeout = 86_400;

/** `POST /account/{id}/timeout {expireTime}` (seconds, one of the options). */
export interface TimeoutRequest {
  expireTime: SessionTimeout;
}
/** `POST /account/{id}/defaultTime`: the current timeout. */
export interface TimeoutResult {
  expireTime: SessionTimeout;
  options: readonly SessionTimeout[];
}

/** `GET /account/{id}/sessions`. */
export interface SessionInfo {
  sessionId: string;
  current: boolean;
  createdAt: number;
  lastActiveAt: number;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
}
/** `result` of the account's sessions list. */
export interface SessionsResult {
  sessions: SessionInfo[];
}
/** `POST /account/{id}/logout {sessionList}`; an empty or missing list means all but the current one. */
export interface LogoutSessionsRequest {
  sessionList?: string[];
}
/** `result` of signing sessions out: the ids signed out. */
export interface LogoutSessionsResult {
  loggedOut: string[];
}
