import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/profile.json';

/**
 * 'My Profile' (spec sections 2, 3, 5, 7): view and edit the user info and profile fields,
 * the account-conflict notice, and the avatar upload. The core makes `myProfile` the
 * default child of /accountSetting.
 */
export default definePlugin({
  id: 'profile',
  routes: [{ path: 'myProfile', parent: 'accountSetting', view: () => import('./ProfilePage'), titleKey: 'profile:title' }],
  menu: [{ id: 'profile', path: 'myProfile', labelKey: 'profile:menu', order: 10 }],
  locales: {
    profile: localeFile('profile'),
  },
});

// t('profile:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    profile: typeof messages;
  }
}
