import { definePlugin, localeFile } from '@portal/plugin-api';

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
