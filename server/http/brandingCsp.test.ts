import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../options';
import { brandingImageSources, imageSource } from './brandingCsp';

const dev = { publicOrigin: 'http://127.0.0.1:8080', production: false, themeNames: ['default', 'midnight'] };
const prod = { ...dev, publicOrigin: 'https://id.vendor.example', production: true };

const client = (id: string, branding: ClientConfig['branding']): ClientConfig => ({ id, name: id, redirectUris: ['https://svc.example/cb'], branding });

describe('imageSource: what the CSP needs to show a branding image', () => {
  it("keeps the portal's own paths and origin under 'self'", () => {
    expect(imageSource('/api/branding/logo.svg', dev)).toEqual({ source: null });
    expect(imageSource('http://127.0.0.1:8080/api/branding/logo.svg', dev)).toEqual({ source: null });
    expect(imageSource('https://id.vendor.example/brand/a.png', prod)).toEqual({ source: null });
  });

  it('adds the origin of an https host', () => {
    expect(imageSource('https://cdn.partner.example/img/logo.svg?v=2', prod)).toEqual({ source: 'https://cdn.partner.example' });
    expect(imageSource('https://cdn.partner.example:8443/logo.svg', dev)).toEqual({ source: 'https://cdn.partner.example:8443' });
  });

  it('allows plain http only on a loopback host in development', () => {
    expect(imageSource('http://localhost:9000/logo.svg', dev)).toEqual({ source: 'http://localhost:9000' });
    expect(imageSource('http://[::1]:9000/logo.svg', dev)).toEqual({ source: 'http://[::1]:9000' });
    expect(imageSource('http://localhost:9000/logo.svg', prod)).toHaveProperty('refused');
    expect(imageSource('http://cdn.partner.example/logo.svg', dev)).toHaveProperty('refused');
  });

  it('refuses other schemes, protocol-relative URLs, credentials and relative paths', () => {
    for (const url of ['data:image/svg+xml,<svg/>', 'javascript:alert(1)', '//cdn.partner.example/logo.svg', '/\\cdn.partner.example/x', 'logo.svg', 'https://user:pw@cdn.partner.example/logo.svg', 'ftp://cdn.partner.example/logo.svg']) {
      expect(imageSource(url, dev), url).toHaveProperty('refused');
    }
  });
});

describe('brandingImageSources: the start-up check of every client', () => {
  it('collects the extra img-src origins of logos, title logos and slides, once each, sorted', () => {
    const sources = brandingImageSources(
      [
        client('b', { logoUrl: 'https://cdn.b.example/logo.svg', carousel: [{ fileUrl: 'https://img.b.example/1.jpg' }, { fileUrl: 'https://img.b.example/2.jpg' }] }),
        client('a', { logoUrl: '/api/branding/logo.svg', titleLogoUrl: 'https://cdn.a.example/title.png', theme: { name: 'midnight' } }),
        client('plain', undefined),
      ],
      prod,
    );
    expect(sources).toEqual(['https://cdn.a.example', 'https://cdn.b.example', 'https://img.b.example']);
  });

  it('refuses a branding URL the CSP would block, naming the client and the field', () => {
    expect(() => brandingImageSources([client('partner-a', { logoUrl: 'http://cdn.partner.example/logo.png' })], prod)).toThrow(
      /client 'partner-a' branding\.logoUrl 'http:\/\/cdn\.partner\.example\/logo\.png' must be an https URL or a path of this site/,
    );
    expect(() => brandingImageSources([client('partner-b', { carousel: [{ fileUrl: '/ok.svg' }, { fileUrl: 'data:image/png;base64,AAAA' }] })], dev)).toThrow(
      /client 'partner-b' branding\.carousel\[1\]\.fileUrl/,
    );
  });

  it('refuses a theme that names no discovered base theme, and lists every problem at once', () => {
    let message = '';
    try {
      brandingImageSources(
        [client('green', { theme: { name: 'green' } }), client('logo', { titleLogoUrl: 'ftp://x.example/t.png' }), client('fine', { theme: { name: 'default', overrides: { colors: { primary: '#0a7d4f' } } } })],
        dev,
      );
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("client 'green' branding.theme.name 'green' is not a theme; themes are 'default', 'midnight'");
    expect(message).toContain("client 'logo' branding.titleLogoUrl 'ftp://x.example/t.png'");
    expect(message).not.toContain("'fine'");
  });
});
