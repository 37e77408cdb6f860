import { definePlugin, localeFile, OPS_SECTION_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/ops-console.json';

/**
 * The ops console (issue 28) at /ops, run by the console's own config (config/ops.json, OPS_CONFIG):
 * operators sign in with a password and a second factor, enrol from an invitation's link, manage
 * operators and read the audit log. Its server half keeps the operators, their sessions and the
 * audit log, and answers under /api/ops.
 */
export default definePlugin({
  id: 'ops-console',
  routes: [{ path: '/ops', view: () => import('./ConsoleApp'), titleKey: 'ops-console:title' }],
  locales: {
    'ops-console': localeFile('ops-console'),
  },
  register(ctx) {
    // Other plugins add their sections (switches, services, help desk) here; the console's own come first.
    ctx.declareExtensionPoint(OPS_SECTION_POINT);
    ctx.contribute(OPS_SECTION_POINT, { id: 'operators', path: 'operators', labelKey: 'ops-console:operatorsTitle', order: 10, needs: 'read', view: () => import('./OperatorsView'), auditActions: {
      'operator.invite': 'ops-console:actionLabels.operatorInvite',
      'operator.enrol': 'ops-console:actionLabels.operatorEnrol',
      'operator.role': 'ops-console:actionLabels.operatorRole',
      'operator.disable': 'ops-console:actionLabels.operatorDisable',
    } });
    ctx.contribute(OPS_SECTION_POINT, { id: 'audit', path: 'audit', labelKey: 'ops-console:auditTitle', order: 90, needs: 'read', view: () => import('./AuditView'), auditActions: { 'session.sign-in': 'ops-console:actionLabels.signIn', 'audit.export': 'ops-console:actionLabels.auditExport' } });
  },
});

declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'ops-console': typeof messages;
  }
}
