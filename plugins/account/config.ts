import { boolean, matches, object, pluginConfig, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface AccountPluginConfig {
  /** Show the technical account id (support staff ask for it). */
  showAccountId: boolean;
  /**
   * Where the 'Unified ID' menu entry leads: the vendor's Unified ID home (the services a user reaches
   * with it), an https URL the deployment sets. No entry without it.
   */
  unifiedIdHomeUrl?: string;
  /**
   * A development build's Unified ID home instead: a path on the portal (the demo service,
   * `/demo-service/`), since a developer's machine has no vendor home. Never used by a production build.
   */
  developmentHomeUrl?: string;
}

export const configSchema = object(
  {
    showAccountId: boolean({ default: true }),
    unifiedIdHomeUrl: string({
      optional: true,
      test: matches(/^https:\/\/[^/\\]/, "must be an https URL (the vendor's Unified ID home; the demo page is developmentHomeUrl)"),
      description: "The vendor's Unified ID home, where the 'Unified ID' menu entry leads (https). No entry without it.",
    }),
    developmentHomeUrl: string({
      optional: true,
      test: matches(/^\/(?![/\\])/, 'must be a path on the portal (/…)'),
      description: "A development build's 'Unified ID' entry instead (npm run dev): a path on the portal, e.g. the demo service /demo-service/.",
    }),
  },
  { noUnknown: true },
);

/** The settings' typed handle: views call `usePluginConfig(accountConfig)`. */
export const accountConfig = pluginConfig<AccountPluginConfig>('account');
