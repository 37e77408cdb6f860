/**
 * Who may use the spec's hand-off endpoints (`/api/token`, `/api/refresh-token`) and whose tokens
 * reach which part of the portal API.
 *
 * - A confidential client (one configured with a secret) proves itself at the token endpoint with
 *   the one method it is registered for (RFC 6749 2.3.1), for codes and refreshes alike: a code
 *   issued to it by an attacker-built authorization request is useless without its secret.
 * - The portal API's audience is the portal's own clients (its pages and the partner apps that
 *   embed them). A connected service's token reaches only the routes marked `serviceTokens`
 *   (who is signed in, sign-out), never profile, security or company changes.
 */
import { APP_CLIENT_IDS } from '../../core/contract/partnerApp';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import type { ClientTable } from '../db/types';
import { fail } from '../http/errors';
import { clientSecretMatches, isConfidential } from './clientSecretCheck';
import { safeEqual } from './crypto';
import { PORTAL_CLIENT_ID } from './oauth';

const PORTAL_CLIENTS: ReadonlySet<string> = new Set([PORTAL_CLIENT_ID, ...Object.values(APP_CLIENT_IDS)]);

/** Tokens of these clients reach the whole portal API. */
export function isPortalClient(clientId: string): boolean {
  return PORTAL_CLIENTS.has(clientId);
}

/** The registered method of a confidential client, or null for a public one. */
export function clientAuthMethod(ctx: Pick<Ctx, 'options'>, clientId: string): 'client_secret_basic' | 'client_secret_post' | null {
  const client = ctx.options.clients.find((c) => c.id === clientId);
  if (!client || !isConfidential(client)) return null;
  return client.tokenEndpointAuthMethod ?? 'client_secret_basic';
}

/** RFC 6749 2.3.1: `Basic base64(urlencode(id) ":" urlencode(secret))`; null when the header is not that. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const form = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: form(decoded.slice(0, colon)), secret: form(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/**
 * A confidential client must present its secret by its registered method, and no other; a public
 * client must not present one (it has none). Failures answer 401 -3090 (RFC 6749's invalid_client).
 */
export function authenticateClient(ctx: Pick<Ctx, 'options' | 'now'>, client: ClientTable, given: { authorization?: string; clientSecret?: string }): void {
  const method = clientAuthMethod(ctx, client.id);
  const basic = basicCredentials(given.authorization);
  if (method === null) {
    if (basic || given.clientSecret !== undefined) fail(E.invalidClient, undefined, 'This client authenticates with PKCE, not a secret.', 401);
    return;
  }
  const secret = method === 'client_secret_basic' ? (basic && safeEqual(basic.id, client.id) ? basic.secret : undefined) : given.clientSecret;
  const other = method === 'client_secret_basic' ? given.clientSecret !== undefined : basic !== null;
  // The configured client, not the table's row: it has the previous secret of a rotation too.
  const configured = ctx.options.clients.find((c) => c.id === client.id);
  if (other || secret === undefined || !configured || !clientSecretMatches(configured, secret, ctx.now())) {
    fail(E.invalidClient, undefined, `Client authentication failed: this client authenticates with ${method}.`, 401);
  }
}

/** Routes a connected service's token may call (see requireAuth). */
declare module 'fastify' {
  interface FastifyContextConfig {
    serviceTokens?: boolean;
  }
}

/** The portal API's audience check: 403 -40005 for a service's token on a portal-only route. */
export function requirePortalAudience(clientId: string, serviceRoute: boolean): void {
  if (!serviceRoute && !isPortalClient(clientId)) fail(E.permissionDenied, undefined, 'This token was issued to a connected service; it does not reach this part of the portal.');
}
