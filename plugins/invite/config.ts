import { matches, object, pluginConfig, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface InvitePluginConfig {
  /** Where 'Go to company page' leads after joining (the company plugin's route). */
  companyPath: string;
}

export const configSchema = object(
  {
    companyPath: string({
      default: '/accountSetting/company',
      test: matches(/^\/(?!\/)/, 'must be a path on this portal, starting with a single /'),
    }),
  },
  { noUnknown: true },
);

/** The settings' typed handle: views call `usePluginConfig(inviteConfig)`. */
export const inviteConfig = pluginConfig<InvitePluginConfig>('invite');
