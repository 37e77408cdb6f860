/**
 * The login shell (issue 17): the server writes the login page's frame (background, header with
 * the service's logo or title, the empty card, the banner panel from 1024 px) into the HTML of
 * `/login`, so the first paint, and on a phone the largest one (the header logo), need no
 * JavaScript. It mirrors plugins/login-layout/LoginLayout.tsx box for box, sits over the root as
 * one fixed layer, and the SPA removes it in the commit that first shows its own page
 * (core/app/BootShellRelease.tsx): nothing under it moves, so no layout shift is counted.
 * Without JavaScript it stays, and its card says what the page needs.
 * Styles go in one nonce'd <style>; every value is escaped for its context.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clientThemeFrom, composeFrom, type ThemeChoice } from '../../themes/compose';
import type { ThemeTokens } from '../../themes/tokens';
import { escapeHtml } from './html';

/** The login layout's HEADER_LOGO and TITLE_LOGO (tests/e2e/login-shell.e2e.ts compares the boxes in the browser). */
export const SHELL_HEADER_LOGO = { width: 200, height: 32 } as const;
export const SHELL_TITLE_LOGO = { width: 280, height: 40 } as const;
/** The header's height in the SPA: its padding around the language button (36 px). */
const HEADER_INNER_HEIGHT = 36;

export interface ShellBrand {
  /** The deployment's theme choice, then the connected service's, as the login page composes them. */
  deployment: ThemeChoice;
  client?: ThemeChoice | null;
  title?: string | null;
  logoUrl?: string | null;
  titleLogoUrl?: string | null;
  /** The card's caption ("Loading…") in the page's language: the first paint is text, no image needed. */
  loadingText: string;
  /** A logo's bytes as a data: URL when the server has them and they are small (else null): then the first paint needs no image request. */
  inline?: (url: string) => string | null;
  /** The page's own data (its written branding, server/http/spa.ts) carries the inlined logo too: nothing to preload then. */
  pageInlines?: boolean;
}

const THEME_FILE = /^([a-z][a-z0-9-]*)\.theme\.ts$/;

/** The base themes, as the build finds them (themes/<name>.theme.ts, default export). */
export async function loadBaseThemes(dir = fileURLToPath(new URL('../../themes/', import.meta.url))): Promise<Record<string, ThemeTokens>> {
  const out: Record<string, ThemeTokens> = {};
  for (const file of readdirSync(dir).sort()) {
    const name = THEME_FILE.exec(file)?.[1];
    if (!name) continue;
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: ThemeTokens };
    out[name] = mod.default;
  }
  return out;
}

const loadingTexts = new Map<string, string>();

/** core:app.loading of a language (locales/<lang>/core.json, read once), English when it has none. */
export function loadingText(language: string, dir = fileURLToPath(new URL('../../locales/', import.meta.url))): string {
  if (!/^[a-z]{2}_[A-Z]{2}$/.test(language)) return 'Loading…';
  const known = loadingTexts.get(language);
  if (known) return known;
  let text = 'Loading…';
  try {
    const core = JSON.parse(readFileSync(path.join(dir, language, 'core.json'), 'utf8')) as { app?: { loading?: unknown } };
    if (typeof core.app?.loading === 'string') text = core.app.loading;
  } catch {
    // no such language file: English
  }
  loadingTexts.set(language, text);
  return text;
}

