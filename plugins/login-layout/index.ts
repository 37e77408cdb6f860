import { definePlugin, type Guard, localeFile, MAIL_LINK_CLIENT_PARAM, MAIL_LINK_VIEWS, next } from '@portal/plugin-api';
import { configSchema, type LoginLayoutConfig } from './config';
import type messages from '../../locales/en_US/login-layout.json';
import { prefetchPageInfo } from './pageInfo';

export type { LoginLayoutConfig } from './config';

/** First of the /login guards: it decides nothing, it starts the branding call beside theirs. */
const prefetchBranding: Guard = {
  id: 'login-layout/prefetch-branding',
  route: 'login',
  order: 1,
  run(ctx) {
    prefetchPageInfo(ctx.http, ctx.query.get('session_code'), ctx.query.get(MAIL_LINK_CLIENT_PARAM));
    return next;
  },
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
  guards: [prefetchBranding],
  loginViews: [
    { id: 'email', view: () => import('./EmailSentView') },
    { id: MAIL_LINK_VIEWS.activation, view: () => import('./ActivationView'), module: MAIL_LINK_VIEWS.activation },
  ],
  locales: {
    'login-layout': localeFile('login-layout'),
  },
});

// t('login-layout:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'login-layout': typeof messages;
  }
}
