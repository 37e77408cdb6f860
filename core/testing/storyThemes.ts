import type { ClientTheme } from '../contract/auth';

/**
 * A connected service's theme for stories (a white-label partner in green, on the default
 * base, with its own page tint and tighter corners): what a client's `branding.theme` in
 * CLIENTS_FILE looks like. Stories set it with the `clientTheme` parameter
 * (.storybook/preview.tsx composes it like the login page does, themes/whiteLabel.ts clientTheme).
 */
export const GREEN_PARTNER_THEME: ClientTheme = {
  name: 'default',
  overrides: {
    colors: {
      primary: '#0a7d4f',
      primaryHover: '#075e3b',
      focus: '#0a7d4f',
      info: '#0a7d4f',
      text: '#10261b',
      textMuted: '#46604f',
      background: '#eef6f1',
      surface: '#fbfefc',
      border: '#a9c7b6',
    },
    radius: { sm: '2px', md: '4px', lg: '6px' },
  },
};

/** The same story, drawn with the green partner's theme (Loki names it "<story> Client Theme" by its export name). */
export function withClientTheme<S extends { parameters?: object }>(story: S): S {
  return { ...story, parameters: { ...story.parameters, clientTheme: GREEN_PARTNER_THEME } };
}
