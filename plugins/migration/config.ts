import { matches, object, pluginConfig, string } from '@portal/plugin-api/config';

export interface MigrationPluginConfig {
  /** Where users get help with a forgotten local password (hint after -20601). */
  supportUrl?: string;
  /** Terms of Use linked from the terms checkbox. */
  termsUrl?: string;
}

/** An absolute http(s) URL, or a path on the portal's own origin ('/terms.html', not '//host'). */
const linkUrl = () =>
  string({
    optional: true,
    test: matches(/^(https?:\/\/[^\s/$.?#][^\s]*|\/(?![/\\])[^\s]*)$/i, 'must be an http(s) URL or a path starting with /'),
  });

export const configSchema = object({ supportUrl: linkUrl(), termsUrl: linkUrl() }, { noUnknown: true });

/** The settings' typed handle: views call `usePluginConfig(migrationConfig)`. */
export const migrationConfig = pluginConfig<MigrationPluginConfig>('migration');
