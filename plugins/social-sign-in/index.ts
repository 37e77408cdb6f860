import { definePlugin, localeFile, REGISTER_METHOD_POINT, SECURITY_SECTION_POINT, SIGN_IN_METHOD_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/social-sign-in.json';
import { APP_LINK_PATH, configSchema, type SocialSignInConfig } from './config';

export type { SocialSignInConfig } from './config';

/** The divider and one button per provider, in px: the room kept under the form while they load. */
const buttonsHeight = (count: number) => 56 + count * 52;

/**
 * Social sign-in, where the deployment offers it (`providers`, per region): "Continue with Google"
 * (Microsoft, Apple) under the sign-in and registration forms leaves for the provider and comes
 * back to the 'social' login view (`/login?module=social#token=…`), which signs in, links the ID of
 * the address after its password, or makes a new ID after the country/region and policy step. The
 * Security page lists every linked sign-in and links or unlinks them; inside a partner app the provider
 * opens in the device's browser (the app's bridge) on the page at /social/app-link. The server half is in ./server.
 */
export default definePlugin<SocialSignInConfig>({
  id: 'social-sign-in',
  configSchema,
  locales: {
    'social-sign-in': localeFile('social-sign-in'),
  },
  loginViews: [{ id: 'social', view: () => import('./SocialView'), module: 'social' }],
  routes: [{ path: APP_LINK_PATH, view: () => import('./AppLinkPage'), titleKey: 'social-sign-in:appLink.title' }],
  register(ctx) {
    const count = ctx.config.providers.length;
    if (count > 0) {
      ctx.contribute(SIGN_IN_METHOD_POINT, { order: 15, height: buttonsHeight(count), component: () => import('./SocialButtons') });
      ctx.contribute(REGISTER_METHOD_POINT, { order: 15, height: buttonsHeight(count), component: () => import('./SocialButtons') });
    }
    ctx.contribute(SECURITY_SECTION_POINT, { after: 'twoFactor', order: 30, view: () => import('./LinkedSignIns') });
  },
});

// t('social-sign-in:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'social-sign-in': typeof messages;
  }
}
