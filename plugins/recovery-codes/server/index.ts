import { defineServerPlugin } from '@portal/server-api';
import { recoveryCodeFacts } from './accountFacts';
import { discardRecoveryCodes, mailRecoveryCodeUsed, recoveryCodesStatus, spendRecoveryCode } from './recoveryCodes';
import { recoveryCodeRoutes } from './routes';
import { recoveryCodesOfAccount, recoveryCodeMigrations, personalDataOfRecoveryCodes } from './tables';

/**
 * Recovery codes (beyond the spec, issue 18): single-use codes that pass the MFA step when the usual
 * method is out of reach (the sign-in's `backupCodes` point); the Security card makes a new set.
 */
export default defineServerPlugin({
  id: 'recovery-codes',
  migrations: { regional: recoveryCodeMigrations },
  mails: ['recoveryCodeUsed'],
  setup(host) {
    host.contribute('personalData', personalDataOfRecoveryCodes);
    host.contribute('accountData', recoveryCodesOfAccount);
    host.contribute('accountFacts', { facts: recoveryCodeFacts });
    host.contribute('backupCodes', {
      remaining: async (ctx, region, accountId) => (await recoveryCodesStatus(ctx, region, accountId)).remaining,
      spend: spendRecoveryCode,
      used: mailRecoveryCodeUsed,
      discard: discardRecoveryCodes,
    });
  },
  routes: (api, ctx) => recoveryCodeRoutes(ctx)(api),
});
