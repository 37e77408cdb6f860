/**
 * Start-up check of the connected services' branding, and the image sources the SPA's CSP
 * must allow for it. A logo or slide the page's CSP would block is refused here, by client
 * and field, instead of showing as a broken image on that client's login page.
 */
import type { ClientConfig } from '../options';

export interface BrandingCheckOptions {
  /** The portal's own origin: its URLs are covered by `'self'`. */
  publicOrigin: string;
  /** Production allows no plain-http image host; development also allows loopback hosts. */
  production: boolean;
  /** The discovered base themes (themes/<name>.theme.ts) a client theme may name. */
  themeNames: readonly string[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The image fields of a client's branding, named as in CLIENTS_FILE. */
function imageFields(branding: NonNullable<ClientConfig['branding']>): Array<[field: string, url: string | undefined]> {
  return [
    ['branding.logoUrl', branding.logoUrl],
    ['branding.titleLogoUrl', branding.titleLogoUrl],
    ...(branding.carousel ?? []).map((slide, i): [string, string | undefined] => [`branding.carousel[${i}].fileUrl`, slide.fileUrl]),
  ];
}

/**
 * The CSP source an image URL needs: null for the portal's own origin ('self'), the URL's
 * origin for another allowed host, or a reason it cannot be shown.
 */
export function imageSource(url: string, options: Pick<BrandingCheckOptions, 'publicOrigin' | 'production'>): { source: string | null } | { refused: string } {
  // A path of this site ('/x', never the protocol-relative '//host' or '/\host').
  if (/^\/(?![/\\])/.test(url)) return { source: null };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refused: 'is neither an absolute URL nor a path of this site (starting with one /)' };
  }
  if (parsed.username || parsed.password) return { refused: 'must not carry a user name or password' };
  if (parsed.origin === options.publicOrigin) return { source: null };
  if (parsed.protocol === 'https:') return { source: parsed.origin };
  if (parsed.protocol === 'http:' && !options.production && LOOPBACK.has(parsed.hostname)) return { source: parsed.origin };
  return {
    refused: options.production
      ? 'must be an https URL or a path of this site'
      : 'must be an https URL, a path of this site, or http on a loopback host (development only)',
  };
}

/**
 * Checks every client's branding images and theme name. Returns the extra `img-src` sources
 * (sorted, without duplicates) the SPA's CSP needs; throws one error listing every problem.
 */
export function brandingImageSources(clients: readonly ClientConfig[], options: BrandingCheckOptions): string[] {
  const sources = new Set<string>();
  const problems: string[] = [];
  for (const client of clients) {
    const branding = client.branding;
    if (!branding) continue;
    for (const [field, url] of imageFields(branding)) {
      if (url === undefined || url === '') continue;
      const result = imageSource(url, options);
      if ('refused' in result) problems.push(`client '${client.id}' ${field} '${url}' ${result.refused}: the login page's Content-Security-Policy would block it.`);
      else if (result.source) sources.add(result.source);
    }
    const themeName = branding.theme?.name;
    if (branding.theme && (typeof themeName !== 'string' || !options.themeNames.includes(themeName))) {
      problems.push(`client '${client.id}' branding.theme.name '${String(themeName)}' is not a theme; themes are ${options.themeNames.map((n) => `'${n}'`).join(', ')} (themes/<name>.theme.ts).`);
    }
  }
  if (problems.length > 0) throw new Error(`Connected services' branding refused:\n  ${problems.join('\n  ')}`);
  return [...sources].sort();
}
