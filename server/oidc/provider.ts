/**
 * The OpenID provider (panva's oidc-provider, OpenID Certified) mounted under `/api/oidc` of the
 * portal's origin: the issuer is `<publicOrigin>/api/oidc`, so discovery is
 * `/api/oidc/.well-known/openid-configuration` and the keys `/api/oidc/jwks`. Under /api the
 * browser sends the portal's SSO cookie (Path=/api) along. The portal's own calls
 * (`/api/authorize`, `/api/token`, …) are untouched.
 *
 * The provider is a Koa app: Fastify hands it the raw request (body unread) and steps aside.
 * Sign-in is the portal's own (interaction.ts). Its signing keys come from the global store
 * (signingKeys.ts); when they change (`npm run oidc:rotate-keys`, possibly from another
 * process) or the clients do (CLIENTS_FILE edited), the provider is rebuilt on the next request.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { SSO_COOKIE } from '../../core/contract/auth';
import type { Ctx } from '../context';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { clientIp, clientKey, parseCookies } from '../http/common';
import { ApiFailure } from '../http/errors';
import { oidcSecurityHeaders } from '../http/spa';
import { openIdClients } from '../domain/oauth';
import { readSsoCookie } from '../domain/sessions';
import type { ClientConfig } from '../options';
import { accountFinder, OIDC_CLAIMS } from './account';
import { kyselyAdapter, linkGrantToPortalSession } from './adapter';
import { presentsRegisteredMethod, registeredAuthMethods } from './authMethodPin';
import { endPortalSessionWithProvider, logoutRequest, providerFetch, rememberSid, sendBackchannelLogouts, toSignedOutPage, toSignOutPage } from './logout';
import { INTERACTION_PATH, LOGOUT_REQUEST_PATH, OIDC_PATH } from './paths';
import { interaction } from './interaction';
import { problemOf, problemUrl } from './problemPage';
import { ACR_VALUES, missesAskedMfaOf } from './signInContext';
import { ensureSigningKey, ID_TOKEN_SECONDS, openSigningKeys, publishedSigningKeyRows, SIGNING_ALG, type PrivateSigningJwk } from './signingKeys';
import { SECRET_PLACES } from '../db/secretsAtRest';
import { clientSecretMatches, isConfidential, providerSecretStandIn } from '../domain/clientSecretCheck';

export function oidcIssuer(ctx: Pick<Ctx, 'options'>): string {
  return `${ctx.options.publicOrigin}${OIDC_PATH}`;
}

/** A client (CLIENTS_FILE entry, or the demo service) as OpenID client metadata: with a secret confidential, else public (PKCE required). */
export function clientMetadata(client: ClientConfig): ClientMetadata {
  return {
    client_id: client.id,
    client_name: client.name,
    redirect_uris: client.redirectUris,
    response_types: ['code'],
    grant_types: client.grantTypes ?? ['authorization_code', 'refresh_token'],
    scope: (client.scopes ?? ['openid', 'email', 'profile', 'offline_access']).join(' '),
    id_token_signed_response_alg: SIGNING_ALG,
    post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
    // The logout token names the sign-in (`sid`), so a client ends only that session of the user.
    ...(client.backchannelLogoutUri ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
    ...(isConfidential(client)
      ? { token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_basic', client_secret: providerSecretStandIn(client)! }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/**
 * oidc-provider, loaded when the server starts (after its configs were checked): on Node 20 its
 * import prints an "unsupported runtime" notice, which must not precede a config error.
 */
type Library = typeof import('oidc-provider');

/** The provider's session follows the portal's: it holds while the SSO cookie names the same account. */
function portalSessionCheck(ctx: Ctx, { interactionPolicy }: Library) {
  return new interactionPolicy.Check('portal_session', 'the portal sign-in has ended or changed', 'login_required', async (koa: KoaContextWithOIDC) => {
    const accountId = koa.oidc.session?.accountId;
    if (!accountId || koa.oidc.result?.login) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
    const sso = await readSsoCookie(ctx, parseCookies(koa.headers.cookie)[SSO_COOKIE]);
    return sso?.account.id === accountId ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
  });
}

/**
 * A client that asks for the MFA context (`acr_values`, or `acr` in the `claims` parameter) of an
 * account with a second factor is sent to sign in again when the portal session's sign-in did not
 * pass one (the provider leaves such a request voluntary; the interaction then asks the second
 * factor, trusted device or not). An essential `acr` the provider checks itself.
 */
function askedMfaCheck(ctx: Ctx, { interactionPolicy }: Library) {
  return new interactionPolicy.Check('mfa_asked', 'the client asked for a sign-in with a second factor', 'login_required', async (koa: KoaContextWithOIDC) => {
    const accountId = koa.oidc.session?.accountId;
    if (!accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
    const sso = await readSsoCookie(ctx, parseCookies(koa.headers.cookie)[SSO_COOKIE]);
    // Another account or none: the portal_session check asks for the sign-in already.
    if (sso?.account.id !== accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
    return (await missesAskedMfaOf(ctx, koa.oidc.params ?? {}, sso)) ? interactionPolicy.Check.REQUEST_PROMPT : interactionPolicy.Check.NO_NEED_TO_PROMPT;
  });
}

/** The claims a client asked for in the `claims` parameter, split by whether its registered scopes (`scope`) cover them. */
export function requestedClaims(requested: Iterable<string>, clientScope: string | undefined): { granted: string[]; rejected: string[] } {
  const scopes = new Set((clientScope ?? '').split(' '));
  const allowed = new Set(Object.entries(OIDC_CLAIMS).flatMap(([scope, claims]) => (scopes.has(scope) ? claims : [])));
  const all = [...requested];
  return { granted: all.filter((claim) => allowed.has(claim)), rejected: all.filter((claim) => !allowed.has(claim)) };
}

function configuration(ctx: Ctx, lib: Library, keys: PrivateSigningJwk[], cookieKeys: string[], clients: ClientMetadata[]): Configuration {
  const policy = lib.interactionPolicy.base();
  policy.get('login')!.checks.add(portalSessionCheck(ctx, lib));
  policy.get('login')!.checks.add(askedMfaCheck(ctx, lib));
  return {
    adapter: kyselyAdapter(ctx.stores.global),
    jwks: { keys },
    clients,
    // Only what a registered client can use is offered (and advertised by discovery): the code
    // flow, and the token endpoint methods clients are registered with (authMethodPin.ts).
    responseTypes: ['code'],
    clientAuthMethods: registeredAuthMethods(clients),
    clientDefaults: { id_token_signed_response_alg: SIGNING_ALG },
    cookies: { keys: cookieKeys, long: { signed: true }, short: { signed: true } },
    findAccount: accountFinder(ctx),
    claims: { ...OIDC_CLAIMS, sid: null },
    // Scope claims (email, name, …) go into the ID token as well, not only to userinfo.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    acrValues: ACR_VALUES,
    enabledJWA: { idTokenSigningAlgValues: [SIGNING_ALG] },
    features: {
      devInteractions: { enabled: false },
      // RFC 7009 2.1: a client revokes the tokens issued to it, a public one too (oidc-client-ts's
      // revokeTokensOnSignout), and nobody else's. An authenticated client is told so; a public
      // one, which anybody can name, gets the empty 200 of an unknown token (no probe for tokens).
      revocation: {
        enabled: true,
        allowedPolicy: async (_koa, client, token) => {
          if (token.clientId === client.clientId) return true;
          if (client.clientAuthMethod === 'none') return false;
          throw new lib.errors.InvalidRequest('client is not authorized to revoke the presented token');
        },
      },
      // RFC 7662, for resource servers of confidential clients: a client learns about its own tokens only.
      introspection: {
        enabled: true,
        allowedPolicy: async (koa, client, token) => client.clientAuthMethod !== 'none' && token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      // OpenID Connect Core 5.5: a client may make the MFA context an essential `acr` (interaction.ts).
      claimsParameter: { enabled: true },
      // The question "sign out?" and the "signed out" page are the portal's own (logout.ts).
      rpInitiatedLogout: { enabled: true, logoutSource: toSignOutPage, postLogoutSuccessSource: toSignedOutPage },
      backchannelLogout: { enabled: true },
      // No client is registered for pushed requests or sender-constrained tokens: not offered.
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
    },
    pkce: { required: (_koa, client) => client.clientAuthMethod === 'none' },
    // Browser apps on their own sites: a public client (and any client at userinfo) may call the
    // provider from the origins of its redirect URIs, and from no other.
    clientBasedCORS: (koa, origin, client) =>
      (koa.oidc.route === 'userinfo' || client.clientAuthMethod === 'none') && (client.redirectUris ?? []).some((uri) => URL.canParse(uri) && new URL(uri).origin === origin),
    interactions: { policy, url: (_koa, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    // Connected services are first-party: what a registered client may ask for is granted
    // without a consent screen (the scopes are limited by the client's registration).
    async loadExistingGrant(koa) {
      const { oidc } = koa;
      const accountId = oidc.session?.accountId;
      if (!oidc.client || !accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(oidc.client.clientId);
      const grant = (grantId && (await oidc.provider.Grant.find(grantId))) || new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId });
      if (grant.accountId !== accountId) return undefined;
      grant.addOIDCScope([...oidc.requestParamScopes].join(' '));
      // The `claims` parameter too, else the consent check asks for them on every round and the
      // browser loops between authorization and interaction: claims of a scope the client is
      // registered for are granted, others rejected, that is not returned (OpenID Connect Core 5.5.1).
      const { granted, rejected } = requestedClaims(oidc.requestParamClaims, oidc.client.scope);
      grant.addOIDCClaims(granted);
      grant.rejectOIDCClaims(rejected);
      const id = await grant.save();
      const sso = await readSsoCookie(ctx, parseCookies(koa.headers.cookie)[SSO_COOKIE]);
      if (sso?.account.id === accountId) await linkGrantToPortalSession(ctx.stores.global, id, sso.session.id);
      return grant;
    },
    fetch: providerFetch(ctx.options.production),
    issueRefreshToken: async (_koa, client) => client.grantTypeAllowed('refresh_token'),
    // Every refresh answers a new refresh token and spends the old one, for confidential clients
    // too (the default rotates only public ones): a used one presented again revokes the grant.
    rotateRefreshToken: true,
    ttl: { IdToken: ID_TOKEN_SECONDS, AccessToken: 900, AuthorizationCode: 60, Interaction: 3600, Session: 30 * 86_400, Grant: 30 * 86_400, RefreshToken: 30 * 86_400 },
    renderError: async (koa, out, error) => {
      // Errors that may not go back to the client (unknown client, unregistered redirect URI, an
      // expired interaction): the portal's own page, given only the kind of problem (problemPage.ts).
      koa.redirect(problemUrl(ctx, problemOf(out.error, error.name), koa.oidc?.params?.ui_locales));
      koa.status = 303;
    },
  };
}

/**
 * RFC 7009: a revocation answers 200 with a body the client ignores. oidc-provider's is empty but
 * Koa labels it text/plain, and oidc-client-ts refuses a non-JSON type (its revokeTokens, and so
 * revokeTokensOnSignout, would fail): the empty answer goes out without a Content-Type.
 */
async function emptyRevocationAnswer(koa: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  if (koa.oidc?.route === 'revocation' && koa.status === 200 && !koa.body) koa.remove('Content-Type');
}

/** The provider's cookie-signing key, made once and kept in the global store, sealed (db/secretsAtRest.ts). */
async function cookieKeys(ctx: Ctx): Promise<string[]> {
  const db = ctx.stores.global;
  const key = 'CookieKeys:current';
  const fresh = crypto.randomBytes(32).toString('base64url');
  const payload = ctx.secrets.seal(JSON.stringify([fresh]), SECRET_PLACES.cookieKeys);
  await db.insertInto('oidc_payloads').values({ key, model: 'CookieKeys', payload, grant_id: null, user_code: null, uid: null, expires_at: null, consumed_at: null }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('oidc_payloads').select('payload').where('key', '=', key).executeTakeFirstOrThrow();
  return JSON.parse(ctx.secrets.open(row.payload, SECRET_PLACES.cookieKeys)) as string[];
}

/** Builds (and rebuilds after a key or client change) the provider; one per server. */
export class OidcProvider {
  private provider: Provider | null = null;
  private built = '';
  private registered: ClientMetadata[] = [];
  private cookieKeys: string[] = [];
  private lib: Library | null = null;

  constructor(private readonly ctx: Ctx) {}

  async start(): Promise<void> {
    this.lib = await import('oidc-provider');
    await ensureSigningKey(this.ctx.stores.global, this.ctx.secrets, this.ctx.now());
    this.cookieKeys = await cookieKeys(this.ctx);
    await this.current();
    // Sent after the sign-out has answered: a slow client endpoint must not hold the user up.
    this.ctx.grantsEnded = (grants) => {
      void this.current()
        .then((provider) => sendBackchannelLogouts(provider, grants))
        .catch((err: Error) => console.warn(`oidc: back-channel logout failed: ${err.message}`));
    };
  }

  /** The clients as the provider has them registered (as of its last current()). */
  clients(): ClientMetadata[] {
    return this.registered;
  }

  /** The provider for the keys published and the clients configured now. */
  async current(): Promise<Provider> {
    // Expired provider state is ignored when read; the server's background pruning deletes it (app.ts).
    // Each request asks which keys are published (a rotation may come from another process); they are opened only to build.
    const keyRows = await publishedSigningKeyRows(this.ctx.stores.global, this.ctx.now());
    const clients = openIdClients(this.ctx).map(clientMetadata);
    const fingerprint = JSON.stringify([keyRows.map((k) => k.kid), clients]);
    if (!this.provider || fingerprint !== this.built) {
      if (!this.lib) throw new Error('OidcProvider.start() was not called');
      const provider = new this.lib.default(oidcIssuer(this.ctx), configuration(this.ctx, this.lib, openSigningKeys(keyRows, this.ctx.secrets), this.cookieKeys, clients));
      // Koa reads the request's protocol, host and address from X-Forwarded-*: presentedAsPublicOrigin sets them.
      provider.proxy = true;
      // Secrets kept as hashes (and a rotation's previous one): the library's own comparison would take the
      // stand-in for the secret, so it is replaced on this provider's Client class (oidc-provider #631).
      const ctx = this.ctx;
      provider.Client.prototype.compareClientSecret = function (this: { clientId: string }, actual: string) {
        const client = openIdClients(ctx).find((c) => c.id === this.clientId);
        return Boolean(client && isConfidential(client) && clientSecretMatches(client, actual, ctx.now()));
      };
      provider.use(securityHeaders(this.ctx));
      provider.on('authorization_code.saved', rememberSid(this.ctx));
      provider.use(endPortalSessionWithProvider(this.ctx));
      provider.use(emptyRevocationAnswer);
      this.provider = provider;
      this.built = fingerprint;
      this.registered = clients;
    }
    return this.provider;
  }
}

/** The server's security headers on every answer of the provider (Fastify's onSend does not see them). */
function securityHeaders(ctx: Ctx) {
  const headers = oidcSecurityHeaders(ctx);
  return async (koa: KoaContextWithOIDC, next: () => Promise<void>) => {
    koa.set(headers);
    await next();
  };
}

/**
 * The provider builds its URLs (discovery, redirects) and its cookies' Secure flag from the
 * request as Koa sees it: it is shown PUBLIC_ORIGIN's protocol and host, whatever the Host and
 * X-Forwarded-* headers said (a forged Host must not rewrite discovery, nor TLS ended at a proxy
 * make it http), and the client address the server resolved (clientIp, the rate limits' key).
 */
function presentAsPublicOrigin(ctx: Ctx, req: FastifyRequest): void {
  const origin = new URL(ctx.options.publicOrigin);
  const ip = clientIp(req);
  const headers = req.raw.headers;
  delete headers.forwarded;
  headers.host = origin.host;
  headers['x-forwarded-host'] = origin.host;
  headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
  headers['x-forwarded-for'] = ip;
}

/** Hands a request to the provider with the mount path stripped, as Koa's own mounting does (or at `as`). */
export async function toProvider(oidc: OidcProvider, req: FastifyRequest, reply: FastifyReply, as?: string): Promise<void> {
  const provider = await oidc.current();
  if (!(await presentsRegisteredMethod(oidc.clients(), provider.issuer, req, reply))) return;
  const raw = req.raw as typeof req.raw & { originalUrl?: string };
  // The provider builds its endpoints from the mount (originalUrl less url): a document served at
  // another address (the origin's discovery) is still the issuer's, every endpoint under OIDC_PATH.
  raw.originalUrl = as ? `${OIDC_PATH}${as}` : raw.url;
  raw.url = as ?? ((raw.url ?? '').slice(OIDC_PATH.length) || '/');
  reply.hijack();
  await provider.callback()(raw, reply.raw);
}

/** Routes every request under /api/oidc to the provider, but the interaction page (interaction.ts). */
export function oidcRoutes(ctx: Ctx, oidc: OidcProvider) {
  return async (app: FastifyInstance) => {
    // The same per-network budget as the rest of /api (the provider's routes are outside that plugin).
    app.addHook('onRequest', async (req) => {
      const key = `api:${clientKey(req)}`;
      const wait = await ctx.apiRate.take(key, ctx.options.limits.apiPerMinute);
      if (wait !== null) throw new ApiFailure(E.rateLimited, undefined, { retryAfterSeconds: wait });
    });
    app.addHook('onRequest', async (req) => presentAsPublicOrigin(ctx, req));
    // The provider reads request bodies itself.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handle = (req: FastifyRequest, reply: FastifyReply) => toProvider(oidc, req, reply);
    // The discovery document also where clients look for it first: at the origin (its `issuer`
    // then tells them the issuer) and at RFC 8414's path-inserted address.
    const discovery = (req: FastifyRequest, reply: FastifyReply) => toProvider(oidc, req, reply, '/.well-known/openid-configuration');
    app.get('/.well-known/openid-configuration', discovery);
    app.get(`/.well-known/oauth-authorization-server${OIDC_PATH}`, discovery);
    app.all(OIDC_PATH, handle);
    app.all(`${OIDC_PATH}/*`, handle);
    app.get(LOGOUT_REQUEST_PATH, async (req, reply) => logoutRequest(ctx, await oidc.current(), req, reply));
    app.get<{ Params: { uid: string }; Querystring: { session_code?: string } }>(
      `${INTERACTION_PATH}/:uid`,
      { schema: { querystring: { type: 'object', properties: { session_code: { type: 'string', maxLength: 128 } } } } },
      (req, reply) => interaction(ctx, oidc, req, reply),
    );
  };
}
