import { definePlugin, localeFile, LOGIN_INTERRUPT_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/captcha.json';

/**
 * Sliding verification (spec sections 2 and 4): when a login-page call answers -23029 the
 * captcha dialog opens over the page, and the call is repeated with the frame's token.
 */
export default definePlugin({
  id: 'captcha',
  locales: {
    captcha: localeFile('captcha'),
  },
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-23029], presentation: 'modal', view: () => import('./CaptchaStep') });
  },
});

// t('captcha:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    captcha: typeof messages;
  }
}
