/**
 * Serving the built SPA from dist/: assets (hashed names: immutable, a year; precompressed
 * brotli or gzip as the browser accepts) and every other non-API GET with
 * index.html (fresh CSP nonce per response, optional serve-time config), and the security
 * headers of every response.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { OPS_PATH } from '../../core/contract/ops';
import type { Ctx } from '../context';
import { webConfigFile } from '../plugin-host/switches';
import type { ClientConfig } from '../options';
import { getClient, getLoginSession, loginPageInfo } from '../domain/oauth';
import { appConfigFor } from './appConfig';
import { BOOT_SCRIPT_SOURCE, bootAfterPaint } from './bootAfterPaint';
import { authorizeEverywhere, cachedFile, loginStartPage, qualifiesForLoginStart } from './loginStart';
import { isLanguageCode } from '../../core/i18n/languages';
import { loadBaseThemes, loadingText, loginShellHtml, shellImageUrl } from './loginShell';
import { enabledEverywhere, preloadFiles, preloadTags, type PreloadManifest } from './preloadHints';
import type { WrittenLoginPageInfo } from '../../core/contract/auth';
import { inlineBrandingImage, pageInfoForPage } from '../routes/branding';
import { escapeHtml as escapeAttribute } from './html';

/**
 * The SPA's CSP; `imageSources`: the connected services' branding hosts (server/http/brandingCsp.ts);
 * `formTargets`: the origins of registered post-logout redirect URIs, where the sign-out page's
 * form post is redirected to (browsers apply form-action to that redirect too).
 */
export function spaCsp(nonce: string, imageSources: readonly string[] = [], formTargets: readonly string[] = [], scriptSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(' '),
    `style-src 'self' 'nonce-${nonce}'`,
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formTargets].join(' '),
  ].join('; ');
}

/** Distinct origins of the clients' post-logout redirect URIs (checked absolute URLs). */
export function postLogoutOrigins(clients: readonly ClientConfig[]): string[] {
  const origins = new Set<string>();
  for (const client of clients) for (const uri of client.postLogoutRedirectUris ?? []) origins.add(new URL(uri).origin);
  return [...origins];
}

export function newNonce(): string {
  return crypto.randomBytes(18).toString('base64');
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers for every response; API responses are never cached and never framed. */
export function apiSecurityHeaders(ctx: Ctx, req: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (ctx.options.publicOrigin.startsWith('https:')) reply.header('Strict-Transport-Security', HSTS);
  const url = req.url;
  if (url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/')) {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  }
}

/**
 * The same headers for the OpenID provider's answers, which Fastify does not send (the provider
 * writes them itself). Its CSP has an empty `script-src`, which allows no script: oidc-provider
 * adds the hash of the one inline script of its `form_post` page there, and nothing else runs.
 */
export function oidcSecurityHeaders(ctx: Ctx): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(ctx.options.publicOrigin.startsWith('https:') ? { 'Strict-Transport-Security': HSTS } : {}),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; script-src; frame-ancestors 'none'; base-uri 'none'",
  };
}

/** The console's pages (/ops, /ops/…) run the console's config; the others the web's or a partner app's. */
export function isConsolePath(pathname: string): boolean {
  return pathname === OPS_PATH || pathname.startsWith(`${OPS_PATH}/`);
}

function configFileFor(ctx: Ctx, pathname: string, query: URLSearchParams, cookie: string | undefined): string | undefined {
  const options = ctx.options;
  if (isConsolePath(pathname)) return options.opsConfigFile ?? undefined;
  // An operator's version of the web config (config versions) reaches the page even where the build baked the file in.
  return appConfigFor(options.appConfigFiles, query, cookie) ?? options.portalConfigFile ?? (ctx.configs.webChangedFromFile() ? webConfigFile(options) : undefined);
}

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The page, compressed as the browser accepts (brotli, else gzip): on a slow mobile link its few
 * kilobytes are the first paint's only download. Fast settings: it is written per request.
 */
