import { boolean, matches, object, pluginConfig, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface AccountPluginConfig {
  /** Show the technical account id (support staff ask for it). */
  showAccountId: boolean;
  /**
   * Where the 'Unified ID' menu entry leads (the home page of the Unified ID: the services a
   * user reaches with it): an https URL, or a path on the portal's own origin. No entry without it.
   */
  unifiedIdHomeUrl?: string;
}

export const configSchema = object(
  {
    showAccountId: boolean({ default: true }),
    unifiedIdHomeUrl: string({ optional: true, test: matches(/^(https:\/\/|\/(?![/\\]))/, 'must be an https URL or a path on the portal (/…)') }),
  },
  { noUnknown: true },
);

/** The settings' typed handle: views call `usePluginConfig(accountConfig)`. */
export const accountConfig = pluginConfig<AccountPluginConfig>('account');
