import { definePlugin, localeFile } from '@portal/plugin-api';
import { configSchema, type InvitePluginConfig } from './config';
import type messages from '../../locales/en_US/invite.json';

export type { InvitePluginConfig } from './config';

/**
 * /invite: the page an invitation email links to (spec section 2). It looks the invite
 * code up and sends an unregistered invitee to the invited registration, a registered one
 * to sign-in (and back here), and lets a signed-in invitee join the company.
 */
export default definePlugin<InvitePluginConfig>({
  id: 'invite',
  configSchema,
  routes: [{ path: '/invite', view: () => import('./InvitePage'), titleKey: 'invite:title' }],
  locales: {
    invite: localeFile('invite'),
  },
});

// t('invite:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    invite: typeof messages;
  }
}
