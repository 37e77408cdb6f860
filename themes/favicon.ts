/**
 * The portal's tab icon (the mark of themes/default.favicon.svg) in a theme's own colours, as a
 * data URL: a theme needs no file of its own, and the page's CSP allows data: images.
 */
export function faviconDataUrl(background: string, foreground: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${background}"/>` +
    `<circle cx="16" cy="12" r="5" fill="${foreground}"/><path d="M6.5 26.5c1.4-5.2 5-8 9.5-8s8.1 2.8 9.5 8z" fill="${foreground}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A favicon URL a theme may name: a path on this portal, http(s), or an inline image; null otherwise. */
export function safeFaviconUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  if (/^data:image\/(svg\+xml|png|x-icon|vnd\.microsoft\.icon)[;,]/i.test(url)) return url;
  if (/^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url)) return url;
  return null;
}
