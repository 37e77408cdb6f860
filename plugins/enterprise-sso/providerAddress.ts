/** Plain http is only for a provider on this machine (development); the server refuses it in production. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An address of a provider the portal deals with: https, or http on loopback. The Company tab
 * checks issuers and metadata URLs with it; the sign-in page, where it lets the browser go.
 */
export function isIssuerAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}
