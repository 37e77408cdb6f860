import { defaultTheme } from '../../themes/default.theme';
import { CLIENT_THEME_GROUPS, type ThemeOverrides } from '../../themes/tokens';
import { boolean, matches, number, object, oneOf, string, type OptionalShape, type Shape } from './shape';

/** What a colour token may hold: hex, the functional notations, or a keyword the browser knows without guessing. */
const CSS_COLOR = /^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(rgb|rgba|hsl|hsla|oklch|lab|lch)\([0-9a-zA-Z.,%/+\s-]*\)|transparent|currentColor|currentcolor)$/;
const cssColor = matches(CSS_COLOR, 'must be a CSS colour (#rrggbb, rgb(…), hsl(…) or transparent)');

/**
 * Any other token the page writes into its styles (a font, a radius, a shadow): one plain value that
 * cannot end its declaration or rule (; { } < > \ @) and fetches nothing (url(), image-set(), …).
 * Without it a theme could add rules of its own: selectors on a typed password that load an image
 * per character (the attack review of issue 28).
 */
export function cssTokenProblem(value: string): string | null {
  if (value.length > 200) return 'must be at most 200 characters';
  if (/[;{}<>\\@]/.test(value) || /\b(url|image|image-set|cross-fade|element|src|expression|paint)\s*\(/i.test(value)) {
    return 'must be a plain CSS value (no ; { } < > \\ @, nothing like url(…))';
  }
  return null;
}

export interface ThemeChoice {
  name: string;
  overrides?: ThemeOverrides;
}

/**
 * Theme overrides: any subset of the tokens of themes/tokens.ts, derived from the default
 * theme's own values so a new token is accepted (and completed by editors) without a second list.
 */
function overridesShape(only?: readonly string[]): OptionalShape<ThemeOverrides> {
  const groups: Record<string, Shape<unknown>> = {};
  for (const [group, value] of Object.entries(defaultTheme)) {
    if (group === 'name' || typeof value === 'function' || (only && !only.includes(group))) continue;
    if (typeof value === 'string') {
      groups[group] = string({ optional: true });
      continue;
    }
    const tokens: Record<string, Shape<unknown>> = {};
    for (const [token, tokenValue] of Object.entries(value as Record<string, unknown>)) {
      tokens[token] =
        typeof tokenValue === 'number'
          ? number({ optional: true })
          : typeof tokenValue === 'boolean'
            ? boolean({ optional: true })
            : string({ optional: true, ...(group === 'colors' ? { test: cssColor } : group === 'brand' ? {} : { test: cssTokenProblem }) });
    }
    groups[group] = object(tokens, { optional: true, noUnknown: true });
  }
  // Built from the token list at run time, so TypeScript cannot infer it; the fields mirror ThemeOverrides.
  return object(groups, { optional: true, noUnknown: true }) as unknown as OptionalShape<ThemeOverrides>;
}

function themeFields(names: readonly string[], groups?: readonly string[]) {
  return {
    name: names.length ? oneOf(names, { default: 'default' }) : string({ default: 'default' }),
    overrides: overridesShape(groups),
  };
}

/**
 * A deployment config's `theme`: a base theme by name (one of `names`, the files
 * themes/<name>.theme.ts) and token overrides; absent, the default theme.
 */
export function themeShape(names: readonly string[]): Shape<ThemeChoice> {
  return object(themeFields(names), { noUnknown: true, default: { name: 'default' } });
}

/**
 * A connected service's `branding.theme`: the same shape, limited to the token groups a client may
 * set (CLIENT_THEME_GROUPS: anything else would be ignored, so it is refused); absent, the deployment's.
 */
export function clientThemeShape(names: readonly string[]): OptionalShape<ThemeChoice> {
  return object(themeFields(names, CLIENT_THEME_GROUPS), { noUnknown: true, optional: true });
}
