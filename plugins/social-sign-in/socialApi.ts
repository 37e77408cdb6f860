/** Social sign-in's calls from the browser: the login page's and the Security page's. */
import type { HttpClient } from '@portal/plugin-api';
import type { AppLinkStartResult, AppLinkState, AppLinkTicket, LinkedSignIns, LinkStartResult, SocialAccountRequest, SocialFlowResult, SocialProvider, SocialStartResult } from './contract';

export { PROVIDER_NAMES } from './contract';

/** The provider's address the browser may be sent to: an absolute http(s) URL (the server checked the issuer's host). */
export function isProviderAddress(location: unknown): location is string {
  if (typeof location !== 'string') return false;
  try {
    const url = new URL(location);
    return url.protocol === 'https:' || (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'));
  } catch {
    return false;
  }
}

const sessionHeaders = (sessionCode: string) => ({ session_code: sessionCode });

export const socialApi = (http: HttpClient) => ({
  start: (sessionCode: string, provider: SocialProvider) => http.post<SocialStartResult>('/login/social/start', { provider }, { auth: 'none', headers: sessionHeaders(sessionCode) }),
  flow: (sessionCode: string, proof: string) => http.post<SocialFlowResult>('/login/social/flow', { proof }, { auth: 'none', headers: sessionHeaders(sessionCode) }),
  create: (sessionCode: string, body: SocialAccountRequest) => http.post<{ email: string }>('/login/social/account', body, { auth: 'none', headers: sessionHeaders(sessionCode) }),
  linked: (accountId: string) => http.get<LinkedSignIns>(`/accounts/${encodeURIComponent(accountId)}/linked-sign-ins`),
  link: (accountId: string, provider: SocialProvider) => http.post<LinkStartResult>(`/accounts/${encodeURIComponent(accountId)}/linked-sign-ins/link`, { provider }, { securityToken: true }),
  finish: (accountId: string, proof: string) => http.post<LinkedSignIns>(`/accounts/${encodeURIComponent(accountId)}/linked-sign-ins/finish`, { proof }),
  appLink: (accountId: string, provider: SocialProvider) => http.post<AppLinkTicket>(`/accounts/${encodeURIComponent(accountId)}/linked-sign-ins/app-link`, { provider }, { securityToken: true }),
  unlink: (accountId: string, id: string) => http.post<LinkedSignIns>(`/accounts/${encodeURIComponent(accountId)}/linked-sign-ins/unlink`, { id }, { securityToken: true }),
});

/** The calls of the page a partner app opened in the device's browser: no session there, only the hand-off's cookie. */
export const appLinkApi = (http: HttpClient) => ({
  open: (ticket: string) => http.post<AppLinkState>('/social/app-link/open', { ticket }, { auth: 'none' }),
  state: () => http.get<AppLinkState>('/social/app-link', { auth: 'none' }),
  start: () => http.post<AppLinkStartResult>('/social/app-link/start', {}, { auth: 'none' }),
  finish: () => http.post<AppLinkState>('/social/app-link/finish', {}, { auth: 'none' }),
  cancel: () => http.post<AppLinkState>('/social/app-link/cancel', {}, { auth: 'none' }),
});
