import { type HttpClient } from '@portal/plugin-api';

/** The pending RP-initiated logout of this browser, as the server's /oidc/logout-request gives it. */
export interface LogoutRequest {
  /** The connected service that asked, when known. */
  clientName: string | null;
  /** The signed-in account, when the portal session is this browser's. */
  email: string | null;
  /** The provider's anti-forgery value for this browser's session: posted back with the answer. */
  xsrf: string;
  /** Where the answer is posted (the provider's end-session confirm endpoint, same origin). */
  action: string;
}

export const LOGOUT_REQUEST_CALL = '/oidc/logout-request';

export function loadLogoutRequest(http: HttpClient, signal: AbortSignal): Promise<LogoutRequest> {
  return http.get<LogoutRequest>(LOGOUT_REQUEST_CALL, { auth: 'none', signal });
}

/** Only a path of this origin is ever used as the form's target. */
export function sameOriginPath(action: string): string | null {
  return /^\/(?![/\\])[A-Za-z0-9/_.-]*$/.test(action) ? action : null;
}
