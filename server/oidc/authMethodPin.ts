/**
 * A client authenticates at the provider's token, introspection and revocation endpoints with its
 * registered `token_endpoint_auth_method` only (RFC 6749 2.3.1; OpenID Connect Core 9).
 *
 * oidc-provider takes a secret in the Authorization header and one in the body as the same
 * mechanism (shared/client_auth.js accepts either for a client_secret_basic or client_secret_post
 * client); its configuration has no per-client switch, only the list of methods it takes at all.
 * So the provider is configured with the methods registered clients use and no other
 * (`clientAuthMethods`): where every confidential client uses one method, the other's parameter
 * is not even read. Only a deployment with clients of both needs the check here, before the
 * provider sees the request: the form of the presented secret must be the client's method. The
 * secret itself is still the provider's to check.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientMetadata } from 'oidc-provider';
import { basicCredentials } from '../domain/clientAuth';
import { OIDC_PATH } from './paths';

type AuthMethod = NonNullable<ClientMetadata['token_endpoint_auth_method']>;

/** The methods the provider takes: those its clients are registered with (none without clients). */
export function registeredAuthMethods(clients: ClientMetadata[]): AuthMethod[] {
  const methods = new Set(clients.map((c) => c.token_endpoint_auth_method ?? 'client_secret_basic'));
  return methods.size > 0 ? [...methods] : ['none'];
}

/** The provider's endpoints that authenticate a client (its default routes). */
const CLIENT_AUTH_PATHS = new Set(['/token', '/token/introspection', '/token/revocation'].map((p) => `${OIDC_PATH}${p}`));
/** The provider's own limit for a request body (shared/selective_body.js). */
const BODY_LIMIT = 56 * 1024;

async function readBody(req: FastifyRequest): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.raw) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function refuse(reply: FastifyReply, status: number, error: string, description: string, basicRealm?: string): false {
  // RFC 6749 5.2: a failed Basic authentication answers with its challenge.
  if (basicRealm) void reply.header('WWW-Authenticate', `Basic realm="${basicRealm}", error="${error}"`);
  void reply.code(status).header('Cache-Control', 'no-store').send({ error, error_description: description });
  return false;
}

/**
 * Whether the request may go on to the provider; otherwise it has been answered (401
 * invalid_client, as the provider answers a mismatched method). A body read here is left on the
 * request (`req.raw.body`), where the provider takes it from instead of the spent stream.
 */
export async function presentsRegisteredMethod(clients: ClientMetadata[], issuer: string, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (req.method !== 'POST' || !CLIENT_AUTH_PATHS.has(req.url.split('?')[0]!)) return true;
  const secretMethods = new Set(clients.map((c) => c.token_endpoint_auth_method).filter((m) => m === 'client_secret_basic' || m === 'client_secret_post'));
  if (secretMethods.size < 2) return true;
  const methodOf = (id: string | undefined) => clients.find((c) => c.client_id === id)?.token_endpoint_auth_method;
  const basic = basicCredentials(req.headers.authorization);
  if (basic) return methodOf(basic.id) === 'client_secret_post' ? refuse(reply, 401, 'invalid_client', 'client authentication failed', issuer) : true;
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return true;
  const body = await readBody(req);
  if (body === null) return refuse(reply, 400, 'invalid_request', 'failed to parse the request body');
  (req.raw as typeof req.raw & { body?: Buffer }).body = body;
  const params = new URLSearchParams(body.toString('utf8'));
  if (params.has('client_secret') && methodOf(params.get('client_id') ?? undefined) === 'client_secret_basic') return refuse(reply, 401, 'invalid_client', 'client authentication failed');
  return true;
}
