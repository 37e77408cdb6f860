import type { RedirectParamsResult } from '../contract/api';
import type { HttpClient } from '../http/client';
import { isAllowedRedirect, withParams } from '../router/redirects';
import type { DeploymentConfig } from '../config/types';
import type { AllowUrlsResult } from '../contract/api';

/** The redirect allow-list: the server's origins plus the deployment's fallbacks. */
export async function fetchAllowList(http: HttpClient, config: DeploymentConfig): Promise<string[]> {
  try {
    const { allowUrls } = await http.get<AllowUrlsResult>('/redirect/allow-urls', { auth: 'none' });
    return [...allowUrls, ...config.allowedRedirects];
  } catch {
    return [...config.allowedRedirects];
  }
}

/**
 * The URL a successful sign-in hands the browser to, or null when its origin is not on the
 * allow-list (exact origin). Never follow a service URL unchecked: a tampered response
 * must not turn the login page into an open redirect.
 */
export function handOffUrl(target: RedirectParamsResult, allowList: readonly string[], selfOrigin: string): string | null {
  if (!isAllowedRedirect(target.serviceUrl, allowList, selfOrigin)) return null;
  return withParams(new URL(target.serviceUrl, selfOrigin).toString(), target.redirectParams);
}

/**
 * After a sign-in succeeded: the browser goes to the service it was for (allow-listed by exact
 * origin). False, and nowhere, when the target is not allowed: the view says so and stays.
 */
export async function handOffAfterSignIn(target: RedirectParamsResult, http: HttpClient, config: DeploymentConfig): Promise<boolean> {
  const url = handOffUrl(target, await fetchAllowList(http, config), window.location.origin);
  if (!url) return false;
  window.location.assign(url);
  return true;
}

/** Where a browser already signed in goes from the login page: a service's address, or the account page (a route). */
export type SignedInDestination = { kind: 'external'; url: string } | { kind: 'redirect'; to: '/accountSetting' };

/**
 * The way on for a browser that is already signed in (spec section 2, the /login guard): an
 * allowed `return_to`, else the service behind the page's session code, else the account page.
 * The login page's guard takes it at load; the sign-in form takes it when the server says the
 * browser got signed in meanwhile (-29999), so that answer is never a dead end.
 */
export async function signedInDestination(http: HttpClient, allowList: readonly string[], query: URLSearchParams, selfOrigin: string): Promise<SignedInDestination> {
  const returnTo = query.get('return_to');
  if (returnTo && isAllowedRedirect(returnTo, allowList, selfOrigin)) return { kind: 'external', url: new URL(returnTo, selfOrigin).toString() };
  const sessionCode = query.get('session_code');
  if (sessionCode) {
    try {
      const target = await http.get<RedirectParamsResult>('/redirect-params', { query: { sessionCode }, auth: 'none' });
      const url = handOffUrl(target, allowList, selfOrigin);
      if (url) return { kind: 'external', url };
    } catch {
      // An expired session code: the account page rather than a dead end.
    }
  }
  return { kind: 'redirect', to: '/accountSetting' };
}
