/**
 * The login page's session code when its login session expired unused (issue 27): the server
 * answers the next sign-in -20679 with a fresh code of the same request. The page takes it in
 * place of the old one, keeps what was typed and says the page was open too long.
 */
import type { LoginSessionRenewedResult } from '../contract/auth';
import { ERROR_CODES } from '../contract/errorCodes';
import type { ApiError } from '../http/ApiError';

/** Old code to its renewal, for this page's life. */
const renewals = new Map<string, string>();

/** The fresh session code an expired login session's answer carries, or null (then the page starts over). */
export function renewedSessionCode(error: ApiError): string | null {
  if (error.code !== ERROR_CODES.tokenExpired) return null;
  const code = (error.result as Partial<LoginSessionRenewedResult> | undefined)?.sessionCode;
  return typeof code === 'string' && code !== '' ? code : null;
}

/**
 * The page's session code: the query's, or what it was renewed to. Every login-page call that
 * sends the code (sign-in, passkeys, the mails of register and reset) takes it from here.
 */
export function sessionCodeOf(query: URLSearchParams): string | null {
  let code = query.get('session_code');
  for (let hops = 0; code !== null && renewals.has(code) && hops < 16; hops++) code = renewals.get(code)!;
  return code;
}

/**
 * From now on `fresh` stands for `old`, in the calls and in the address (so a reload has it).
 * The address is rewritten past the router (History.prototype): a query change through it runs
 * the page's guards again and remounts the page, losing what was typed; the code's request is the same.
 */
export function renewSessionCode(old: string, fresh: string, win: Window = window): void {
  renewals.set(old, fresh);
  const url = new URL(win.location.href);
  if (url.searchParams.get('session_code') !== old) return;
  url.searchParams.set('session_code', fresh);
  History.prototype.replaceState.call(win.history, win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Tests: as if the page had just loaded. */
export function forgetSessionCodeRenewals(): void {
  renewals.clear();
}
