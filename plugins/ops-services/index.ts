import { definePlugin, localeFile, OPS_SECTION_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/ops-services.json';

/**
 * The ops console's connected services (issue 28, section 3): the OpenID Connect clients, their
 * secrets and their login page's branding, with a live preview and a contrast check. A section of
 * the console (config/ops.json); its server half keeps the services as versions of the clients
 * document and serves the images operators upload.
 */
export default definePlugin({
  id: 'ops-services',
  locales: {
    'ops-services': localeFile('ops-services'),
  },
  register(ctx) {
    ctx.contribute(OPS_SECTION_POINT, { id: 'services', path: 'services', labelKey: 'ops-services:title', order: 30, needs: 'read', view: () => import('./ServicesView'), auditActions: {
        'service.create': 'ops-services:auditActions.create',
        'service.update': 'ops-services:auditActions.update',
        'service.secret': 'ops-services:auditActions.secret',
        'service.image': 'ops-services:auditActions.image',
      } });
  },
});

declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'ops-services': typeof messages;
  }
}
