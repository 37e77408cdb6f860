import { definePlugin, localeFile, SIGN_IN_METHOD_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/email-code.json';

/** The room "Email me a sign-in code" takes under the sign-in form (its padding and a text button), in px. */
const EMAIL_CODE_METHOD_HEIGHT = 52;

/**
 * Sign-in by email code: "Email me a sign-in code" under the sign-in form mails a 6-digit code and
 * a link for this sign-in (`POST /login/email-code`, the server half in ./server); the 'emailCode'
 * view takes the code, or signs in at once from the mailed link (`/login?module=emailCode#token=…`).
 * Either stands in for the password in the form's own call (`POST /login`), with its steps.
 */
export default definePlugin({
  id: 'email-code',
  locales: {
    'email-code': localeFile('email-code'),
  },
  loginViews: [{ id: 'emailCode', view: () => import('./EmailCodeView'), module: 'emailCode' }],
  register(ctx) {
    ctx.contribute(SIGN_IN_METHOD_POINT, { order: 20, height: EMAIL_CODE_METHOD_HEIGHT, component: () => import('./EmailCodeMethod') });
  },
});

// t('email-code:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'email-code': typeof messages;
  }
}
