import { describe, expect, it } from 'vitest';
import { inlineBrandingImage } from '../routes/branding';
import { loadBaseThemes, loadingText, loginShellHtml, shellImageUrl } from './loginShell';

const bases = await loadBaseThemes();
const deployment = { name: 'default', overrides: { brand: { logoUrl: '/api/branding/logo.svg' } } };

describe('loginShellHtml', () => {
  it('draws the deployment logo in the header, its colours, and the nonce on the one style', () => {
    const { head, body: html } = loginShellHtml(bases, { deployment, loadingText: 'Loading…' }, 'n0nce+/=');
    expect(head).toBe('<link rel="preload" as="image" fetchpriority="high" href="/api/branding/logo.svg">');
    expect(html).toContain('<style nonce="n0nce+/=">');
    // As the layout: the logo, decorative beside the name written out.
    expect(html).toContain('<header><div class="s-brand"><img src="/api/branding/logo.svg" alt="" width="200" height="32" fetchpriority="high"><span>Unified ID</span></div></header>');
    expect(html).toContain('background:#f6f8fc');
    expect(html).toMatch(/<div id="boot-shell" aria-hidden="true">/);
    expect(html).toContain('<noscript>');
  });

  it("uses a service's own base theme and colours, title and logo", () => {
    const { body: html } = loginShellHtml(bases, { deployment, client: { name: 'midnight', overrides: { colors: { surface: '#101010' } } }, title: 'Violet', logoUrl: 'https://cdn.example/v.svg', loadingText: 'L' }, 'n');
    expect(html).toContain(`background:${bases.midnight!.colors.background}`);
    expect(html).toContain('background:#101010');
    expect(html).toContain('<img src="https://cdn.example/v.svg" alt=""');
    expect(html).toContain('<span>Violet</span>');
  });

  it("writes this server's small branding images into the page, and preloads their address for the page", () => {
    const { head, body } = loginShellHtml(bases, { deployment, loadingText: 'L', inline: inlineBrandingImage }, 'n');
    expect(body).toMatch(/<header><div class="s-brand"><img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt=""/);
    expect(head).toContain('href="/api/branding/logo.svg"');
    expect(inlineBrandingImage('/api/branding/nope.svg')).toBeNull();
    expect(inlineBrandingImage('/api/branding/toString')).toBeNull();
    expect(inlineBrandingImage('https://cdn.example/api/branding/logo.svg')).toBeNull();
    // When the page's written branding carries the same inlined image, nothing is left to preload.
    expect(loginShellHtml(bases, { deployment, loadingText: 'L', inline: inlineBrandingImage, pageInlines: true }, 'n').head).toBe('');
    // A logo the server cannot inline is still preloaded.
    expect(loginShellHtml(bases, { deployment, logoUrl: 'https://cdn.example/v.svg', loadingText: 'L', inline: inlineBrandingImage, pageInlines: true }, 'n').head).toContain('href="https://cdn.example/v.svg"');
  });

  it('puts a title logo in the card, and the brand in the header besides, as the layout does', () => {
    const { head, body: html } = loginShellHtml(bases, { deployment, title: 'T', titleLogoUrl: '/t.svg', loadingText: 'L' }, 'n');
    expect(head).toContain('href="/t.svg"');
    expect(html).toContain('<header><div class="s-brand"><img src="/api/branding/logo.svg" alt="" width="200" height="32" fetchpriority="high"><span>T</span></div></header>');
    expect(html).toContain('<div class="s-card"><img src="/t.svg" alt="T" width="280" height="40"');
  });

  it('shows the title as text without any logo, escaped', () => {
    const { head, body: html } = loginShellHtml(bases, { deployment: { name: 'default' }, title: '<b>"A&B"</b>', loadingText: '<i>' }, 'n');
    expect(head).toBe('');
    expect(html).toContain('<span>&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</span>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<p>&lt;i&gt;</p>');
  });

  it("keeps a client's branding from leaving its CSS declaration or naming a script URL", () => {
    const evil = { colors: { background: 'red;}</style><script>alert(1)</script>', surface: 'url(javascript:x)', primary: '#123456' } };
    const { body: html } = loginShellHtml(bases, { deployment, client: { name: 'default', overrides: evil }, logoUrl: 'javascript:alert(1)', loadingText: 'L' }, 'n');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('background:#f6f8fc'); // the default theme's, in place of the refused value
    expect(html).toContain('background:#123456');
    // The service's own theme replaces the deployment's (as on the page): no logo left, so the title.
    expect(html).toContain('<header><div class="s-brand"><span>Unified ID</span></div></header>');
  });

  it('accepts only portal paths and http(s) addresses as images', () => {
    expect(shellImageUrl('/a.svg')).toBe('/a.svg');
    expect(shellImageUrl('//evil.example/a.svg')).toBeNull();
    expect(shellImageUrl('data:image/svg+xml,<svg/>')).toBeNull();
    expect(shellImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });

  it("captions the card in the page's language", () => {
    expect(loadingText('de_DE')).toMatch(/^Wird geladen|^Laden/);
    expect(loadingText('en_US')).toBe('Loading…');
    expect(loadingText('xx_XX')).toBe('Loading…');
  });
});
