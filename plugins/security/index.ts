import { definePlugin, localeFile } from '@portal/plugin-api';

/**
 * Security settings (spec sections 2, 4 and 7): the five-minute security lock, password
 * change, two-factor methods, session timeout and the session list, at /accountSetting/security.
 */
export default definePlugin({
  id: 'security',
  routes: [{ path: 'security', parent: 'accountSetting', view: () => import('./SecurityPage'), titleKey: 'security:title' }],
  menu: [{ id: 'security', path: 'security', labelKey: 'security:menu', order: 20 }],
  locales: {
    security: localeFile('security'),
  },
});
