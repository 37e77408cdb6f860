import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as JotaiProvider } from 'jotai';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { PortalContext, type PortalServices } from './app/context';
import { PortalTheme } from './app/PortalTheme';
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
  theme: ThemeTokens;
  cache: EmotionCache;
}

/** The whole SPA: providers, the router, and the hosts for toasts, modals and session end. */
export function App({ services, theme, cache }: AppProps) {
  return (
    <CacheProvider value={cache}>
      <JotaiProvider store={appStore}>
        <I18nextProvider i18n={i18n}>
          <PortalTheme deployment={theme}>
            <PortalContext.Provider value={services}>
              <Router>
                <Suspense fallback={<LoadingImage />}>
                  <AppRouter />
                  <SessionEndedWatcher />
                </Suspense>
                <ToastHost />
                <LazyModalHost />
              </Router>
            </PortalContext.Provider>
          </PortalTheme>
        </I18nextProvider>
      </JotaiProvider>
    </CacheProvider>
  );
}