function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  return reply.send(html);
}

interface IndexCache {
  mtimeMs: number;
  html: string;
}

export async function registerSpa(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const dist = ctx.options.distDir;
  const indexFile = path.join(dist, 'index.html');
  let cache: IndexCache | null = null;
  // Loaded once; a failure surfaces on the first /login (the promise rejects there), not at start.
  const baseThemes = loadBaseThemes();
  baseThemes.catch(() => undefined);
  const startHtml = cachedFile(path.join(dist, 'login-start.html'));
  const preloadJson = cachedFile(path.join(dist, 'preload.json'));
  let preload: { text: string; manifest: PreloadManifest } | null = null;
  function preloadManifest(): PreloadManifest | null {
    const text = preloadJson();
    if (!text) return null;
    if (preload?.text !== text) preload = { text, manifest: JSON.parse(text) as PreloadManifest };
    return preload.manifest;
  }

  function indexHtml(): string | null {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return null;
    if (!cache || cache.mtimeMs !== stat.mtimeMs) cache = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return cache.html;
  }

  await app.register(fastifyStatic, {
    root: path.join(dist, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    wildcard: true,
    cacheControl: true,
    maxAge: 365 * 86_400_000,
    immutable: true,
    // The build writes a .br and a .gz beside every text asset (core/build/precompress.mjs).
    preCompressed: true,
    setHeaders: (res) => res.setHeader('Vary', 'Accept-Encoding'),
  });

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.status(404).send({ errorCode: E.badRequest, message: 'Unknown API path.' });
    }
    if (pathname.startsWith('/assets/') || pathname.startsWith('/.well-known/')) return reply.status(404).type('text/plain').send('Not found');
    // Top-level files of dist/ (favicon, robots.txt, manifest).
    const name = pathname.slice(1);
    if (/^[A-Za-z0-9._-]+\.[A-Za-z0-9]+$/.test(name) && name !== 'index.html') {
      const file = path.join(dist, name);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat?.isFile()) {
        const types: Record<string, string> = { '.ico': 'image/x-icon', '.svg': 'image/svg+xml', '.png': 'image/png', '.txt': 'text/plain; charset=utf-8', '.json': 'application/json', '.webmanifest': 'application/manifest+json' };
        return reply.header('Cache-Control', 'public, max-age=3600').type(types[path.extname(name)] ?? 'application/octet-stream').send(fs.createReadStream(file));
      }
    }
    const html = indexHtml();
    const nonce = newNonce();
    // The portal's addresses can hold secrets (an app's tokens, /token's code) until the page
    // cleans them up: no request the page makes, not even for its first scripts, names them.
    // The clients' image hosts, as checked at start or after the last good CLIENTS_FILE edit.
    const csp = (scriptSources: readonly string[] = []) => spaCsp(nonce, ctx.configs.imageSources(), postLogoutOrigins(ctx.options.clients), scriptSources);
    reply.header('Content-Security-Policy', csp()).header('Cache-Control', 'no-cache').header('Referrer-Policy', 'no-referrer');
    if (!html) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>Unified ID</title><p>The portal has not been built yet. Run <code>npm run build</code> and reload. The API is available under /api.</p>');
    }
    const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
    // Checked at start and on every change; a bad edit keeps the last good version here.
    const file = configFileFor(ctx, pathname, query, req.headers.cookie);
    const deployment = file ? ctx.configs.deployment(file) : null;
    const config = deployment?.html;
    // A bare /login goes on to /authorize without the app (server/http/loginStart.ts).
    // Not for a partner app's page (its launch cookie chose its own config): its app boots as it always did.
    const webConfig = !file || (file === webConfigFile(ctx.options) && deployment !== null && authorizeEverywhere(deployment.enabled));
    const start = qualifiesForLoginStart(pathname, query) && webConfig ? loginStartPage(startHtml(), html) : null;
    let out = (start ?? html).replace(/__CSP_NONCE__/g, nonce);
    if (config) out = out.replace('</head>', `<script type="application/json" id="portal-config">${config}</script></head>`);
    const sessionCode = query.get('session_code');
    const forSession = pathname === '/login' && !start && sessionCode !== null && sessionCode !== '' && sessionCode.length <= 128;
    // The login session and its service, read once: the shell's branding and the page's written data.
    const ls = forSession ? await getLoginSession(ctx, sessionCode) : null;
    const client = ls ? await getClient(ctx, ls.client_id) : null;
    const page = client ? loginPageInfo(client) : null;
    // The branding call's answer for this very address, written into the page below: the login page
    // needs no call for it (plugins/login-layout/pageInfo.ts takes it once, for the same session code).
    const info = forSession ? await pageInfoForPage(ctx, ls, client) : null;
    let shownLogo: string | null = null;
    const manifest = start ? null : preloadManifest();
    let shellWritten = false;
    if (manifest) {
      const enabled = deployment ? enabledEverywhere(deployment.enabled) : file ? [] : manifest.enabled;
      const files = preloadFiles(manifest, enabled, pathname, query, deployment?.config.defaultLanguage);
      let hintsWritten = false;
      // The login page's frame, painted before any script runs (server/http/loginShell.ts). The web login only:
      // a partner app's page has its own frame.
      const look = deployment ? { variant: deployment.config.variant, theme: deployment.config.theme } : manifest.shell;
      if (pathname === '/login' && look?.variant === 'web' && enabled.includes('login-layout')) {
        const asked = query.get('lang');
        // As the page will choose, short of the visitor's stored choice (not known here): the address's, the service's, the deployment's.
        const language = [asked, page?.language, deployment?.config.defaultLanguage, manifest.defaultLanguage].find(isLanguageCode) ?? 'en_US';
        const brand = { deployment: look.theme, client: page?.theme, title: page?.title, logoUrl: page?.logoUrl, titleLogoUrl: page?.titleLogoUrl, loadingText: loadingText(language), inline: inlineBrandingImage, pageInlines: info !== null };
        const shell = loginShellHtml(await baseThemes, brand, nonce);
        shownLogo = shell.logo;
        // Right after the charset, ahead of the scripts: the logo is the first thing the browser asks for.
        const top = out.includes('<meta charset="utf-8">') ? '<meta charset="utf-8">' : '<head>';
        out = out.replace(top, `${top}${shell.head}`).replace('<div id="root"></div>', `${shell.body}<div id="root"></div>`);
        // The shell needs none of the app's code to paint: the app's scripts and data start after it has painted.
        const booted = bootAfterPaint(out, files);
        if (booted) {
          out = booted.html;
          hintsWritten = true;
          reply.header('Content-Security-Policy', csp([BOOT_SCRIPT_SOURCE]));
        }
        shellWritten = true;
      }
      if (!hintsWritten) out = out.replace('</head>', `${preloadTags(files)}</head>`);
    }
    if (info && sessionCode) {
      // Data, not script. This server's small logos go with it as bytes, as in the shell: the page's <img> needs no request.
      const inlineImages: Record<string, string> = {};
      for (const url of [info.logoUrl, info.titleLogoUrl, shownLogo]) {
        const data = url ? inlineBrandingImage(url) : null;
        if (url && data) inlineImages[url] = data;
      }
      const written: WrittenLoginPageInfo = { ...info, inlineImages };
      out = out.replace('</head>', `<script type="application/json" id="login-page-info" data-session-code="${escapeAttribute(sessionCode)}">${jsonInScript(written)}</script></head>`);
    }
    const logo = shellWritten ? null : shellImageUrl(page?.logoUrl);
    // Without a shell the header logo is still a hand-off page's largest paint: fetched with the first scripts, not after the branding call.
    if (logo) out = out.replace('</head>', `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(logo)}"></head>`);
    return sendHtml(req, reply, out);
  });
}
