import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/your-data.json';

/**
 * "Your data" (issue 30): a page of the account area where a person downloads a copy of
 * everything the portal keeps about them, and closes their ID; the page of the restore link that
 * closing mails. Its server half builds the copy and erases closed IDs in the background.
 */
// contract.ts's YOUR_DATA_PATH, written out: the plugin's entry is read on every route (the login route
// too), and an import would cost that route a request (tests/perf/budget.ts); yourData.test.ts holds them equal.
const PATH = 'your-data';

export default definePlugin({
  id: 'your-data',
  routes: [
    { path: PATH, parent: 'accountSetting', view: () => import('./YourDataPage'), titleKey: 'your-data:title' },
    // contract.ts's RESTORE_PATH: the link mailed when an ID is closed (signed out).
    { path: '/restore-account', view: () => import('./RestoreView'), titleKey: 'your-data:restore.title' },
  ],
  // After Security (and before Account, 90): where a person looks for what is kept about them.
  menu: [{ id: 'your-data', path: PATH, labelKey: 'your-data:menu', order: 80 }],
  locales: {
    'your-data': localeFile('your-data'),
  },
});

// t('your-data:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'your-data': typeof messages;
  }
}
