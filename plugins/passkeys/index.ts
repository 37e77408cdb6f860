import { definePlugin, localeFile, SECOND_FACTOR_METHOD_POINT, SECURITY_SECTION_POINT, SECURITY_SUMMARY_POINT, SIGN_IN_METHOD_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/passkeys.json';

/** The divider and the button under the sign-in form (PasskeySignIn), in px. */
const PASSKEY_SIGN_IN_HEIGHT = 88;

/**
 * Passkeys (WebAuthn): "Sign in with a passkey" and passkey autofill on the sign-in form, a passkey
 * as the second factor on the MFA step, and a passkeys card on the security page (add, rename, remove). The server verifies every ceremony
 * (server/domain/passkeys.ts); the browser library loads only when a ceremony starts.
 */
export default definePlugin({
  id: 'passkeys',
  locales: {
    passkeys: localeFile('passkeys'),
  },
  register(ctx) {
    ctx.contribute(SIGN_IN_METHOD_POINT, { order: 10, autofill: true, height: PASSKEY_SIGN_IN_HEIGHT, component: () => import('./PasskeySignIn') });
    ctx.contribute(SECOND_FACTOR_METHOD_POINT, { order: 10, component: () => import('./PasskeySecondFactor') });
    ctx.contribute(SECURITY_SECTION_POINT, { after: 'twoFactor', order: 10, view: () => import('./PasskeysSection') });
    ctx.contribute(SECURITY_SUMMARY_POINT, { order: 10, labelKey: 'passkeys:section.title', headingId: 'passkeys-heading', view: () => import('./PasskeysSummary') });
  },
});

// t('passkeys:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    passkeys: typeof messages;
  }
}
