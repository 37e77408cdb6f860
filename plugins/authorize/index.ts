import { carryLoginParams, definePlugin, type Guard, localeFile, LOGIN_PREVIEW_PARAM, next, SIGN_IN_PROBLEM_PATH } from '@portal/plugin-api';
import { configSchema, type AuthorizeConfig } from './config';
import type messages from '../../locales/en_US/authorize.json';

export type { AuthorizeConfig } from './config';

/** A bare /login has no login session: start one at the authorize entry, keeping the query. */
const loginNeedsSession: Guard = {
  id: 'authorize/login-needs-session',
  route: 'login',
  order: 150,
  run(ctx) {
    const q = ctx.query;
    if (q.get('session_code') || q.get('source') === 'zendesk' || q.get('module') === 'register') return next;
    // The ops console's live preview frames /login to show a service's branding: a picture of the page, no sign-in.
    if (q.get(LOGIN_PREVIEW_PARAM) === '1' && typeof window !== 'undefined' && window.parent !== window) return next;
    carryLoginParams(q);
    const keep = new URLSearchParams();
    for (const name of ['lang', 'return_to']) {
      const value = q.get(name);
      if (value) keep.set(name, value);
    }
    const qs = keep.toString();
    return { kind: 'redirect', to: `/${qs ? `?${qs}` : ''}`, replace: true };
  },
};

/**
 * The authorize entry (`/`) and the token exchange (`/token`): the portal signs its own
 * users in as an OAuth client with PKCE S256, like any connected service.
 */
export default definePlugin<AuthorizeConfig>({
  id: 'authorize',
  configSchema,
  routes: [
    { path: '/', view: () => import('./AuthorizeView') },
    { path: '/token', view: () => import('./TokenView') },
    // A connected service's request the server could not send back to it (OpenID provider errors).
    { path: SIGN_IN_PROBLEM_PATH, view: () => import('./SignInProblemView') },
  ],
  guards: [loginNeedsSession],
  locales: {
    authorize: localeFile('authorize'),
  },
});

// t('authorize:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    authorize: typeof messages;
  }
}
