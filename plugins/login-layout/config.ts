import { array, type CarouselTextsByLanguage, matches, object, pluginConfig, record, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

const link = () => string({ optional: true, test: matches(/^(https?:\/\/|\/(?!\/))/, 'must be an http(s) URL or a path of this site') });

export interface LoginLayoutConfig {
  links: { support?: string; community?: string; termsOfUse?: string; privacyPolicy?: string };
  /**
   * The deployment's own banner slides; a session code's client may replace them. `description` and
   * `linkText` are the plain texts; `texts` gives them per portal language (`{ "de_DE": { … } }`).
   */
  slides: Array<{ fileUrl: string; description?: string; link?: string; linkText?: string; texts?: CarouselTextsByLanguage }>;
}

/** A slide's texts per portal language code: `{ "de_DE": { "description": "…", "linkText": "…" } }`. */
const slideTexts = () =>
  record(object({ description: string({ optional: true }), linkText: string({ optional: true }) }, { noUnknown: true }), {
    optional: true,
    test: (texts) => {
      const wrong = Object.keys(texts).find((key) => !/^[a-z]{2}_[A-Z]{2}$/.test(key));
      return wrong ? `'${wrong}' is not a language code like de_DE` : null;
    },
  });

export const configSchema = object(
  {
    links: object({ support: link(), community: link(), termsOfUse: link(), privacyPolicy: link() }, { default: {} }),
    slides: array(
      object({ fileUrl: string(), description: string({ optional: true }), link: link(), linkText: string({ optional: true }), texts: slideTexts() }),
      { default: [] },
    ),
  },
  { noUnknown: true },
);

/** The settings' typed handle: views call `usePluginConfig(loginLayoutConfig)`. */
export const loginLayoutConfig = pluginConfig<LoginLayoutConfig>('login-layout');
