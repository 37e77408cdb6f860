import { definePlugin, localeFile, SECURITY_SUMMARY_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/security.json';

/**
 * Security settings (spec sections 2, 4 and 7): the five-minute security lock, password
 * change, two-factor methods, session timeout and the session list, at /accountSetting/security.
 */
export default definePlugin({
  id: 'security',
  routes: [{ path: 'security', parent: 'accountSetting', view: () => import('./SecurityPage'), titleKey: 'security:title' }],
  menu: [{ id: 'security', path: 'security', labelKey: 'security:menu', order: 20 }],
  locales: {
    security: localeFile('security'),
  },
  register(ctx) {
    // The overview's lines for this page's own cards; other plugins add theirs between (passkeys 10, recovery codes 20, trusted devices 30).
    ctx.contribute(SECURITY_SUMMARY_POINT, { order: 0, labelKey: 'security:mfa.title', headingId: 'security-mfa-heading', view: () => import('./summary/TwoFactorSummary') });
    ctx.contribute(SECURITY_SUMMARY_POINT, { order: 100, labelKey: 'security:overview.lastSignIn', headingId: 'security-activity-heading', view: () => import('./summary/LastSignInSummary') });
  },
});

// t('security:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    security: typeof messages;
  }
}
