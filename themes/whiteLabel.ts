import { themes } from 'virtual:theme-catalogue';
import { defaultTheme } from './default.theme';
import type { ThemeOverrides, ThemeTokens } from './tokens';

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
