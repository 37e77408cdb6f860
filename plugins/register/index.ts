import { definePlugin, localeFile } from '@portal/plugin-api';
import { configSchema, type RegisterPluginConfig } from './config';
import type messages from '../../locales/en_US/register.json';

export type { RegisterPluginConfig } from './config';

/**
 * Registration (spec sections 2, 4, 5): the login view 'register'. Email, password with a
 * strength meter, country/region (data region), names, optional phone, subscription and
 * terms; an invitation locks email and data region. Submits `POST /register/captcha`
 * through the interruptible call 'register' (a captcha step may break in), then shows
 * the email-sent view.
 */
export default definePlugin<RegisterPluginConfig>({
  id: 'register',
  configSchema,
  loginViews: [{ id: 'register', view: () => import('./RegisterView') }],
  locales: {
    register: localeFile('register'),
  },
});

// t('register:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    register: typeof messages;
  }
}
