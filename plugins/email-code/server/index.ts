import { defineServerPlugin, pruneExpired } from '@portal/server-api';
import { emailCodeRoutes } from './routes';
import { checkSignInCode, completeSignInCode } from './signInCodes';
import { signInCodeMigrations, signInCodesOfAccount, signInCodeStore, personalDataOfEmailCode } from './tables';

/**
 * Sign-in by email code: `POST /login/email-code` mails a 6-digit code and a link for this sign-in;
 * the core's `POST /login` takes either in place of the password through the `signInCode` point,
 * with the password's limits, captcha, lock and activity, and asks the second factor after it
 * unless that factor is the same mailbox.
 */
export default defineServerPlugin({
  id: 'email-code',
  mails: ['signInCode'],
  migrations: { regional: signInCodeMigrations },
  setup(host) {
    host.contribute('personalData', personalDataOfEmailCode);
    host.contribute('accountData', signInCodesOfAccount);
    host.contribute('signInCode', { check: checkSignInCode, complete: completeSignInCode });
  },
  routes: (api, ctx) => emailCodeRoutes(ctx)(api),
  jobs: [
    {
      name: 'expired sign-in codes',
      everyMs: 3_600_000,
      // A day after they expired: long enough for a late "this code has expired" to stay that.
      run: (ctx, regions) => Promise.all(regions.map((r) => pruneExpired(signInCodeStore(ctx, r), 'email_code_processes', 'id', ctx.now() - 86_400_000))),
    },
  ],
});
