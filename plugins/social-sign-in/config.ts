import { array, object, oneOf, pluginConfig } from '@portal/plugin-api/config';

/**
 * The social providers a deployment may offer, each an OpenID Connect client of that provider.
 * Here, not in contract.ts: the settings' shape is read on the login route, the contract is not.
 */
export const SOCIAL_PROVIDERS = ['google', 'microsoft', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The page a partner app opens in the device's browser to link a provider (the ticket arrives as `#token=`). */
export const APP_LINK_PATH = '/social/app-link';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface SocialSignInConfig {
  /**
   * The providers offered, in the order their buttons show; a region's override offers others (or
   * none) there. Each needs its client in the server's PLUGIN_SECRETS_FILE (docs/operations.md).
   */
  providers: SocialProvider[];
}

export const configSchema = object({ providers: array(oneOf(SOCIAL_PROVIDERS), { default: [] }) }, { noUnknown: true });

/** The settings' typed handle: views call `usePluginConfig(socialConfig)`. */
export const socialConfig = pluginConfig<SocialSignInConfig>('social-sign-in');
