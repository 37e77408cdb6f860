import { defineServerPlugin } from '@portal/server-api';
import { MFA_TYPES } from '@portal/plugin-api/contract';
import { checkEmailCode, sendEmailCode } from './emailCodes';
import { checkTotp, createTotpEnrolment } from './totp';
import { emailCodesOfAccount, mfaMigrations, personalDataOfMfa } from './tables';

/**
 * Two-step verification's code methods (spec sections 2 and 4): mailed codes and the
 * authenticator app, contributed to the sign-in's `secondFactorMethods` point (email first: the
 * order of `supportedMFATypes`). The MFA step itself (the process, its attempts and lock) is the
 * core's; where this plugin is off for an account's region, an account with two-step verification
 * cannot sign in with its password alone (403 -19999), and the methods cannot be set up there.
 * It has no routes: the Security page's two-step calls and `POST /email/code` (plugins/security/server,
 * under that plugin's switch as before) reach the methods through the point.
 */
export default defineServerPlugin({
  id: 'mfa',
  mails: ['emailCode'],
  migrations: { regional: mfaMigrations },
  setup(host) {
    host.contribute('personalData', personalDataOfMfa);
    host.contribute('accountData', emailCodesOfAccount);
    host.contribute('secondFactorMethods', {
      type: MFA_TYPES.email,
      bound: (account) => account.mfa_email === 1,
      check: checkEmailCode,
      send: sendEmailCode,
      bind: () => ({ mfa_email: 1 }),
      unbind: () => ({ mfa_email: 0 }),
    });
    host.contribute('secondFactorMethods', {
      type: MFA_TYPES.totp,
      bound: (account) => account.mfa_totp_secret !== null && account.mfa_totp_secret !== '',
      check: checkTotp,
      enrol: createTotpEnrolment,
      bind: (fresh) => ({ mfa_totp_secret: fresh.totp_pending_secret, totp_pending_secret: null, totp_pending_expires: null }),
      unbind: () => ({ mfa_totp_secret: null, mfa_totp_last_step: null }),
    });
  },
});
