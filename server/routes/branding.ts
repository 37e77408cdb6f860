/** Login page info of the client behind a session code, and the demo branding images. */
import type { FastifyInstance } from 'fastify';
import type { LoginPageInfo } from '../../core/contract/auth';
import type { Ctx } from '../context';
import type { ClientTable, LoginSessionTable } from '../db/types';
import { getClient, getLoginSession, loginPageInfo, PORTAL_CLIENT_ID } from '../domain/oauth';
import { isReauthSession, reauthenticationOf } from '../domain/reauth';
import { readSsoCookie } from '../domain/sessions';
import { ok, S, ssoCookie } from '../http/common';

// A Map, not an object: a name from the request (`constructor`, `__proto__`) finds nothing here.
const ASSETS = new Map<string, string>(Object.entries({
  'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#1258d6"/><path d="M11 10v13a9 9 0 0 0 18 0V10" fill="none" stroke="#fff" stroke-width="4"/><text x="50" y="27" font-family="sans-serif" font-size="18" font-weight="700" fill="#1d2433">Unified ID</text></svg>`,
  'demo-logo.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="176" height="40" viewBox="0 0 176 40"><circle cx="20" cy="20" r="18" fill="#0a8f5a"/><path d="M12 20l6 6 11-12" fill="none" stroke="#fff" stroke-width="4"/><text x="46" y="27" font-family="sans-serif" font-size="18" font-weight="700" fill="#1d2433">Demo Service</text></svg>`,
  // The demo service's symbol without its name: the login header writes the name beside it.
  'demo-symbol.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#0a8f5a"/><path d="M12 20l6 6 11-12" fill="none" stroke="#fff" stroke-width="4"/></svg>`,
  // Two partner logos of unusual shapes (very wide, square), for client-theme tests and demos.
  'partner-wide.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="48" viewBox="0 0 480 48"><rect width="48" height="48" rx="6" fill="#0a7d4f"/><path d="M14 24h20M24 14v20" stroke="#fff" stroke-width="5"/><text x="60" y="33" font-family="sans-serif" font-size="26" font-weight="700" fill="#0a4d31">Green Partner Field Services</text></svg>`,
  'partner-square.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#8e24aa"/><circle cx="48" cy="48" r="24" fill="none" stroke="#fff" stroke-width="8"/></svg>`,
  'slide-1.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3a8c"/><stop offset="1" stop-color="#1f8fd6"/></linearGradient></defs><rect width="800" height="600" fill="url(#a)"/><circle cx="600" cy="180" r="120" fill="#fff" fill-opacity=".12"/><circle cx="200" cy="460" r="180" fill="#fff" fill-opacity=".08"/></svg>`,
  'slide-2.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><defs><linearGradient id="b" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#0a6b47"/><stop offset="1" stop-color="#35b37e"/></linearGradient></defs><rect width="800" height="600" fill="url(#b)"/><rect x="480" y="120" width="220" height="220" rx="30" fill="#fff" fill-opacity=".12"/></svg>`,
}));

/** Largest image the login shell writes into the page itself: a few requests' worth of bytes, no more. */
const INLINE_LIMIT = 4096;

/**
 * A branding image of this server as a data: URL, for the login shell (server/http/loginShell.ts):
 * the first paint then needs no image request. Null for any other address or a larger image.
 * (An SVG shown by <img> runs no script, so inlining it adds nothing the page could run.)
 */
export function inlineBrandingImage(url: string): string | null {
  const name = /^\/api\/branding\/([A-Za-z0-9._-]{1,64})$/.exec(url)?.[1];
  const svg = name ? (ASSETS.get(name) ?? null) : null;
  if (!svg || Buffer.byteLength(svg) > INLINE_LIMIT) return null;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * What the login page shows for a login session (or, a mailed link's page, the client it names): the
 * branding call's answer, which the server also writes into /login's HTML (server/http/spa.ts).
 * `client` is the session's client when the caller has read it already.
 */
export async function pageInfoOf(
  ctx: Ctx,
  ls: LoginSessionTable | null,
  options: { client?: ClientTable | null; clientId?: string; sso?: string },
): Promise<LoginPageInfo> {
  // A mailed link's page names its client instead (branding is public, as /authorize shows it).
  // Without either the login page shows the portal's own branding.
  const client =
    (ls && (options.client ?? (await getClient(ctx, ls.client_id)))) || (!ls && (await getClient(ctx, options.clientId))) || (await getClient(ctx, PORTAL_CLIENT_ID));
  const reauthenticate = reauthenticationOf(ls, await readSsoCookie(ctx, options.sso));
  return { ...loginPageInfo(client!), ...(reauthenticate ? { reauthenticate } : {}) };
}

/**
 * The same answer for /login's HTML, from the session (and its client) the page has read. The page's
 * request carries no SSO cookie (it is scoped to /api), so a re-authentication, whose answer names the
 * signed-in account, is left to the call: null then.
 */
export async function pageInfoForPage(ctx: Ctx, ls: LoginSessionTable | null, client: ClientTable | null): Promise<LoginPageInfo | null> {
  return isReauthSession(ls) ? null : pageInfoOf(ctx, ls, { client });
}

export function brandingRoutes(ctx: Ctx) {
  return async (api: FastifyInstance) => {
    api.get<{ Querystring: { sessionCode?: string; session_code?: string; clientId?: string } }>(
      '/client/custom/banner-and-logo',
      { schema: { querystring: { type: 'object', properties: { sessionCode: S.str(128), session_code: S.str(128), clientId: S.str(128) } } } },
      async (req) => ok(await pageInfoOf(ctx, await getLoginSession(ctx, req.query.sessionCode ?? req.query.session_code), { clientId: req.query.clientId, sso: ssoCookie(req) })),
    );

    api.get<{ Params: { name: string } }>(
      '/branding/:name',
      { schema: { params: { type: 'object', properties: { name: { type: 'string', maxLength: 64 } }, required: ['name'] } } },
      async (req, reply) => {
        const svg = ASSETS.get(req.params.name);
        if (!svg) return reply.status(404).send({ errorCode: -10020, message: 'No such image.' });
        // Logos are the login page's largest paint: kept a week, and shown from cache while revalidated for a month after.
        return reply.header('Cache-Control', 'public, max-age=604800, stale-while-revalidate=2592000').header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").type('image/svg+xml').send(svg);
      },
    );
  };
}
