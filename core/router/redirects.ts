/**
 * Redirect targets (return_to, service URLs, redirect URIs) are followed only when their
 * exact origin (scheme + host + port) is on the allow-list. Prefix or suffix matching
 * would let `https://good.example.evil.test` through, so origins are compared whole.
 */
export function originOf(url: string, base?: string): string | null {
  try {
    const parsed = base ? new URL(url, base) : new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    if (parsed.username || parsed.password) return null; // user-info tricks: https://good@evil
    return parsed.origin;
  } catch {
    return null;
  }
}

/** Whether `target` may be redirected to: the portal's own origin or one on the allow-list. */
export function isAllowedRedirect(target: string, allowList: readonly string[], selfOrigin: string): boolean {
  const origin = originOf(target, selfOrigin);
  if (!origin) return false;
  if (origin === selfOrigin) return true;
  return allowList.some((allowed) => originOf(allowed) === origin);
}

/** Append redirect params to a service URL without dropping its own query. */
export function withParams(url: string, params: Record<string, string>): string {
  const parsed = new URL(url);
  for (const [k, v] of Object.entries(params)) parsed.searchParams.set(k, v);
  return parsed.toString();
}
