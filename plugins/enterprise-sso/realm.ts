/** Home realm discovery: asks the server whether an address signs in at its company's provider. */
import type { HttpClient, SignInRealmMatch } from '@portal/plugin-api';
import type { DiscoverResult } from './contract';

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
  const startUrl = result.startUrl;
  // Only the portal's own start path: the server gave it, but the page leaves only for its own origin here.
  if (!startUrl.startsWith('/api/login/enterprise/start?')) return null;
  return { name: result.company, go: () => window.location.assign(startUrl) };
}
