import {
  type ApiError,
  currentLanguage,
  type EmailSignInCodeRequest,
  type EmailSignInCodeResult,
  ERROR_CODES,
  type HttpClient,
  isAbortError,
  loginSessionHeaders,
  type RateLimitedResult,
  toApiError,
} from '@portal/plugin-api';

/** What the 'emailCode' view is opened with after a code was mailed: the address and the server's answer. */
export interface EmailCodeData extends EmailSignInCodeResult {
  email: string;
}

/** The wait when a refusal (-60001) does not say how long: the server's one mail a minute. */
export const DEFAULT_RESEND_SECONDS = 60;

/** `POST /login/email-code` for this login page's sign-in (its session code goes along). */
export function requestCode(http: HttpClient, query: URLSearchParams, email: string): Promise<EmailSignInCodeResult> {
  const body: EmailSignInCodeRequest = { email, language: currentLanguage() };
  return http.post<EmailSignInCodeResult>('/login/email-code', body, { auth: 'none', headers: loginSessionHeaders(query) });
}

/** Why a request for a code failed, as the page says it. */
export type SendProblem = { kind: 'rateLimited'; seconds: number } | { kind: 'message'; error: ApiError };

/** The failure of a request for a code, or null when it was only aborted (the view left). */
export function sendProblemOf(error: unknown): SendProblem | null {
  if (isAbortError(error)) return null;
  const apiError = toApiError(error);
  if (apiError.code === ERROR_CODES.rateLimited) {
    const seconds = (apiError.result as Partial<RateLimitedResult> | undefined)?.retryAfterSeconds;
    return { kind: 'rateLimited', seconds: typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RESEND_SECONDS };
  }
  return { kind: 'message', error: apiError };
}

/** Data the view was opened with, when it is a mailed code's (else null: a reload, a mailed link). */
export function emailCodeDataOf(data: unknown): EmailCodeData | null {
  const d = data as Partial<EmailCodeData> | null | undefined;
  if (!d || typeof d.email !== 'string' || typeof d.processId !== 'string' || !d.processId) return null;
  return {
    email: d.email,
    processId: d.processId,
    resendAfterSeconds: typeof d.resendAfterSeconds === 'number' ? d.resendAfterSeconds : DEFAULT_RESEND_SECONDS,
    expiresIn: typeof d.expiresIn === 'number' ? d.expiresIn : 600,
  };
}

/** The address the view was opened with, if any (prefills the send form). */
export function emailOf(data: unknown): string {
  const email = (data as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

/** The mailed link's fragment token: `<processId>.<linkToken>.<base64url(email)>`. */
export interface LinkToken {
  processId: string;
  linkToken: string;
  email: string;
}

/** The parts of a mailed link's token, or null when it is not one (cut, hand-made). */
export function parseLinkToken(token: string | null): LinkToken | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  const [processId, linkToken, encoded] = parts as [string, string, string];
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const email = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return email.includes('@') ? { processId, linkToken, email } : null;
  } catch {
    return null;
  }
}
