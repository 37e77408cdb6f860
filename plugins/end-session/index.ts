import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/end-session.json';

/**
 * The portal's side of OpenID Connect RP-initiated logout: the page that asks "sign out of
 * Unified ID?" when a connected service sends the user to the provider's end-session endpoint,
 * and the page after signing out when the service named no page to return to. Without this
 * plugin a deployment's connected services cannot end the portal session (the server sends the
 * browser to these paths).
 */
export default definePlugin({
  id: 'end-session',
  routes: [
    { path: '/signout', view: () => import('./SignOutView') },
    { path: '/signed-out', view: () => import('./SignedOutView') },
  ],
  locales: {
    'end-session': localeFile('end-session'),
  },
});

// t('end-session:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'end-session': typeof messages;
  }
}
