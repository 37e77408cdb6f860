/**
 * Which deployment config a page gets when a partner app opens it (spec section 2): the app's
 * own, chosen by the `appType` of the launch query or, on a reload without it, by the launch
 * cookie. A page that names an app type no config serves still gets an app config (the first
 * one), so that the app plugin is there to refuse it with its error screen instead of the web
 * portal quietly ignoring it.
 */
import { APP_LAUNCH_COOKIE, isAppType, type AppType } from '../../core/contract/partnerApp';
import { parseCookies } from './common';

export function appConfigFor(files: Partial<Record<AppType, string>>, query: URLSearchParams, cookieHeader: string | undefined): string | undefined {
  const configured = Object.values(files).filter((f): f is string => Boolean(f));
  if (configured.length === 0) return undefined;
  if (query.has('appType')) {
    const appType = query.get('appType');
    return (isAppType(appType) ? files[appType] : undefined) ?? configured[0];
  }
  const launch = parseCookies(cookieHeader)[APP_LAUNCH_COOKIE];
  if (!launch) return undefined;
  let fromCookie: string | null = null;
  try {
    fromCookie = new URLSearchParams(launch).get('appType');
  } catch {
    return undefined;
  }
  return isAppType(fromCookie) ? files[fromCookie] : undefined;
}
