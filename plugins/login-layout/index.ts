import { array, matches, object, string } from '../../core/config/shape';
import { MAIL_LINK_VIEWS } from '../../core/contract/account';
import { definePlugin } from '../../core/registry/definePlugin';
import { allow, next, type Guard } from '../../core/router/guardTypes';
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

/** The activation mail's link opens the login page on the activation view, signed in or not. */
const activationLink: Guard = {
  id: 'login-layout/activation-link',
  route: 'login',
  order: 30,
  run: (ctx) => (ctx.query.get('module') === MAIL_LINK_VIEWS.activation ? allow : next),
};

/**
 * The login page: its route, layout (banner, logo, language menu, footer), theming from the
 * session code, and the host that shows whichever login view the other plugins contribute.
 * Also the shared email-sent view (register, reset, activation and migration end there) and the
 * activation page the activation mail links to (registration, sign-in and migration send it).
 */
export default definePlugin<LoginLayoutConfig>({
  id: 'login-layout',
  configSchema,
  routes: [{ path: '/login', view: () => import('./LoginPage'), titleKey: 'login-layout:title' }],
  loginViews: [
    { id: 'email', view: () => import('./EmailSentView') },
    { id: MAIL_LINK_VIEWS.activation, view: () => import('./ActivationView'), module: MAIL_LINK_VIEWS.activation },
  ],
  guards: [activationLink],
  locales: {
    'login-layout': localeFile('login-layout'),
  },
});
