import { definePlugin, localeFile, LOGIN_INTERRUPT_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/region.json';

/**
 * Region confirmation (spec sections 2 and 4): when sign-in answers -9 (the account's
 * country/region must be set or confirmed) this step replaces the sign-in form, sends the
 * choice to the regional host of the chosen data region (`POST /account`), then retries
 * the sign-in. No config.
 */
export default definePlugin({
  id: 'region',
  locales: {
    region: localeFile('region'),
  },
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-9], calls: ['signIn'], presentation: 'inline', view: () => import('./ConfirmRegionStep') });
  },
});

// t('region:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    region: typeof messages;
  }
}
