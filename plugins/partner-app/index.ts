import {
  type AppType,
  type ContributionApi,
  definePlugin,
  type GuardedRoute,
  localeFile,
  type SessionGrant,
} from '@portal/plugin-api';
import { PROBLEM_PATH, SIGNED_OUT_PATH, type OnFirstGuard } from './guard';
import { configSchema, type PartnerAppConfig } from './config';
import type messages from '../../locales/en_US/partner-app.json';

export type { PartnerAppConfig } from './config';

const ENTRIES: GuardedRoute[] = ['authorize', 'login', 'accountSetting', 'invite', 'token'];

type Contribution = (api: Pick<ContributionApi, 'contribute'>) => void;

/**
 * The launch is read, and the bridge wired, once per page. The core builds a registry again
 * when the account's region becomes known; that one gets the same contributions.
 */
let started: Promise<{ onFirstGuard: OnFirstGuard; contributions: Contribution[] }> | null = null;

async function startOnce(appType: AppType, session: SessionGrant): Promise<{ onFirstGuard: OnFirstGuard; contributions: Contribution[] }> {
  started ??= import('./startApp').then(async ({ startApp }) => {
    const contributions: Contribution[] = [];
    const onFirstGuard = await startApp(appType, {
      contribute: (point, value) => contributions.push((api) => api.contribute(point, value)),
      session,
    });
    return { onFirstGuard, contributions };
  });
  return started;
}

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
    const { onFirstGuard, contributions } = await startOnce(ctx.config.appType, ctx.session);
    contributions.forEach((contribute) => contribute(ctx));
    const { appLaunchGuard } = await import('./guard');
    for (const route of ENTRIES) ctx.addGuard(appLaunchGuard(route, onFirstGuard, ctx.session));
  },
});

// t('partner-app:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    'partner-app': typeof messages;
  }
}