/** A CSS value from a theme (a client's branding is data): anything that could leave the declaration is dropped. */
function cssValue(value: string, fallback: string): string {
  return /^[^;{}<>\\@]*$/.test(value) && !/url\s*\(|expression/i.test(value) ? value : fallback;
}

/** A logo address the page may load: a path on this portal or an http(s) URL (as the layout's safeUrl). */
export function shellImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^\/[^/\\]/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

export interface LoginShell {
  /** For the top of <head>: a preload of the logo the shell shows, the page's largest paint on a phone, ahead of every script. */
  head: string;
  /** For the top of <body>: the shell's style and markup. */
  body: string;
  /** The logo it shows (its address), if any. */
  logo: string | null;
}

export function loginShellHtml(bases: Readonly<Record<string, ThemeTokens>>, brand: ShellBrand, nonce: string): LoginShell {
  const theme =
    clientThemeFrom(bases, brand.deployment, brand.client, brand.title) ?? composeFrom(bases, brand.deployment.name, brand.deployment.overrides);
  const fallback = composeFrom(bases, 'default');
  const c = (pick: (t: ThemeTokens) => string) => cssValue(pick(theme), pick(fallback));
  const large = theme.breakpoints.large;
  const logo = shellImageUrl(brand.logoUrl) ?? shellImageUrl(theme.brand.logoUrl);
  const titleLogo = shellImageUrl(brand.titleLogoUrl);
  const title = brand.title || theme.brand.title || 'Unified ID';
  // As the layout's LoginBrand: a service's name is written beside its logo; the deployment's own logo may be its wordmark.
  const nameShown = Boolean(brand.title) || !logo || !theme.brand.logoIncludesTitle;

  const css = [
    `#boot-shell{position:fixed;inset:0;z-index:2147483000;display:flex;overflow:hidden;background:${c((t) => t.colors.background)};font-family:${c((t) => t.font.family)};color:${c((t) => t.colors.text)}}`,
    `#boot-shell .s-banner{display:none;flex:0 0 44%;max-width:720px;background:${c((t) => t.colors.primary)}}`,
    `#boot-shell .s-col{flex:1 1 auto;display:flex;flex-direction:column;min-width:0}`,
    `#boot-shell header{display:flex;align-items:center;box-sizing:content-box;min-height:${HEADER_INNER_HEIGHT}px;padding:${theme.space(4)} ${theme.space(5)}}`,
    `#boot-shell .s-brand{display:flex;align-items:center;gap:${theme.space(3)};min-width:0;flex:0 1 auto}`,
    // The logo's box as before the brand had a name beside it: sized to the name (auto, a share of the width) it moved the largest paint to the page's own, 2.3 s instead of 0.7 s (lighthouse).
    `#boot-shell header img{display:block;width:${SHELL_HEADER_LOGO.width}px;max-width:100%;height:${SHELL_HEADER_LOGO.height}px;object-fit:contain;object-position:left center}`,
    `[dir="rtl"] #boot-shell header img{object-position:right center}`,
    `#boot-shell header span{font-weight:700;font-size:${c((t) => t.font.sizeLg)};min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}`,
    `#boot-shell main{flex:1 0 auto;display:flex;justify-content:center;align-items:flex-start;padding:${theme.space(2)} ${theme.space(4)} ${theme.space(8)}}`,
    `#boot-shell .s-card{box-sizing:border-box;width:100%;max-width:440px;min-height:360px;background:${c((t) => t.colors.surface)};border-radius:${c((t) => t.radius.lg)};box-shadow:${c((t) => t.shadow.card)};padding:${theme.space(8)} ${theme.space(6)}}`,
    `#boot-shell .s-card img{display:block;width:100%;max-width:${SHELL_TITLE_LOGO.width}px;height:${SHELL_TITLE_LOGO.height}px;object-fit:contain;margin:0 auto ${theme.space(4)}}`,
    `#boot-shell .s-card p{margin:${theme.space(8)} 0 0;text-align:center;font-size:${c((t) => t.font.sizeSm)};color:${c((t) => t.colors.textMuted)}}`,
    `@media (min-width:${large}px){#boot-shell .s-banner{display:block}#boot-shell .s-card{margin-top:${theme.space(10)}}}`,
  ].join('');

  // The page's own <img> asks for the address (preloaded in the head, so it is there when the page replaces the shell),
  // unless the page's written branding carries the same inlined image.
  const src = (url: string) => escapeHtml(brand.inline?.(url) ?? url);
  // The header as the layout draws it (LoginBrand): the logo, and the name beside it; a title logo goes in the card besides.
  const header =
    `<div class="s-brand">` +
    (logo ? `<img src="${src(logo)}" alt="${nameShown ? '' : escapeHtml(title)}" width="${SHELL_HEADER_LOGO.width}" height="${SHELL_HEADER_LOGO.height}" fetchpriority="high">` : '') +
    (nameShown ? `<span>${escapeHtml(title)}</span>` : '') +
    `</div>`;
  const cardLogo = titleLogo
    ? `<img src="${src(titleLogo)}" alt="${escapeHtml(title)}" width="${SHELL_TITLE_LOGO.width}" height="${SHELL_TITLE_LOGO.height}" fetchpriority="high">`
    : '';
  const caption = `<p>${escapeHtml(brand.loadingText)}</p>`;
  const shown = titleLogo ?? logo;
  const head = shown && !(brand.pageInlines && brand.inline?.(shown)) ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(shown)}">` : '';
  // aria-hidden: the SPA's page is what assistive technology reads; the shell is only its first frame.
  const body =
    `<style nonce="${escapeHtml(nonce)}">${css}</style>` +
    `<div id="boot-shell" aria-hidden="true"><div class="s-banner"></div><div class="s-col"><header>${header}</header>` +
    `<main><div class="s-card">${cardLogo}${caption}<noscript>The Unified ID portal needs JavaScript.</noscript></div></main></div></div>`;
  return { head, body, logo: shown };
}
