import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as JotaiProvider } from 'jotai';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { BootShellRelease } from './app/BootShellRelease';
import type { PortalServices } from './app/context';
import { PortalTheme } from './app/PortalTheme';
import { RegionalServices } from './app/RegionalServices';
import type { ServicesFor } from './boot/servicesForRegion';
import { i18n } from './i18n/i18n';
import { AppRouter } from './router/AppRouter';
import { appStore } from './session/session';
import { SessionEndedWatcher } from './session/SessionEndedWatcher';
import { LazyModalHost } from './ui/LazyModalHost';
import { LoadingImage } from './ui/LoadingImage';
import { ToastHost } from './ui/ToastHost';
import type { ThemeTokens } from '../themes/tokens';

export interface AppProps {
  services: PortalServices;
  /** Builds (once) the services of the region the signed-in account turns out to be in. */
  servicesFor: ServicesFor;
  theme: ThemeTokens;
  cache: EmotionCache;
}

/** The whole SPA: providers, the router, and the hosts for toasts, modals and session end. */
export function App({ services, servicesFor, theme, cache }: AppProps) {
  return (
    <CacheProvider value={cache}>
      <JotaiProvider store={appStore}>
        <I18nextProvider i18n={i18n}>
          <PortalTheme deployment={theme}>
            <RegionalServices initial={services} servicesFor={servicesFor}>
              <Router>
                <Suspense fallback={<LoadingImage />}>
                  <AppRouter />
                  <SessionEndedWatcher />
                  <BootShellRelease />
                </Suspense>
                <ToastHost />
                <LazyModalHost />
              </Router>
            </RegionalServices>
          </PortalTheme>
        </I18nextProvider>
      </JotaiProvider>
    </CacheProvider>
  );
}
