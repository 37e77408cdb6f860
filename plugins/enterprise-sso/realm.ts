/** Home realm discovery: asks the server whether an address signs in at its company's provider. */
import { ERROR_CODES, toApiError, type HttpClient, type SignInRealmMatch } from '@portal/plugin-api';
import type { DiscoverResult, StartResult } from './contract';
import { isIssuerAddress } from './providerAddress';

/** Answers already given on this page, by address: typing back and forth asks once. */
const known = new Map<string, Promise<DiscoverResult | null>>();

export async function findRealm(email: string, page: { http: HttpClient; sessionCode: string | null }): Promise<SignInRealmMatch | null> {
  // Without its login session the server has no sign-in to go on with.
  if (!page.sessionCode) return null;
  const sessionCode = page.sessionCode;
  const key = `${sessionCode}\n${email.toLowerCase()}`;
  let answer = known.get(key);
  if (!answer) {
    // A failed look-up is no company: the password field stays, and the server still enforces.
    answer = page.http.post<DiscoverResult>('/login/enterprise/discover', { email }, { auth: 'none', headers: { session_code: sessionCode } }).catch(() => {
      // Not remembered: a passing failure (a rate limit, the network) is asked again next time.
      known.delete(key);
      return null;
    });
    known.set(key, answer);
  }
  const result = await answer;
  if (!result || result.company === null) return null;
  return { name: result.company, go: () => void start(email, page.http, sessionCode) };
}

/**
 * Opens the flow with the page's own call (its answer binds the flow to this browser with an
 * HttpOnly cookie: no link can start one in someone else's browser) and leaves for the provider.
 * A failure comes back to the login page as a failed return from the provider would.
 */
async function start(email: string, http: HttpClient, sessionCode: string): Promise<void> {
  let failure: 'expired' | 'provider' = 'provider';
  try {
    const { location } = await http.post<StartResult>('/login/enterprise/start', { email }, { auth: 'none', headers: { session_code: sessionCode } });
    if (typeof location === 'string' && isIssuerAddress(location)) {
      window.location.assign(location);
      return;
    }
  } catch (error) {
    if (toApiError(error).code === ERROR_CODES.tokenExpired) failure = 'expired';
  }
  window.location.assign(`/login?module=enterprise&session_code=${encodeURIComponent(sessionCode)}#error=${failure}`);
}
