import { boolean, matches, object, string } from '../../core/config/shape';
import { definePlugin } from '../../core/registry/definePlugin';
import { localeFile } from '../../core/i18n/namespaces';

export interface AccountPluginConfig {
  /** Show the technical account id (support staff ask for it). */
  showAccountId: boolean;
  /** Where the 'Unified ID' menu entry leads; no entry without it. */
  unifiedIdHomeUrl?: string;
}

const configSchema = object(
  {
    showAccountId: boolean({ default: true }),
    unifiedIdHomeUrl: string({ optional: true, test: matches(/^https:\/\//, 'must be an https URL') }),
  },
  { noUnknown: true },
);

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
      ctx.toast(ctx.t('account:regionUnavailable'), 'warning');
      return true;
    },
  },
  locales: {
    account: localeFile('account'),
  },
  register(ctx) {
    if (ctx.config.unifiedIdHomeUrl) {
      ctx.addMenuEntry({ id: 'unified-id', path: ctx.config.unifiedIdHomeUrl, labelKey: 'account:unifiedId', order: 0 });
    }
  },
});
