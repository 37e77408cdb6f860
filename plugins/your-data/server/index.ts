import { defineServerPlugin } from '@portal/server-api';
import { eraseDueAccounts } from './closures';
import { buildWaitingExports, pruneExports } from './exports';
import { yourDataRoutes } from './routes';
import { exportMigrations, exportsOfAccount, personalDataOfYourData } from './tables';

/**
 * "Your data" (issue 30): a person downloads a copy of everything the portal keeps about them,
 * built in the background from every store (the `personalData` point names where it lives), and
 * closes their ID: erased after a grace, restorable until then by a mailed link (closures.ts).
 */
export default defineServerPlugin({
  id: 'your-data',
  migrations: { regional: exportMigrations },
  mails: ['dataExportReady', 'accountClosed'],
  setup(host) {
    host.contribute('personalData', personalDataOfYourData);
    host.contribute('accountData', exportsOfAccount);
  },
  routes: (api, ctx) => yourDataRoutes(ctx)(api),
  jobs: [
    // Often: a person who asked is waiting for the mail. A run with nothing queued is one indexed query a region.
    { name: 'build data copies', everyMs: 2_000, run: (ctx, regions) => buildWaitingExports(ctx, regions) },
    { name: 'ended data copies', everyMs: 3_600_000, run: (ctx, regions) => pruneExports(ctx, regions) },
    // Every region, whatever the switches say: a person who asked to be deleted is. Idle: one indexed
    // read a region, no write (SQLite has one writer).
    { name: 'erase closed IDs', everyMs: 10_000, run: (ctx) => eraseDueAccounts(ctx) },
  ],
});
