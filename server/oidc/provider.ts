/**
 * The OpenID provider (panva's oidc-provider, OpenID Certified) mounted under `/oidc` of the
 * portal's origin: the issuer is `<publicOrigin>/oidc`, so discovery is
 * `/oidc/.well-known/openid-configuration` and the keys `/oidc/jwks`. The portal's own calls
 * (`/api/authorize`, `/api/token`, …) are untouched.
 *
 * The provider is a Koa app: Fastify hands it the raw request (body unread) and steps aside.
 * Its signing keys come from the global store (signingKeys.ts); when they change (a rotation
 * by `npm run oidc:rotate-keys`, possibly from another process) the provider is rebuilt with
 * the new set on the next request.
 */
import type { FastifyInstance } from 'fastify';
import Provider, { type Configuration } from 'oidc-provider';
import type { Ctx } from '../context';
import { ensureSigningKey, publishedSigningKeys, SIGNING_ALG, type PrivateSigningJwk } from './signingKeys';

export const OIDC_PATH = '/oidc';
/** Lifetime of an ID token; a retired signing key stays published this long. */
export const ID_TOKEN_SECONDS = 3600;

export function oidcIssuer(ctx: Pick<Ctx, 'options'>): string {
  return `${ctx.options.publicOrigin}${OIDC_PATH}`;
}

function configuration(keys: PrivateSigningJwk[]): Configuration {
  return {
    jwks: { keys },
    // Connected services are registered in a later slice (CLIENTS_FILE `secret`, …); until then
    // every authorization and token request is refused as coming from an unknown client.
    clients: [],
    enabledJWA: { idTokenSigningAlgValues: [SIGNING_ALG] },
    features: { devInteractions: { enabled: false } },
    ttl: { IdToken: ID_TOKEN_SECONDS },
  };
}

/** Builds (and rebuilds after a key change) the provider; one per server. */
export class OidcProvider {
  private provider: Provider | null = null;
  private keyIds = '';

  constructor(private readonly ctx: Ctx) {}

  async start(): Promise<void> {
    await ensureSigningKey(this.ctx.stores.global, this.ctx.now());
    await this.current();
  }

  /** The provider for the keys published now. */
  async current(): Promise<Provider> {
    const keys = await publishedSigningKeys(this.ctx.stores.global, this.ctx.now());
    const ids = keys.map((k) => k.kid).join(' ');
    if (!this.provider || ids !== this.keyIds) {
      const provider = new Provider(oidcIssuer(this.ctx), configuration(keys));
      provider.proxy = this.ctx.options.trustProxy;
      this.provider = provider;
      this.keyIds = ids;
    }
    return this.provider;
  }
}

/** Routes every request under /oidc to the provider, with the mount path stripped as Koa expects. */
export function oidcRoutes(oidc: OidcProvider) {
  return async (app: FastifyInstance) => {
    // The provider reads request bodies itself.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handle = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const provider = await oidc.current();
      const raw = req.raw as typeof req.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(OIDC_PATH.length) || '/';
      reply.hijack();
      await provider.callback()(raw, reply.raw);
    };
    app.all(OIDC_PATH, handle);
    app.all(`${OIDC_PATH}/*`, handle);
  };
}
