import { describe, expect, it } from 'vitest';
import { defaultTheme } from './default.theme';
import { midnightTheme } from './midnight.theme';
import { themeNames } from '../core/build/virtualModules.mjs';
import { baseThemes, composeTheme } from './whiteLabel';

describe('composeTheme (the white-label path)', () => {
  it('starts from the named base theme, falling back to the default', () => {
    expect(composeTheme('midnight')).toEqual(midnightTheme);
    expect(composeTheme('no-such-theme')).toEqual(defaultTheme);
    expect(composeTheme(undefined)).toEqual(defaultTheme);
  });

  it('lays deployment overrides, then service branding, over single tokens without losing the rest', () => {
    const theme = composeTheme(
      'default',
      { colors: { primary: '#aa0000' }, brand: { title: 'Partner Cloud ID' } },
      { brand: { logoUrl: '/logo.svg' } },
    );
    expect(theme.colors.primary).toBe('#aa0000');
    expect(theme.colors.text).toBe(defaultTheme.colors.text);
    expect(theme.brand).toEqual({ title: 'Partner Cloud ID', logoUrl: '/logo.svg' });
    expect(theme.space(2)).toBe('8px');
    expect(defaultTheme.colors.primary).not.toBe('#aa0000'); // the base is never mutated
  });

  it('discovers every themes/<name>.theme.ts, named as its file', () => {
    const root = process.cwd(); // vitest runs from the repository root
    expect(themeNames(root)).toEqual(['default', 'midnight']);
    expect(Object.keys(baseThemes).sort()).toEqual(themeNames(root));
    for (const [name, theme] of Object.entries(baseThemes)) expect(theme.name).toBe(name);
  });

  it('keeps the spec breakpoints', () => {
    expect(defaultTheme.breakpoints).toEqual({ mobile: 768, large: 1024, xlarge: 1366 });
  });
});
