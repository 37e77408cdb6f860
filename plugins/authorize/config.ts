import { matches, object, pluginConfig, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface AuthorizeConfig {
  /** The portal's client id at the server's /authorize. */
  clientId: string;
  /** Path of the token page; origin + path must be registered exactly as a redirect URI. */
  redirectPath: string;
  scope: string;
  /** Where the sign-in problem page's "Contact support" leads; none without it. */
  supportUrl?: string;
}

export const configSchema = object(
  {
    clientId: string({ default: 'portal' }),
    redirectPath: string({ default: '/token', test: matches(/^\/[A-Za-z0-9/_-]*$/, 'must be a path') }),
    scope: string({ default: 'openid profile email' }),
    supportUrl: string({ optional: true, test: matches(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL') }),
  },
  { noUnknown: true },
);

/** The settings' typed handle: views call `usePluginConfig(authorizeConfig)`. */
export const authorizeConfig = pluginConfig<AuthorizeConfig>('authorize');
