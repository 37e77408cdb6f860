import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/company.json';

/**
 * /accountSetting/company: the signed-in user's company (spec sections 2, 3 and 6): info,
 * create/edit with a business licence, join by org code or search, members, invitations and
 * applications. The core's guard sends screens under 768 px away from this child route.
 */
export default definePlugin({
  id: 'company',
  routes: [{ path: 'company', parent: 'accountSetting', view: () => import('./CompanyPage'), titleKey: 'company:title' }],
  menu: [{ id: 'company', path: 'company', labelKey: 'company:menu', order: 30, visible: (ctx) => ctx.viewportWidth >= 768 }],
  locales: {
    company: localeFile('company'),
  },
});

// t('company:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    company: typeof messages;
  }
}
