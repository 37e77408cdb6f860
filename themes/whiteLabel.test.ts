import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultTheme } from './default.theme';
import { midnightTheme } from './midnight.theme';
import { themeNames } from '../core/build/virtualModules.mjs';
import { baseThemes, clientOverrides, clientTheme, composeTheme } from './whiteLabel';

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
    expect(theme.brand).toEqual({ title: 'Partner Cloud ID', logoUrl: '/logo.svg', faviconUrl: defaultTheme.brand.faviconUrl, logoIncludesTitle: false });
    expect(theme.space(2)).toBe('8px');
    expect(defaultTheme.colors.primary).not.toBe('#aa0000'); // the base is never mutated
  });

  it('discovers every themes/<name>.theme.ts, named as its file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-themes-'));
    try {
      mkdirSync(path.join(dir, 'themes'));
      for (const file of ['ocean.theme.ts', 'default.theme.ts', 'tokens.ts', 'whiteLabel.ts', 'Bad_Name.theme.ts', 'notes.md']) {
        writeFileSync(path.join(dir, 'themes', file), '');
      }
      expect(themeNames(dir)).toEqual(['default', 'ocean']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The repository's themes (a new file needs no list entry anywhere), each named as its file.
    const root = process.cwd(); // vitest runs from the repository root
    expect(themeNames(root)).toEqual(expect.arrayContaining(['default', 'midnight']));
    expect(Object.keys(baseThemes).sort()).toEqual(themeNames(root));
    for (const [name, theme] of Object.entries(baseThemes)) expect(theme.name).toBe(name);
  });

  it("a client's theme replaces the deployment's on its login page: its base, its overrides, its title", () => {
    const deployment = { name: 'midnight', overrides: { colors: { primary: '#aa0000' }, font: { family: 'Deployment Sans' } } };
    const theme = clientTheme(deployment, { name: 'default', overrides: { colors: { primary: '#0a7d4f' }, radius: { md: '2px' } } }, 'Green Partner')!;
    expect(theme.colors.primary).toBe('#0a7d4f');
    expect(theme.colors.surface).toBe(defaultTheme.colors.surface); // the client's base, not the deployment's midnight
    expect(theme.font.family).toBe(defaultTheme.font.family); // nothing of the deployment's overrides leaks in
    expect(theme.radius).toEqual({ ...defaultTheme.radius, md: '2px' });
    expect(theme.brand.title).toBe('Green Partner');
  });

  it("without a client theme the deployment's stays, with the client's title as the product; nothing at all: null", () => {
    const deployment = { name: 'midnight', overrides: { colors: { primary: '#aa0000' } } };
    const theme = clientTheme(deployment, null, 'Demo Service')!;
    expect(theme).toEqual(composeTheme('midnight', { colors: { primary: '#aa0000' }, brand: { title: 'Demo Service' } }));
    expect(clientTheme(deployment, undefined, null)).toBeNull();
    expect(clientTheme(deployment, null, '')).toBeNull();
  });

  it("takes only colours, type, corners and shadows from a client, as strings (the page info comes over the wire)", () => {
    const wire: unknown = {
      colors: { primary: '#0a7d4f', text: 42 },
      font: { family: 'Partner Sans' },
      breakpoints: { mobile: 100 },
      space: 'x',
      zIndex: { modal: 1 },
      brand: { title: 'Spoofed' },
      radius: null,
    };
    expect(clientOverrides(wire)).toEqual({ colors: { primary: '#0a7d4f' }, font: { family: 'Partner Sans' } });
    expect(clientOverrides(null)).toEqual({});
    const theme = clientTheme({ name: 'default' }, { name: 'default', overrides: wire as never })!;
    expect(theme.space(2)).toBe('8px');
    expect(theme.breakpoints).toEqual(defaultTheme.breakpoints);
  });

  it('a favicon per theme; a client may bring its own, only as a path, http(s) or image data URL', () => {
    // The default mark inline, the same picture as themes/default.favicon.svg (served as /favicon.svg too).
    expect(decodeURIComponent(defaultTheme.brand.faviconUrl.replace(/^data:image\/svg\+xml,/, ''))).toBe(readFileSync('themes/default.favicon.svg', 'utf8').trim());
    expect(composeTheme('midnight').brand.faviconUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(composeTheme('midnight').brand.faviconUrl)).toContain('fill="#8ab4f8"');
    const own = clientTheme({ name: 'default' }, { name: 'default', overrides: { brand: { faviconUrl: 'https://green.example/icon.png', title: 'Spoofed' } } as never }, 'Green')!;
    expect(own.brand).toMatchObject({ faviconUrl: 'https://green.example/icon.png', title: 'Green' });
    // The client's base theme's favicon when it names none.
    expect(clientTheme({ name: 'default' }, { name: 'midnight' })!.brand.faviconUrl).toBe(composeTheme('midnight').brand.faviconUrl);
    for (const bad of ['javascript:alert(1)', '//evil.example/x.ico', 'data:text/html,<b>x</b>', 42]) {
      expect(clientOverrides({ brand: { faviconUrl: bad } })).toEqual({});
    }
  });

  it('keeps the spec breakpoints', () => {
    expect(defaultTheme.breakpoints).toEqual({ mobile: 768, large: 1024, xlarge: 1366 });
  });
});
