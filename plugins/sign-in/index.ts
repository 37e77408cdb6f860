import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/sign-in.json';

/**
 * The sign-in form (the login page's default view) and the account-locked view. Steps the
 * server demands on the way (MFA, region, captcha, privacy, migration) come from other
 * plugins through the login interrupt point; without them the codes surface as messages.
 */
export default definePlugin({
  id: 'sign-in',
  loginViews: [
    { id: 'signIn', view: () => import('./SignInView'), isDefault: true },
    { id: 'locked', view: () => import('./LockedView') },
  ],
  locales: {
    'sign-in': localeFile('sign-in'),
  },
});

// t('sign-in:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'sign-in': typeof messages;
  }
}
