import { matches, object, pluginConfig, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface ResetPluginConfig {
  /** Where the 'contact support' link of the reset-mail-failed dialog (-5001) leads. */
  supportUrl: string;
}

export const DEFAULT_SUPPORT_URL = 'https://support.unified-id.example';

export const configSchema = object(
  { supportUrl: string({ default: DEFAULT_SUPPORT_URL, test: matches(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL') }) },
  { noUnknown: true },
);

/** The settings' typed handle: views call `usePluginConfig(resetConfig)`. */
export const resetConfig = pluginConfig<ResetPluginConfig>('reset');
