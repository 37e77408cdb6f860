import { array, matches, object, string } from '../../core/config/shape';
import { definePlugin } from '../../core/registry/definePlugin';
import { localeFile } from '../../core/i18n/namespaces';

const link = () => string({ optional: true, test: matches(/^(https?:\/\/|\/(?!\/))/, 'must be an http(s) URL or a path of this site') });

export interface LoginLayoutConfig {
  links: { support?: string; community?: string; termsOfUse?: string; privacyPolicy?: string };
  /** The deployment's own banner slides; a session code's client may replace them. */
  slides: Array<{ fileUrl: string; description?: string; link?: string; linkText?: string }>;
}

const configSchema = object(
  {
    links: object({ support: link(), community: link(), termsOfUse: link(), privacyPolicy: link() }, { default: {} }),
    slides: array(
      object({ fileUrl: string(), description: string({ optional: true }), link: link(), linkText: string({ optional: true }) }),
      { default: [] },
    ),
  },
  { noUnknown: true },
);

/**
 * The login page: its route, layout (banner, logo, language menu, footer), theming from the
 * session code, and the host that shows whichever login view the other plugins contribute.
 * Also the shared email-sent view (register, reset, activation and migration end there).
 */
export default definePlugin<LoginLayoutConfig>({
  id: 'login-layout',
  configSchema,
  routes: [{ path: '/login', view: () => import('./LoginPage'), titleKey: 'login-layout:title' }],
  loginViews: [{ id: 'email', view: () => import('./EmailSentView') }],
  locales: {
    'login-layout': localeFile('login-layout'),
  },
});
