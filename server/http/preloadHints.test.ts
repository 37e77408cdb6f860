import { describe, expect, it } from 'vitest';
import { enabledEverywhere, preloadFiles, preloadTags, type PreloadManifest } from './preloadHints';

/** The hints as the page's head gets them. */
const preloadHints = (...args: Parameters<typeof preloadFiles>) => preloadTags(preloadFiles(...args));

const manifest: PreloadManifest = {
  localeBase: '/assets/l10n-abc',
  defaultLanguage: 'en_US',
  enabled: ['login-layout', 'sign-in'],
  plugins: {
    'login-layout': { manifest: ['/assets/plugin-login-layout-manifest-1.js', '/assets/shared-1.js'], modules: { 'LoginPage.tsx': ['/assets/plugin-login-layout-LoginPage-1.js', '/assets/shared-1.js'] } },
    'sign-in': { manifest: ['/assets/plugin-sign-in-manifest-1.js'], modules: { 'SignInView.tsx': ['/assets/plugin-sign-in-SignInView-1.js'] } },
    captcha: { manifest: ['/assets/plugin-captcha-manifest-1.js'], modules: {} },
  },
};
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('modulepreload hints', () => {
  it("name on /login the enabled plugins' manifests, the first views and their locale data (one file for the core's and theirs), each once", () => {
    const html = preloadHints(manifest, ['login-layout', 'sign-in'], '/login', new URLSearchParams('lang=de_DE'));
    expect(hrefs(html)).toEqual([
      '/assets/plugin-login-layout-manifest-1.js',
      '/assets/shared-1.js',
      '/assets/plugin-sign-in-manifest-1.js',
      '/assets/plugin-login-layout-LoginPage-1.js',
      '/assets/plugin-sign-in-SignInView-1.js',
      '/assets/l10n-abc/de_DE/_first.json',
    ]);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/l10n-abc/de_DE/_first.json">');
  });

  it('name each namespace file instead when a first view is off: the combined file would carry its strings', () => {
    const html = preloadHints(manifest, ['login-layout'], '/login', new URLSearchParams('lang=de_DE'));
    expect(hrefs(html).filter((h) => h!.includes('/l10n-'))).toEqual(['/assets/l10n-abc/de_DE/core.json', '/assets/l10n-abc/de_DE/login-layout.json']);
  });

  it('never name a plugin the config leaves off, and only the manifests elsewhere than /login', () => {
    const html = preloadHints(manifest, ['login-layout'], '/accountSetting', new URLSearchParams());
    expect(hrefs(html)).toEqual(['/assets/plugin-login-layout-manifest-1.js', '/assets/shared-1.js']);
    expect(preloadHints(manifest, ['login-layout'], '/login', new URLSearchParams('lang=x'), 'fr_FR')).not.toContain('sign-in');
    expect(hrefs(preloadHints(manifest, ['login-layout'], '/login', new URLSearchParams('lang=x'), 'fr_FR'))).toContain('/assets/l10n-abc/fr_FR/core.json');
  });

  it("name a manifest group's chunk in place of its manifests when the config enables all of its plugins, never otherwise", () => {
    const grouped: PreloadManifest = { ...manifest, groups: [{ plugins: ['login-layout', 'sign-in'], files: ['/assets/manifests-default-1.js', '/assets/shared-1.js'] }] };
    expect(hrefs(preloadHints(grouped, ['login-layout', 'sign-in', 'captcha'], '/accountSetting', new URLSearchParams()))).toEqual([
      '/assets/manifests-default-1.js',
      '/assets/shared-1.js',
      '/assets/plugin-captcha-manifest-1.js',
    ]);
    // sign-in off: the group would carry its manifest, so each enabled manifest comes on its own.
    expect(hrefs(preloadHints(grouped, ['login-layout', 'captcha'], '/accountSetting', new URLSearchParams()))).toEqual([
      '/assets/plugin-login-layout-manifest-1.js',
      '/assets/shared-1.js',
      '/assets/plugin-captcha-manifest-1.js',
    ]);
  });

  it('take a plugin as enabled only when every region has it', () => {
    expect(enabledEverywhere({ Use: ['a', 'b'], Aps: ['b', 'a'], Euw: ['b'] })).toEqual(['b']);
  });
});
