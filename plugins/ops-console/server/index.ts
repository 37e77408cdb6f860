import { defineServerPlugin } from '@portal/server-api';
import { appendAuditRow } from './auditLog';
import { consoleRoutes } from './routes';
import { authenticateOperator } from './sessions';
import { consoleMigrations, personalDataOfOpsConsole } from './tables';

/**
 * The ops console's server half: operators, their sign-in with a second factor, their roles and
 * the audit log (the `operators` point, which every console half's checks and records go
 * through), and its calls under /api/ops.
 */
export default defineServerPlugin({
  id: 'ops-console',
  migrations: { global: consoleMigrations },
  mails: ['opsInvite'],
  setup(host) {
    host.contribute('personalData', personalDataOfOpsConsole);
    host.contribute('operators', { authenticate: authenticateOperator, audit: appendAuditRow });
  },
  opsRoutes: (api, ctx) => consoleRoutes(ctx)(api),
  // The signed-in console and its sections: fetched by signed-in operators only.
  operatorAssets: ['SignedInConsole', 'OperatorsView', 'AuditView'],
});
