/**
 * The start script of a bare `/login` (no login session yet). The server sends a page with only
 * this script instead of the app (server/http/loginStart.ts), so the browser goes on to the
 * server's /authorize without booting React first; the app boots once, on the login page the
 * server sends it back to. It does what the app's path would (authorize plugin: the bare-/login
 * guard, then the authorize entry): keep the carried parameters, create the PKCE verifier and
 * state here in the tab (they never leave it but as the challenge), and go. A page it cannot
 * handle the same way (an address with a fragment, which may hold tokens the app must clean
 * up; a browser without Web Crypto, where the app explains) loads the app instead.
 */
import { bundledDeploymentConfig, carryLoginParams, DEFAULT_LANGUAGE, isLanguageCode, STORAGE_KEYS } from '@portal/plugin-api/start';
import { authorizeUrl } from './authorizeUrl';
import type { AuthorizeConfig } from './config';
import { challengeOf, randomToken, savePending } from './pkce';

/** The plugin's defaults (config.ts; loginStart.test.ts holds the two equal): the shape module is too big to ship here. */
export const AUTHORIZE_DEFAULTS: AuthorizeConfig = { clientId: 'portal', redirectPath: '/token', scope: 'openid profile email' };

interface RawConfig {
  api?: { global?: unknown };
  defaultLanguage?: unknown;
  plugins?: Record<string, { config?: Partial<Record<keyof AuthorizeConfig, unknown>> } | undefined>;
}

export interface StartPlan {
  apiBase: string;
  authorize: AuthorizeConfig;
  language: string;
  returnTo: string | null;
}

/** What the app would send to /authorize for this address, from the raw deployment config (checked by the server already). */
export function startPlan(raw: unknown, search: string, storedLanguage: string | null): StartPlan {
  const config = (raw ?? {}) as RawConfig;
  const own = config.plugins?.authorize?.config ?? {};
  const pick = (key: 'clientId' | 'redirectPath' | 'scope') => (typeof own[key] === 'string' ? (own[key] as string) : AUTHORIZE_DEFAULTS[key]);
  const query = new URLSearchParams(search);
  const fromQuery = query.get('lang');
  // The app's order (core/i18n/i18n.ts detectLanguage): the address, the stored choice, the deployment's default.
  const language = isLanguageCode(fromQuery) ? fromQuery : isLanguageCode(storedLanguage) ? storedLanguage : isLanguageCode(config.defaultLanguage) ? config.defaultLanguage : DEFAULT_LANGUAGE;
  return {
    apiBase: typeof config.api?.global === 'string' ? config.api.global : '/api',
    authorize: { clientId: pick('clientId'), redirectPath: pick('redirectPath'), scope: pick('scope') },
    language,
    returnTo: query.get('return_to'),
  };
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.lang);
  } catch {
    return null;
  }
}

function loadApp(): void {
  const entry = document.querySelector<HTMLMetaElement>('meta[name="portal-app"]')?.content;
  // eslint-disable-next-line portal/import-boundaries -- the app's own entry script, an /assets/ URL the server's page names, not a module of the tree
  if (entry?.startsWith('/assets/')) void import(/* @vite-ignore */ entry);
}

async function start(): Promise<void> {
  if (window.location.hash || !window.crypto?.subtle) return loadApp();
  const injected = document.getElementById('portal-config')?.textContent;
  const plan = startPlan(injected ? JSON.parse(injected) : bundledDeploymentConfig, window.location.search, storedLanguage());
  carryLoginParams(new URLSearchParams(window.location.search));
  const verifier = randomToken(48);
  const state = randomToken(16);
  savePending({ verifier, state, returnTo: plan.returnTo, createdAt: Date.now() });
  const challenge = await challengeOf(verifier);
  window.location.replace(authorizeUrl(plan.apiBase, window.location.origin, plan.authorize, challenge, state, plan.language));
}

if (typeof window !== 'undefined' && document.querySelector('meta[name="portal-start"]')) {
  start().catch(loadApp);
}
