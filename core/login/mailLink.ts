/**
 * The pages a mailed link opens (new password, activation result): the link's token, held for
 * the page's life once taken from the address, and the way to sign in afterwards.
 */
import type { MailLinkResult } from '../contract/account';
import { HEADERS } from '../contract/headers';
import type { DeploymentConfig } from '../config/types';
import type { HttpClient } from '../http/client';
import { isAllowedRedirect } from '../router/redirects';
import { takeMailLinkToken } from '../session/urlTokens';
import { carryLoginParams } from './carry';
import { fetchAllowList } from './handOff';
import { sessionCodeOf } from './sessionCode';

let held: string | null | undefined;

/**
 * The token of the mailed link this page was opened from, or null. Taken from the address
 * once (urlTokens stripped it before anything ran) and kept in memory only: a view that
 * suspends or remounts asks again and gets the same token; a reload has none.
 */
export function mailLinkToken(): string | null {
  if (held === undefined) held = takeMailLinkToken();
  return held;
}

/** The link has done its work (or is dead): nothing keeps the token any more. */
export function forgetMailLinkToken(): void {
  held = null;
}

/** Tests: as if the page had just loaded. */
export function resetMailLinkTokenForTests(): void {
  held = undefined;
}

/**
 * "Sign in" after a reset or an activation: back to the connected service the flow started
 * from (its own sign-in, allow-listed by exact origin), else the portal's authorize entry.
 * The address comes along to the sign-in form (this tab only).
 */
export async function signInAfterMailLink(
  result: MailLinkResult,
  deps: { http: HttpClient; config: DeploymentConfig; navigate: (to: string) => void; location?: Pick<Location, 'origin' | 'assign'> },
): Promise<void> {
  const location = deps.location ?? window.location;
  carryLoginParams(new URLSearchParams({ email: result.email }));
  if (result.serviceUrl) {
    const allowList = await fetchAllowList(deps.http, deps.config);
    if (isAllowedRedirect(result.serviceUrl, allowList, location.origin)) {
      location.assign(new URL(result.serviceUrl, location.origin).toString());
      return;
    }
  }
  deps.navigate('/');
}

/**
 * Headers for the calls that mail a link (register, reset, resend): the page's login session,
 * by which the server knows the service the flow started from and links the mail back to it.
 */
export function loginSessionHeaders(query: URLSearchParams): Record<string, string> {
  const code = sessionCodeOf(query);
  return code ? { [HEADERS.sessionCode]: code } : {};
}
