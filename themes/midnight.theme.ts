import { defaultTheme } from './default.theme';
import { faviconDataUrl } from './favicon';
import type { ThemeTokens } from './tokens';

/** A dark white-label example, used by config/partner-dark.json and its stories. */
export const midnightTheme: ThemeTokens = {
  ...defaultTheme,
  name: 'midnight',
  colors: {
    ...defaultTheme.colors,
    primary: '#8ab4f8',
    primaryHover: '#aecbfa',
    primaryText: '#0b1c33',
    text: '#e8eaed',
    textMuted: '#bdc1c6',
    background: '#121417',
    surface: '#1f2227',
    border: '#5f6368',
    focus: '#8ab4f8',
    danger: '#f2b8b5',
    warning: '#fdd663',
    success: '#81c995',
    info: '#8ab4f8',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  brand: { ...defaultTheme.brand, faviconUrl: faviconDataUrl('#8ab4f8', '#0b1c33') },
};

export default midnightTheme;
