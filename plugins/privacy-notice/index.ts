import { definePlugin } from '../../core/registry/definePlugin';
import { LOGIN_INTERRUPT_POINT } from '../../core/login/types';
import { localeFile } from '../../core/i18n/namespaces';

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
