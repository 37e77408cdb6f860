import { COMPANY_SECTION_POINT, definePlugin, localeFile, SIGN_IN_REALM_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/enterprise-sso.json';
import type companyMessages from '../../locales/en_US/enterprise-sso-company.json';

/**
 * Enterprise sign-in per company: an address of a company's proven domain signs in at the
 * company's identity provider (the sign-in form shows "Continue with <company>" instead of the
 * password), comes back to the 'enterprise' login view with a proof (`/login?module=enterprise#token=…`),
 * and signs in, links its ID or makes one there. The company's owner and admins connect the
 * provider and prove domains on the Company pages ('Sign-in' tab). The server half is in ./server.
 */
export default definePlugin({
  id: 'enterprise-sso',
  locales: {
    'enterprise-sso': localeFile('enterprise-sso'),
    'enterprise-sso-company': localeFile('enterprise-sso-company'),
  },
  loginViews: [{ id: 'enterprise', view: () => import('./EnterpriseView'), module: 'enterprise' }],
  register(ctx) {
    // Loaded when an address is first asked about, not with the sign-in form.
    ctx.contribute(SIGN_IN_REALM_POINT, { find: (email, page) => import('./realm').then((m) => m.findRealm(email, page)) });
    ctx.contribute(COMPANY_SECTION_POINT, { path: '/sign-in', labelKey: 'enterprise-sso-company:nav', order: 40, managersOnly: true, certifiedOnly: true, view: () => import('./CompanySignIn') });
  },
});

// t('enterprise-sso:…') is type-checked against the English files (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'enterprise-sso': typeof messages;
    'enterprise-sso-company': typeof companyMessages;
  }
}
