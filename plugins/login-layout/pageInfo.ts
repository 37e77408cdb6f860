import { type HttpClient, isLanguageCode, type LanguageCode, type LoginPageInfo } from '@portal/plugin-api';

/**
 * Branding of the session code's client, or (a mailed link's page, which has no login session)
 * of the client the link names; null without either or when the call fails.
 */
export async function fetchPageInfo(http: HttpClient, sessionCode: string | null, clientId: string | null = null): Promise<LoginPageInfo | null> {
  const key = `${sessionCode ?? ''}|${clientId ?? ''}`;
  if (early?.key === key) {
    const { result } = early;
    early = null;
    return result;
  }
  return requestPageInfo(http, sessionCode, clientId);
}

/** A call started before the page's guards had their say (prefetchPageInfo), taken once by the page. */
let early: { key: string; result: Promise<LoginPageInfo | null> } | null = null;

/**
 * Start the branding call at once, in parallel with the guards' status check, instead of after it:
 * the page's first paint waits for both. A page that never shows (a guard sends the visitor on) leaves
 * one public GET unused.
 */
export function prefetchPageInfo(http: HttpClient, sessionCode: string | null, clientId: string | null): void {
  if (!sessionCode && !clientId) return;
  early = { key: `${sessionCode ?? ''}|${clientId ?? ''}`, result: requestPageInfo(http, sessionCode, clientId) };
}

async function requestPageInfo(http: HttpClient, sessionCode: string | null, clientId: string | null): Promise<LoginPageInfo | null> {
  const query = sessionCode ? { sessionCode } : clientId ? { clientId } : null;
  if (!query) return null;
  try {
    return await http.get<LoginPageInfo>('/client/custom/banner-and-logo', { query, auth: 'none' });
  } catch {
    return null; // the deployment's own branding stays; sign-in itself will report a dead code
  }
}

/**
 * The client's language applies only when the visitor made no choice: no `lang` in the
 * link and none stored from an earlier visit.
 */
export function clientLanguage(info: LoginPageInfo | null, query: URLSearchParams, stored: string | null): LanguageCode | null {
  if (!info?.language || !isLanguageCode(info.language)) return null;
  if (isLanguageCode(query.get('lang')) || isLanguageCode(stored)) return null;
  return info.language;
}

/** Only http(s) and same-origin paths may become an image source or link target. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
