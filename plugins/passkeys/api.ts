/** The passkey calls of the security page and the login page, typed (core/contract/passkeys.ts). */
import {
  ApiError,
  ERROR_CODES,
  type HttpClient,
  type PasskeyItem,
  type PasskeyListResult,
  type PasskeyOptionsResult,
  type PasskeyRegisterRequest,
  type PasskeySignInOptionsRequest,
  type PasskeySignInVerifyRequest,
  type PasskeySignInVerifyResult,
  type WebAuthnJson,
} from '@portal/plugin-api';

const sensitive = { securityToken: true } as const;

export function passkeyApi(http: HttpClient, accountId: string) {
  const id = encodeURIComponent(accountId);
  return {
    list: () => http.get<PasskeyListResult>(`/account/${id}/passkeys`),
    registrationOptions: () => http.post<PasskeyOptionsResult>('/passkeys/register/options', undefined, sensitive),
    register: (response: WebAuthnJson, name: string) => http.post<{ passkey: PasskeyItem }>('/passkeys/register', { response, name } satisfies PasskeyRegisterRequest, sensitive),
    rename: (passkeyId: string, name: string) => http.post<{ passkey: PasskeyItem }>('/passkeys/rename', { id: passkeyId, name }, sensitive),
    remove: (passkeyId: string) => http.post<{ deleted: string }>('/passkeys/delete', { id: passkeyId }, sensitive),
  };
}

export type PasskeyApi = ReturnType<typeof passkeyApi>;

/** The login page's ceremony calls, bound to its session code (read at each call: a renewed code stands in for an expired one). */
export function loginPasskeyApi(http: HttpClient, sessionCode: () => string | null) {
  const options = () => {
    const code = sessionCode();
    const headers: Record<string, string> = code ? { session_code: code } : {};
    return { auth: 'none', headers } as const;
  };
  return {
    options: (body: PasskeySignInOptionsRequest = {}) => http.post<PasskeyOptionsResult>('/login/passkey/options', body, options()),
    verify: (body: PasskeySignInVerifyRequest) => http.post<PasskeySignInVerifyResult>('/login/passkey/verify', body, options()),
  };
}

/** The server did not accept the passkey (unknown, removed, another account's, not verified). */
export function isRefusedPasskey(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.wrongCredentials;
}

/** True where the browser can make and use passkeys at all. */
export function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.get === 'function';
}
