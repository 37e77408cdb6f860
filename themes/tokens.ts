/**
 * Theme tokens: the only place colours, type and spacing are named.
 * White-label themes override any subset of these (see themes/whiteLabel.ts).
 */
export interface ThemeTokens {
  name: string;
  colors: {
    primary: string;
    primaryHover: string;
    primaryText: string;
    text: string;
    textMuted: string;
    background: string;
    surface: string;
    border: string;
    focus: string;
    danger: string;
    warning: string;
    success: string;
    info: string;
    overlay: string;
  };
  font: { family: string; sizeSm: string; sizeMd: string; sizeLg: string; sizeXl: string };
  radius: { sm: string; md: string; lg: string };
  space: (n: number) => string;
  shadow: { card: string; modal: string };
  /** Breakpoints of spec section 9: mobile < 768, large < 1024, extra large < 1366. */
  breakpoints: { mobile: number; large: number; xlarge: number };
  /** Login page brand assets; the session code may replace them at run time. */
  /**
   * `faviconUrl`: the tab icon (a path on this portal, an http(s) URL or a data:image URL); the
   * default theme's is the file the HTML names (/favicon.svg), so the tab has it before any script runs.
   * `logoIncludesTitle`: the logo image shows the title as its wordmark, so the account header shows
   * the logo alone and keeps the title for screen readers only (themes/design.md); set it with the logo.
   */
  brand: { logoUrl: string; title: string; faviconUrl: string; logoIncludesTitle: boolean };
  zIndex: { toast: number; modal: number; tooltip: number };
}

/** Override shape accepted from deployment config and white-label themes. */
export type ThemeOverrides = {
  [K in keyof ThemeTokens]?: ThemeTokens[K] extends (...args: never[]) => unknown
    ? never
    : ThemeTokens[K] extends object
      ? Partial<ThemeTokens[K]>
      : ThemeTokens[K];
};

/**
 * Token groups a connected service's theme may set: colours, type, corners, shadows. Spacing,
 * breakpoints, layers and the brand stay the deployment's, so a client cannot break the layout.
 */
export const CLIENT_THEME_GROUPS = ['colors', 'font', 'radius', 'shadow'] as const;
