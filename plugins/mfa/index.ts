import { definePlugin, ERROR_CODES, localeFile, LOGIN_INTERRUPT_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/mfa.json';

/** Codes a retry from the MFA step hands back to the step, which shows them inline (spec section 8). */
export const MFA_HANDLED_CODES: readonly number[] = [
  ERROR_CODES.mfaCodeError, // -20607 wrong code, remainAttempts
  ERROR_CODES.verificationCodeInvalid, // -20676 no live code: resend
  ERROR_CODES.mfaTooManyWrong, // -20684 locked 10 minutes
  ERROR_CODES.totpSecretExpired, // -20686
  ERROR_CODES.totpSecretMissing, // -20687
  ERROR_CODES.mfaProcessMissing, // -20681 process missing or expired
  ERROR_CODES.mfaTypeDisabled, // -20683
];

/**
 * Multi-factor sign-in (spec sections 2 and 4, sign-in mode 'Mfa'): when sign-in answers
 * -20677 the step replaces the sign-in form, asks for a code and retries the sign-in with it.
 */
export default definePlugin({
  id: 'mfa',
  locales: {
    mfa: localeFile('mfa'),
  },
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, {
      codes: [ERROR_CODES.mfaRequired],
      calls: ['signIn'],
      presentation: 'inline',
      view: () => import('./MfaStep'),
      handles: MFA_HANDLED_CODES,
    });
  },
});

// t('mfa:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    mfa: typeof messages;
  }
}
