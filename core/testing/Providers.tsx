import { ThemeProvider } from '@emotion/react';
import { Provider as JotaiProvider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { defaultTheme } from '../../themes/default.theme';
import type { ThemeTokens } from '../../themes/tokens';
import { createTestI18n } from './testI18n';

export interface ProvidersProps {
  children: ReactNode;
  theme?: ThemeTokens;
  i18n?: I18n;
  store?: ReturnType<typeof createStore>;
}

/** Theme, i18n and a fresh jotai store: what every component expects around it in tests and stories. */
export function Providers({ children, theme = defaultTheme, i18n, store }: ProvidersProps) {
  return (
    <JotaiProvider store={store ?? createStore()}>
      <I18nextProvider i18n={i18n ?? createTestI18n()}>
        <ThemeProvider theme={theme}>{children}</ThemeProvider>
      </I18nextProvider>
    </JotaiProvider>
  );
}
