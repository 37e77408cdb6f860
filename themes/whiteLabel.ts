import { themes } from 'virtual:theme-catalogue';
import { clientThemeFrom, composeFrom, type ThemeChoice } from './compose';
import type { ThemeOverrides, ThemeTokens } from './tokens';

export { clientOverrides, type ThemeChoice } from './compose';

/**
 * Named base themes a deployment config (or a client's branding) can pick with `theme.name`:
 * every themes/<name>.theme.ts, found by the build (core/build/virtualModules.mjs).
 */
export const baseThemes: Record<string, ThemeTokens> = themes;

/**
 * The white-label path: a base theme, then the deployment's overrides, then
 * (at the login page) the connected service's branding. Later layers win per token.
 */
export function composeTheme(name: string | undefined, ...layers: Array<ThemeOverrides | undefined>): ThemeTokens {
  return composeFrom(baseThemes, name, ...layers);
}

/**
 * The login page's theme for a connected service: the client's own theme (its base theme and
 * overrides, nothing of the deployment's) when it gives one, else the deployment's; then the
 * client's title as the product name (document title, header). Null when the client changes
 * nothing, so the deployment theme stays as it is.
 */
export function clientTheme(deployment: ThemeChoice, client: ThemeChoice | null | undefined, title?: string | null): ThemeTokens | null {
  return clientThemeFrom(baseThemes, deployment, client, title);
}
