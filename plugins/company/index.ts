import { definePlugin, localeFile } from '@portal/plugin-api';

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
