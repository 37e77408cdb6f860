/**
 * A bare /login (no login session yet) gets a page with one small script instead of the app
 * (plugins/authorize/loginStart.ts): it goes on to /authorize at once, and the app boots once, on
 * the login page the server sends it back to. Only an address the app's own path would send to
 * /authorize just the same qualifies (the authorize plugin's bare-/login guard): any other
 * parameter (a session code, a help-desk link, a module, an invitation, a partner app) gets the app.
 */
import fs from 'node:fs';
import type { RegionCode } from '../../core/contract/regions';

/** Parameters the authorize entry keeps (lang, return_to) or carries past it (email, activated). */
const START_PARAMS = new Set(['lang', 'return_to', 'email', 'activated']);
const APP_ENTRY = /<script type="module" src="(\/assets\/[A-Za-z0-9._-]+\.js)"><\/script>/;

export function qualifiesForLoginStart(pathname: string, query: URLSearchParams): boolean {
  if (pathname !== '/login') return false;
  for (const key of query.keys()) if (!START_PARAMS.has(key)) return false;
  return true;
}

/** A serve-time config's say: the start page is the authorize plugin's, so every region must enable it. */
export function authorizeEverywhere(enabled: Record<RegionCode, string[]>): boolean {
  const regions = Object.values(enabled);
  return regions.length > 0 && regions.every((ids) => ids.includes('authorize'));
}

/** The start page with the app's entry filled in (its fallback), or null when either file is not usable. */
export function loginStartPage(startHtml: string | null, indexHtml: string | null): string | null {
  const entry = indexHtml ? APP_ENTRY.exec(indexHtml)?.[1] : undefined;
  if (!startHtml || !entry) return null;
  return startHtml.replace('__APP_ENTRY__', entry);
}

/** dist/login-start.html, read again when it changes (null: this build has none). */
export function cachedFile(file: string): () => string | null {
  let cache: { mtimeMs: number; text: string } | null = null;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return null;
    if (!cache || cache.mtimeMs !== stat.mtimeMs) cache = { mtimeMs: stat.mtimeMs, text: fs.readFileSync(file, 'utf8') };
    return cache.text;
  };
}
