import { array, matches, object, pluginConfig, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

const link = () => string({ optional: true, test: matches(/^(https?:\/\/|\/(?!\/))/, 'must be an http(s) URL or a path of this site') });

export interface LoginLayoutConfig {
  links: { support?: string; community?: string; termsOfUse?: string; privacyPolicy?: string };
  /** The deployment's own banner slides; a session code's client may replace them. */
  slides: Array<{ fileUrl: string; description?: string; link?: string; linkText?: string }>;
}

export const configSchema = object(
  {
    links: object({ support: link(), community: link(), termsOfUse: link(), privacyPolicy: link() }, { default: {} }),
    slides: array(
      object({ fileUrl: string(), description: string({ optional: true }), link: link(), linkText: string({ optional: true }) }),
      { default: [] },
    ),
  },
  { noUnknown: true },
);

/** The settings' typed handle: views call `usePluginConfig(loginLayoutConfig)`. */
export const loginLayoutConfig = pluginConfig<LoginLayoutConfig>('login-layout');
