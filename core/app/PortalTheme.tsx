import { Global, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import type { ThemeTokens } from '../../themes/tokens';
import { useActiveTheme } from './pageTheme';

/** The active theme (a page's own, else the deployment's) for everything below, page colours included. */
export function PortalTheme({ deployment, children }: { deployment: ThemeTokens; children: ReactNode }) {
  const theme = useActiveTheme(deployment);
  return (
    <ThemeProvider theme={theme}>
      <Global
        styles={{
          'html, body': { margin: 0, background: theme.colors.background, color: theme.colors.text, fontFamily: theme.font.family, fontSize: theme.font.sizeMd },
          '*, *::before, *::after': { boxSizing: 'border-box' },
        }}
      />
      {children}
    </ThemeProvider>
  );
}
