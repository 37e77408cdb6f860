import { faviconDataUrl } from './favicon';
import type { ThemeTokens } from './tokens';

/** The portal's default theme. */
export const defaultTheme: ThemeTokens = {
  name: 'default',
  colors: {
    primary: '#0b57d0',
    primaryHover: '#0842a0',
    primaryText: '#ffffff',
    text: '#1f1f1f',
    textMuted: '#5f6368',
    background: '#f6f8fc',
    surface: '#ffffff',
    border: '#c4c7c5',
    focus: '#0b57d0',
    danger: '#b3261e',
    warning: '#8a5300',
    success: '#146c2e',
    info: '#0b57d0',
    overlay: 'rgba(0, 0, 0, 0.45)',
  },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
    sizeSm: '13px',
    sizeMd: '15px',
    sizeLg: '18px',
    sizeXl: '24px',
  },
  radius: { sm: '4px', md: '8px', lg: '16px' },
  space: (n: number) => `${n * 4}px`,
  shadow: {
    card: '0 1px 3px rgba(0,0,0,0.12), 0 1px 2px rgba(0,0,0,0.08)',
    modal: '0 12px 40px rgba(0,0,0,0.25)',
  },
  breakpoints: { mobile: 768, large: 1024, xlarge: 1366 },
  // favicon: themes/default.favicon.svg, emitted as /favicon.svg by the build (core/build/htmlEntry.mjs)
  // The tab icon inline (the mark of default.favicon.svg): one request fewer on every first page.
  brand: { logoUrl: '', title: 'Unified ID', faviconUrl: faviconDataUrl('#0b57d0', '#fff'), logoIncludesTitle: false },
  zIndex: { toast: 1100, modal: 1000, tooltip: 1200 },
};

export default defaultTheme;
