import { array, object, oneOf, pluginConfig } from '@portal/plugin-api/config';
import { SOCIAL_PROVIDERS, type SocialProvider } from './contract';

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
