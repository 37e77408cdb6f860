import { definePlugin, localeFile } from '@portal/plugin-api';
import { configSchema, type AccountPluginConfig } from './config';
import type messages from '../../locales/en_US/account.json';

export type { AccountPluginConfig } from './config';

/**
 * The 'Account' page: who is signed in, in which data region their data lives, and
 * sign-out. Small on purpose: it shows every kind of contribution a plugin can make.
 */
export default definePlugin<AccountPluginConfig>({
  id: 'account',
  configSchema,
  routes: [{ path: 'account', parent: 'accountSetting', view: () => import('./AccountPage'), titleKey: 'account:title' }],
  menu: [{ id: 'account', path: 'account', labelKey: 'account:menu', order: 90 }],
  errorHandlers: {
    // -19999: the account's region does not offer this service; say which region, not just 'unavailable'.
    [-19999]: (_error, ctx) => {
      // Its namespace loads with the account pages; elsewhere (a login page's call) i18next gives the
      // catalogue's message instead of a bare key.
      ctx.toast(ctx.t('account:regionUnavailable', { defaultValue: ctx.message }), 'warning');
      return true;
    },
  },
  locales: {
    account: localeFile('account'),
  },
  register(ctx) {
    // The vendor's home; a development build (npm run dev) opens the demo service on the portal instead, as
    // a page load, not a route. A production build compiles the development branch away.
    const home = (process.env.NODE_ENV === 'development' && ctx.config.developmentHomeUrl) || ctx.config.unifiedIdHomeUrl;
    if (home) ctx.addMenuEntry({ id: 'unified-id', path: home, external: true, labelKey: 'account:unifiedId', order: 0 });
  },
});

// t('account:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    account: typeof messages;
  }
}
