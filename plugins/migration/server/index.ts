import { defineServerPlugin } from '@portal/server-api';
import { localAccounts, migrationRequired } from './migration';
import { migrationRoutes } from './routes';
import { migrationMigrations, personalDataOfMigration } from './tables';
import { seedOldAccounts } from './demo';
import { oldSystemsStandIn } from './devStandIn';

/**
 * Migration and merge of old local accounts: the sign-in finds them (extension point
 * `legacyAccounts`, -6), and these routes make a vendor ID of one or merge them into it.
 */
export default defineServerPlugin({
  id: 'migration',
  migrations: { legacy: migrationMigrations },
  setup(host) {
    host.contribute('personalData', personalDataOfMigration);
    host.contribute('demoData', { seed: seedOldAccounts });
    host.contribute('devStandIns', { routes: oldSystemsStandIn });
    host.contribute('legacyAccounts', { find: localAccounts, required: migrationRequired });
  },
  routes: (api, ctx) => migrationRoutes(ctx)(api),
});
