import { definePlugin, localeFile, OPS_SECTION_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/ops-helpdesk.json';

/**
 * The ops console's help desk (issue 28, section 4): a section that finds an account by address,
 * shows its state and, for operators with the `helpdesk` permission, acts for its owner. Its server
 * half answers under /api/ops/helpdesk. The security activity reads in the words the owner sees on
 * their Security page (the `security` namespace).
 */
export default definePlugin({
  id: 'ops-helpdesk',
  locales: {
    'ops-helpdesk': localeFile('ops-helpdesk'),
    security: localeFile('security'),
  },
  register(ctx) {
    ctx.contribute(OPS_SECTION_POINT, { id: 'helpdesk', path: 'helpdesk', labelKey: 'ops-helpdesk:title', order: 50, needs: 'read', view: () => import('./HelpdeskView'), auditActions: {
        'account.lookup': 'ops-helpdesk:auditActions.lookup',
        'account.unlock': 'ops-helpdesk:auditActions.unlock',
        'account.resend-activation': 'ops-helpdesk:auditActions.resendActivation',
        'account.sign-out': 'ops-helpdesk:auditActions.signOut',
        'account.remove-two-factor': 'ops-helpdesk:auditActions.removeTwoFactor',
        'account.revoke-trusted-devices': 'ops-helpdesk:auditActions.revokeTrustedDevices',
      } });
  },
});

declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'ops-helpdesk': typeof messages;
  }
}
