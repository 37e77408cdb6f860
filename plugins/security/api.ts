/** The security calls of spec section 7, typed; sensitive ones carry the Security-Token header. */
import {
  ApiError,
  type EmailCodeRequest,
  type EmailCodeResult,
  ERROR_CODES,
  HEADERS,
  type HttpClient,
  type LogoutSessionsRequest,
  type LogoutSessionsResult,
  type MfaCodeRequest,
  type MfaFeatureStatus,
  type MfaType,
  type MfaTypeRequest,
  type PasswordChangeRequest,
  type SecurityEnableRequest,
  type SecurityEnableResult,
  type SecurityEventsResult,
  type SessionsResult,
  type SessionTimeout,
  type TimeoutRequest,
  type TimeoutResult,
  type TotpUrlResult,
} from '@portal/plugin-api';

const sensitive = { securityToken: true } as const;

/** The server refuses the security token (missing, used or past its lifetime): -20214. */
export function isSecurityTokenError(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.tokenFailure;
}

export function securityApi(http: HttpClient, accountId: string) {
  const id = encodeURIComponent(accountId);
  return {
    unlock: (password: string) => http.post<SecurityEnableResult>('/security/enable', { password } satisfies SecurityEnableRequest),
    /** Passes the token explicitly: it has already left storage when the lock ends. */
    disable: (token: string) => http.post<{ disabled: boolean }>(`/security/${id}/disable`, undefined, { headers: { [HEADERS.securityToken]: token } }),
    changePassword: (body: PasswordChangeRequest) => http.post<{ changed: boolean }>(`/accounts/${id}/password`, body, sensitive),
    mfaStatus: () => http.get<MfaFeatureStatus>(`/account/${id}/mfa/getMfaFeatureStatus`),
    totpUrl: () => http.post<TotpUrlResult>('/account/mfa/getTOTPUrl', undefined, sensitive),
    sendBindCode: (body: EmailCodeRequest) => http.post<EmailCodeResult>('/email/code', body, sensitive),
    /** The first method turns two-factor on; later ones are added. */
    enableMfa: (body: MfaCodeRequest) => http.post<{ enabled: boolean }>('/account/mfa/enable', body, sensitive),
    addMfaType: (body: MfaCodeRequest) => http.post<{ added: MfaType }>('/accounts/mfa/addMfaType', body, sensitive),
    setPrimary: (mfaType: MfaType) => http.post<{ primaryMFAType: MfaType }>('/accounts/mfa/primary', { mfaType } satisfies MfaTypeRequest, sensitive),
    deleteMfaType: (mfaType: MfaType) => http.post<{ deleted: MfaType }>('/accounts/mfa/delMfaType', { mfaType } satisfies MfaTypeRequest, sensitive),
    disableMfa: () => http.post<{ enabled: boolean }>('/accounts/mfa/disable', undefined, sensitive),
    currentTimeout: () => http.post<TimeoutResult>(`/account/${id}/defaultTime`, undefined, { readOnly: true }),
    setTimeout: (expireTime: SessionTimeout) => http.post<TimeoutResult>(`/account/${id}/timeout`, { expireTime } satisfies TimeoutRequest, sensitive),
    sessions: () => http.get<SessionsResult>(`/account/${id}/sessions`),
    /** The account's security activity, newest first; `before` is the previous page's `nextCursor`. */
    securityEvents: (before?: string) => http.get<SecurityEventsResult>(`/account/${id}/security-events`, { query: { before } }),
    logoutSessions: (sessionList?: string[]) =>
      http.post<LogoutSessionsResult>(`/account/${id}/logout`, (sessionList ? { sessionList } : {}) satisfies LogoutSessionsRequest, sensitive),
  };
}

export type SecurityApi = ReturnType<typeof securityApi>;
