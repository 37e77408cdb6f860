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
