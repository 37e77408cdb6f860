import { localeFile } from '../../core/i18n/namespaces';
import { definePlugin } from '../../core/registry/definePlugin';
import type { GuardedRoute } from '../../core/router/guardTypes';
import { PROBLEM_PATH, SIGNED_OUT_PATH } from './guard';
import { configSchema, type PartnerAppConfig } from './config';

export type { PartnerAppConfig } from './config';

const ENTRIES: GuardedRoute[] = ['authorize', 'login', 'accountSetting', 'invite', 'token'];

/**
 * Partner-app embedding (spec sections 1, 2 and 4): the page opened by a partner app's web
 * view. It accepts the app's launch (query or launch cookie), takes over the app's session,
 * and talks to the app through its native bridge: sign-out opens the app's login screen
 * instead of calling the server; profile changes ask the app to refresh its account.
 * Only the app deployment configs enable it, so the web portal carries none of it.
 */
export default definePlugin<PartnerAppConfig>({
  id: 'partner-app',
  configSchema,
  routes: [
    // The entry of the app variant: straight to the account pages.
    { path: '/', view: () => import('./AppEntry') },
    { path: PROBLEM_PATH, view: () => import('./AppProblemPage'), titleKey: 'partner-app:problem.title' },
    { path: SIGNED_OUT_PATH, view: () => import('./AppSignedOutPage'), titleKey: 'partner-app:signedOut.title' },
  ],
  locales: { 'partner-app': localeFile('partner-app') },
  async register(ctx) {
    const { startApp } = await import('./startApp');
    const onFirstGuard = await startApp(ctx.config.appType, ctx);
    const { appLaunchGuard } = await import('./guard');
    for (const route of ENTRIES) ctx.addGuard(appLaunchGuard(route, onFirstGuard));
  },
});
