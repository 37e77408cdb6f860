import { definePlugin, localeFile, LOGIN_INTERRUPT_POINT } from '@portal/plugin-api';
import { configSchema, type MigrationPluginConfig } from './config';
import type messages from '../../locales/en_US/migration.json';

/**
 * Migration and merge of local accounts (spec sections 2, 3, 4 and 8): a sign-in answered
 * with -6 opens a full-screen dialog to turn a local account into a vendor ID (variants
 * migrate and pick) or merge one into the existing vendor ID (variant merge).
 */
export default definePlugin<MigrationPluginConfig>({
  id: 'migration',
  configSchema,
  // Not in the menu (spec section 2 names its five entries): the -40024 conflict message and
  // the profile's conflict notice link here.
  routes: [{ path: 'mergeAccounts', parent: 'accountSetting', view: () => import('./MergeAccountsPage'), titleKey: 'migration:page.title' }],
  locales: {
    migration: localeFile('migration'),
  },
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-6], calls: ['signIn'], presentation: 'modal', view: () => import('./MigrationStep') });
  },
});

// t('migration:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    migration: typeof messages;
  }
}
