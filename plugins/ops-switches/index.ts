import { definePlugin, localeFile, OPS_SECTION_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/ops-switches.json';

/**
 * The ops console's switches (issue 28, section 2): each deployment config's plugins per region
 * and per app, edited with a preview of the change and its effect, applied with a reason as a new
 * version every server instance serves within seconds, and restored from the history. A section
 * of the console (OPS_SECTION_POINT); its server half answers under /api/ops/switches.
 */
export default definePlugin({
  id: 'ops-switches',
  routes: [],
  locales: {
    'ops-switches': localeFile('ops-switches'),
  },
  register(ctx) {
    ctx.contribute(OPS_SECTION_POINT, { id: 'switches', path: 'switches', labelKey: 'ops-switches:title', order: 20, needs: 'read', view: () => import('./SwitchesView'), auditActions: { 'switches.apply': 'ops-switches:auditActions.apply', 'switches.restore': 'ops-switches:auditActions.restore' } });
  },
});

declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'ops-switches': typeof messages;
  }
}
