import { definePlugin, localeFile, LOGIN_INTERRUPT_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/privacy-notice.json';

/**
 * Privacy policy update notice (spec sections 2 and 4): -10999 opens a notice that only its
 * acknowledge button ends; acknowledging repeats the call with the accepted version.
 */
export default definePlugin({
  id: 'privacy-notice',
  locales: {
    'privacy-notice': localeFile('privacy-notice'),
  },
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-10999], presentation: 'modal', view: () => import('./PrivacyNoticeStep') });
  },
});

// t('privacy-notice:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'privacy-notice': typeof messages;
  }
}
