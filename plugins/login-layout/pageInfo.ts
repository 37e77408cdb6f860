import { type HttpClient, isLanguageCode, type LanguageCode, type LoginPageInfo, type WrittenLoginPageInfo } from '@portal/plugin-api';

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
  const written = sessionCode ? writtenPageInfo(sessionCode) : null;
  if (written) return written;
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

/** Logos the server wrote into the page as bytes, by address (WrittenLoginPageInfo.inlineImages). */
const inlineImages = new Map<string, string>();
const IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;

/**
 * A logo's source: the bytes the server wrote into the page for that address (an <img> runs nothing
 * in them, and the CSP allows data: images), else what safeUrl takes.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  const data = url ? inlineImages.get(url) : undefined;
  return data ?? safeUrl(url);
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

/**
 * The branding call's answer the server wrote into /login's HTML for this session code
 * (server/http/spa.ts): taken once and removed, so a later look (another session code, a
 * re-authentication) asks the server again. Anything that is not an object for this very code is ignored.
 */
export function writtenPageInfo(sessionCode: string, doc: Document = document): LoginPageInfo | null {
  const element = doc.getElementById('login-page-info');
  if (!(element instanceof HTMLScriptElement) || element.type !== 'application/json' || element.dataset['sessionCode'] !== sessionCode) return null;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const { inlineImages: images, ...info } = value as WrittenLoginPageInfo;
    if (images && typeof images === 'object') {
      for (const [url, data] of Object.entries(images)) if (typeof data === 'string' && IMAGE_DATA.test(data)) inlineImages.set(url, data);
    }
    return info;
  } catch {
    return null;
  }
}
