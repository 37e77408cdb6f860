import { themes } from 'virtual:theme-catalogue';
import { defaultTheme } from './default.theme';
import { safeFaviconUrl } from './favicon';
import { CLIENT_THEME_GROUPS, type ThemeOverrides, type ThemeTokens } from './tokens';

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
  const base = baseThemes[name ?? 'default'] ?? defaultTheme;
  return layers.reduce<ThemeTokens>((acc, layer) => {
    if (!layer) return acc;
    const next: ThemeTokens = { ...acc };
    for (const key of Object.keys(layer) as Array<keyof ThemeOverrides>) {
      const value = layer[key];
      if (value === undefined) continue;
      const current = acc[key];
      (next as unknown as Record<string, unknown>)[key] =
        typeof value === 'object' && value !== null && typeof current === 'object'
          ? { ...(current as object), ...(value as object) }
          : value;
    }
    return next;
  }, base);
}

/** A theme choice: a base theme's name and token overrides (the deployment's, or a client's). */
export interface ThemeChoice {
  name?: string;
  overrides?: ThemeOverrides;
}


/**
 * The part of a client's overrides that may apply: the groups above, string tokens only (it came
 * over the wire), and of the brand only its favicon (a path, http(s) or data:image URL).
 */
export function clientOverrides(overrides: unknown): ThemeOverrides {
  if (typeof overrides !== 'object' || overrides === null) return {};
  const out: Record<string, Record<string, string>> = {};
  const favicon = safeFaviconUrl(((overrides as { brand?: { faviconUrl?: unknown } }).brand ?? {}).faviconUrl);
  if (favicon) out.brand = { faviconUrl: favicon };
  for (const group of CLIENT_THEME_GROUPS) {
    const tokens = (overrides as Record<string, unknown>)[group];
    if (typeof tokens !== 'object' || tokens === null) continue;
    const strings = Object.entries(tokens).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (strings.length > 0) out[group] = Object.fromEntries(strings);
  }
  return out as ThemeOverrides;
}

/**
 * The login page's theme for a connected service: the client's own theme (its base theme and
 * overrides, nothing of the deployment's) when it gives one, else the deployment's; then the
 * client's title as the product name (document title, header). Null when the client changes
 * nothing, so the deployment theme stays as it is.
 */
export function clientTheme(deployment: ThemeChoice, client: ThemeChoice | null | undefined, title?: string | null): ThemeTokens | null {
  if (!client && !title) return null;
  const brand: ThemeOverrides | undefined = title ? { brand: { title } } : undefined;
  return client ? composeTheme(client.name, clientOverrides(client.overrides), brand) : composeTheme(deployment.name, deployment.overrides, brand);
}
