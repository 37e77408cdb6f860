import { matches, object, pluginConfig, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface RegisterPluginConfig {
  /** Terms of use linked from the terms checkbox (https URL or a path of this origin). */
  termsUrl: string;
  /** Privacy policy linked from the terms checkbox. */
  privacyUrl: string;
}

/** An https URL, or a path on the portal's own origin (not `//host`, which leaves it). */
const LINK = /^(https:\/\/[^\s]+|\/(?!\/)[^\s]*)$/;

const link = matches(LINK, 'must be an https URL or a path starting with /');

export const configSchema = object(
  {
    termsUrl: string({ default: 'https://www.example.com/legal/terms-of-use', test: link }),
    privacyUrl: string({ default: 'https://www.example.com/legal/privacy-policy', test: link }),
  },
  { noUnknown: true },
);

/** The settings' typed handle: views call `usePluginConfig(registerConfig)`. */
export const registerConfig = pluginConfig<RegisterPluginConfig>('register');
