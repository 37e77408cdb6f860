import { defaultTheme } from './default.theme';
import { safeFaviconUrl } from './favicon';
import { CLIENT_THEME_GROUPS, type ThemeOverrides, type ThemeTokens } from './tokens';

/**
 * Theme composition over a given set of base themes. Pure, so the server (the login shell it
 * writes into the page, server/http/loginShell.ts) composes exactly as the SPA does
 * (themes/whiteLabel.ts passes the build's theme catalogue).
 */
export function composeFrom(bases: Readonly<Record<string, ThemeTokens>>, name: string | undefined, ...layers: Array<ThemeOverrides | undefined>): ThemeTokens {
  const base = bases[name ?? 'default'] ?? defaultTheme;
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

/** See clientTheme in themes/whiteLabel.ts. */
export function clientThemeFrom(
  bases: Readonly<Record<string, ThemeTokens>>,
  deployment: ThemeChoice,
  client: ThemeChoice | null | undefined,
  title?: string | null,
): ThemeTokens | null {
  if (!client && !title) return null;
  const brand: ThemeOverrides | undefined = title ? { brand: { title } } : undefined;
  return client ? composeFrom(bases, client.name, clientOverrides(client.overrides), brand) : composeFrom(bases, deployment.name, deployment.overrides, brand);
}
