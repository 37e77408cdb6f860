import { definePlugin, localeFile, MAIL_LINK_VIEWS } from '@portal/plugin-api';
import { configSchema, type ResetPluginConfig } from './config';
import type messages from '../../locales/en_US/reset.json';

export type { ResetPluginConfig } from './config';
export { DEFAULT_SUPPORT_URL } from './config';

/**
 * Reset password (spec sections 2, 4, 5, 8): the 'reset' login view asks the server to mail a
 * reset link, then hands over to the email-sent view; the link opens the 'newPassword' view
 * (`/login?module=newPassword&lang&client#token`), which sets the new password.
 */
export default definePlugin<ResetPluginConfig>({
  id: 'reset',
  configSchema,
  loginViews: [
    { id: 'reset', view: () => import('./ResetView') },
    { id: MAIL_LINK_VIEWS.reset, view: () => import('./NewPasswordView'), module: MAIL_LINK_VIEWS.reset },
  ],
  locales: {
    reset: localeFile('reset'),
  },
});

// t('reset:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    reset: typeof messages;
  }
}
