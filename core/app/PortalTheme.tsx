import { Global, ThemeProvider } from '@emotion/react';
import { useEffect, type ReactNode } from 'react';
import { safeFaviconUrl } from '../../themes/favicon';
import type { ThemeTokens } from '../../themes/tokens';
import { useActiveTheme } from './pageTheme';

/** The active theme (a page's own, else the deployment's) for everything below, page colours included. */
export function PortalTheme({ deployment, children }: { deployment: ThemeTokens; children: ReactNode }) {
  const theme = useActiveTheme(deployment);
  const favicon = safeFaviconUrl(theme.brand.faviconUrl);
  useEffect(() => {
    if (favicon) setFavicon(favicon);
  }, [favicon]);
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

/** Points the page's icon link (index.html has one) at the active theme's favicon. */
export function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
