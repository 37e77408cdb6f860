/**
 * Cross-site request forgery defence for the API. A page of another origin can make the
 * browser send a form post or a no-cors fetch to the API, and the browser adds the SSO cookie
 * (SameSite=Lax keeps it off cross-site posts, but not off posts from a sibling origin of the
 * same site, such as another port or subdomain). So for every state-changing call:
 *
 * - an `Origin` that is not the portal's, and `Sec-Fetch-Site: cross-site` (or `same-site`
 *   without the portal's Origin), are refused;
 * - a body must be JSON, unless the route takes a form (`/token`, as OAuth clients' back ends
 *   post it) or an upload; a cross-site form can send nothing else;
 * - a route that the SSO cookie authenticates, or that sets it, needs the portal's request
 *   header (`HEADERS.portalRequest`), which only a same-origin script can add.
 *
 * Calls without these browser headers (a connected service's back end) pass the first check;
 * they carry no cookie, so the header is only needed where a call sets one (`/login`).
 */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { HEADERS, PORTAL_REQUEST_VALUE } from '../../core/contract/headers';
import type { Ctx } from '../context';
import { ssoCookie } from './common';
import { fail } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `always`: the call signs a browser in (sets the SSO cookie), so it must come from the
     * portal even without a cookie (login CSRF). `withCookie`: the call acts on the cookie's
     * session when one is sent (a bearer-only call from a back end needs no header).
     */
    portalOnly?: 'always' | 'withCookie';
    /** Body types besides JSON the route takes. */
    bodies?: ReadonlyArray<'form' | 'multipart'>;
    /**
     * `signed-answer`: another site's page posts here by design (a SAML provider's answer, HTTP-POST
     * binding); the route authenticates the message by its signature, and sets or reads no cookie of
     * the portal's. The origin checks are skipped; the body types still hold.
     */
    crossSite?: 'signed-answer';
  }
}

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PORTAL_HEADER = HEADERS.portalRequest.toLowerCase();
const MEDIA_TYPES = { form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;

export const NOT_FROM_PORTAL = 'This call must come from the portal.';

function single(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The portal's origin, or the origin the request was addressed to (a same-origin page). */
function isPortalOrigin(ctx: Ctx, req: FastifyRequest, origin: string): boolean {
  if (origin === new URL(ctx.options.publicOrigin).origin) return true;
  return origin === `${req.protocol}://${req.host}`;
}

function refuse(reason: string): never {
  fail(E.badRequest, { reason }, NOT_FROM_PORTAL, 403);
}

/** Throws -10010 for a state-changing call that may not come from the portal's own pages. */
export function checkPortalRequest(ctx: Ctx, req: FastifyRequest): void {
  if (!UNSAFE_METHODS.has(req.method)) return;
  const config = req.routeOptions.config;
  const origin = single(req, 'origin');
  const fromPortalOrigin = origin !== undefined && isPortalOrigin(ctx, req, origin);
  const site = single(req, 'sec-fetch-site');
  if (config.crossSite !== 'signed-answer') {
    if (origin !== undefined && !fromPortalOrigin) refuse('origin');
    if (site === 'cross-site' || (site === 'same-site' && !fromPortalOrigin)) refuse('origin');
  }

  const mediaType = (single(req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  // A route another site posts to takes only the bodies it declares (not JSON, which no form sends).
  const jsonTaken = config.crossSite === undefined;
  if ((mediaType || !jsonTaken) && !(jsonTaken && mediaType === 'application/json') && !(config.bodies ?? []).some((kind) => MEDIA_TYPES[kind] === mediaType)) {
    fail(E.badRequest, { reason: 'content-type' }, 'Unsupported content type: send JSON.', 415);
  }

  const needsHeader = config.portalOnly === 'always' || (config.portalOnly === 'withCookie' && ssoCookie(req) !== undefined);
  if (needsHeader && single(req, PORTAL_HEADER) !== PORTAL_REQUEST_VALUE) refuse('header');
}
