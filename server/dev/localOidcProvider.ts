/**
 * A small, real OpenID Connect identity provider for development and tests: it stands in for a
 * company's directory (Okta, Entra, …) so the portal's enterprise sign-in can be driven end to end
 * without a network. Built on oidc-provider; everything (keys, cookie keys, sessions, clients)
 * lives in memory and is new on every start. Not for production: plain HTTP on the loopback only.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { closeServer, DevHttpError, escapeHtml, page, readFormBody, sendHtml } from './devPages';
import Provider, { errors, interactionPolicy, type Adapter, type AdapterFactory, type AdapterPayload, type Configuration, type Interaction } from 'oidc-provider';

export interface LocalOidcUser {
  /** Stable subject (the `sub` claim). */
  sub: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** The `amr` claim this IdP reports for the user's sign-in, e.g. ['pwd'] or ['pwd', 'mfa']; default ['pwd']. */
  amr?: string[];
  /** false: the provider does not vouch for the address (`email_verified: false`); default true. */
  emailVerified?: boolean;
}

export interface LocalOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface LocalOidcProvider {
  /** e.g. http://localhost:41234 (always the name localhost, never 127.0.0.1) */
  issuer: string;
  /** Registers or replaces a client at run time (the portal's callback URL may be known only after start). */
  setClient(client: LocalOidcClient): void;
  close(): Promise<void>;
}

const SCOPES = ['openid', 'email', 'profile'] as const;
const FORM_LIMIT = 10 * 1024;
const WRONG_CREDENTIALS = 'Wrong email or password.';

export async function startLocalOidcProvider(options: {
  name: string;
  users: LocalOidcUser[];
  clients?: LocalOidcClient[];
  /** 0 = any free port, the default. */
  port?: number;
}): Promise<LocalOidcProvider> {
  const { name, users } = options;
  const clients = new Map<string, LocalOidcClient>();
  const setClient = (client: LocalOidcClient) => {
    clients.set(client.client_id, structuredClone(client));
  };
  options.clients?.forEach(setClient);

  // The issuer names the port, so listen first and hand requests to the provider once it exists.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://localhost:${port}`;

  try {
    const provider = new Provider(issuer, await configuration(users, clients));
    const callback = provider.callback();
    handle = (req, res) => {
      // Not new URL(): it throws on some request targets, and this runs outside any try.
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      if (!pathname.startsWith('/interaction/')) {
        callback(req, res);
        return;
      }
      interactionRoute(provider, { name, users }, pathname, req, res).catch((error: unknown) => sendError(res, error));
    };
  } catch (error) {
    await closeServer(server);
    throw error;
  }

  return {
    issuer,
    setClient,
    close: () => closeServer(server),
  };
}

/** The default prompts, and `select_account` (Google's and Microsoft's): asked for, it shows the sign-in page again. */
function withSelectAccount() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  return policy;
}

async function configuration(users: LocalOidcUser[], clients: Map<string, LocalOidcClient>): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  return {
    adapter: memoryAdapter(clients),
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      long: { signed: true },
      short: { signed: true },
    },
    scopes: [...SCOPES],
    claims: {
      // amr rides on the openid scope: otherwise oidc-provider puts it in the ID token only when the claims parameter asks.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Like Okta/Entra, put the scopes' claims in the ID token itself, not only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    // A web client's http:// redirect URIs (localhost included) are refused only for the implicit flow; code flow
    // allows them, so the defaults (application_type web, response_types code) need no extra setting.
    clientDefaults: {
      application_type: 'web',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    // By default oidc-provider requires PKCE only of public clients; this IdP requires it of every client (S256 is the only method it supports).
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy: withSelectAccount() },
    // Fixed lifetimes (seconds), long enough for a working day; also keeps oidc-provider's "default ttl" notices out of test output.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Grant: 86400, Session: 86400 },
    findAccount: (_ctx, sub) => {
      const user = users.find((u) => u.sub === sub);
      if (!user) return undefined;
      return {
        accountId: user.sub,
        claims: () => ({
          sub: user.sub,
          email: user.email,
          email_verified: user.emailVerified !== false,
          given_name: user.givenName,
          family_name: user.familyName,
          name: `${user.givenName} ${user.familyName}`,
        }),
      };
    },
  };
}

/**
 * In-memory storage for every model. The Client model reads our own map: oidc-provider reads static
 * `clients` only at construction, but looks up any other client id through the adapter on each request,
 * so setClient after start needs nothing more (and keeps sessions, unlike re-creating the provider).
 */
function memoryAdapter(clients: Map<string, LocalOidcClient>): AdapterFactory {
  const entries = new Map<string, { model: string; payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const findWhere = (model: string, match: (payload: AdapterPayload) => boolean) => {
    for (const [key, entry] of entries) {
      if (entry.model === model && match(entry.payload)) return live(key)?.payload;
    }
    return undefined;
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        entries.set(key(id), { model, payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      },
      async find(id) {
        if (model === 'Client') {
          const client = clients.get(id);
          // A fresh copy each time: oidc-provider keys its parsed clients by the metadata's hash, so a replaced client is re-read.
          return client && { client_id: client.client_id, client_secret: client.client_secret, redirect_uris: [...client.redirect_uris] };
        }
        return live(key(id))?.payload;
      },
      async findByUid(uid) {
        return findWhere(model, (payload) => payload.uid === uid);
      },
      async findByUserCode(userCode) {
        return findWhere(model, (payload) => payload.userCode === userCode);
      },
      async consume(id) {
        const entry = live(key(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, entry] of entries) {
          if (entry.model === model && entry.payload.grantId === grantId) entries.delete(k);
        }
      },
    };
  };
}

/** GET /interaction/:uid (the sign-in page, or a silent consent) and POST /interaction/:uid/login. */
async function interactionRoute(
  provider: Provider,
  idp: { name: string; users: LocalOidcUser[] },
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(pathname);
  if (!match) {
    sendHtml(res, 404, errorPage('not_found', 'There is nothing here.'));
    return;
  }
  const [, uid = '', login] = match;
  const method = login ? 'POST' : 'GET';
  if (req.method !== method) {
    res.setHeader('Allow', method);
    sendHtml(res, 405, errorPage('method_not_allowed', `Use ${method}.`));
    return;
  }
  // A POST's body is read before the interaction lookup, so nothing is left unread on the socket if that fails.
  const form = login ? await readForm(req) : undefined;
  const interaction = await provider.interactionDetails(req, res);
  // The cookie names the interaction; the URL must name the same one (an old tab, or a crafted link).
  if (interaction.uid !== uid) throw new errors.SessionNotFound('interaction session and URL mismatch');

  if (interaction.prompt.name === 'consent') {
    // An existing session signing in to another client: consent is this IdP's policy, not the user's choice.
    const grantId = await grantFor(provider, interaction, interaction.session?.accountId, true);
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }
  // Picking an account is signing in here (one person per browser): the same page.
  if (interaction.prompt.name !== 'login' && interaction.prompt.name !== 'select_account') {
    throw new errors.InvalidRequest(`unsupported prompt ${interaction.prompt.name}`);
  }

  if (!form) {
    const hint = interaction.params.login_hint;
    sendHtml(res, 200, signInPage(idp.name, uid, typeof hint === 'string' ? hint : '', undefined));
    return;
  }

  const email = form.get('email') ?? '';
  const user = checkCredentials(idp.users, email, form.get('password') ?? '');
  if (!user) {
    sendHtml(res, 401, signInPage(idp.name, uid, email, WRONG_CREDENTIALS));
    return;
  }
  // Login and consent in one step: the user signed in to this very request, so grant what it asked for.
  const grantId = await grantFor(provider, interaction, user.sub, false);
  await provider.interactionFinished(
    req,
    res,
    // select_account answered too (its prompt is satisfied by a result of its name).
    { select_account: {}, login: { accountId: user.sub, amr: user.amr ?? ['pwd'] }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/** Saves a grant of the requested scopes and claims; a consent prompt extends the session's existing grant. */
async function grantFor(provider: Provider, interaction: Interaction, accountId: string | undefined, extend: boolean): Promise<string> {
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string') throw new errors.InvalidRequest('no account or client for this interaction');
  const existing = extend && interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });

  const requested = typeof interaction.params.scope === 'string' ? interaction.params.scope.split(' ') : [];
  grant.addOIDCScope(requested.filter((scope) => (SCOPES as readonly string[]).includes(scope)));
  const { missingOIDCClaims } = interaction.prompt.details;
  if (Array.isArray(missingOIDCClaims)) grant.addOIDCClaims(missingOIDCClaims.filter((c): c is string => typeof c === 'string'));
  return grant.save();
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The user with this email (any case) and password, compared in constant time; a wrong email costs the same. */
function checkCredentials(users: LocalOidcUser[], email: string, password: string): LocalOidcUser | undefined {
  const wanted = email.trim().toLowerCase();
  const user = users.find((u) => u.email.toLowerCase() === wanted);
  const ok = timingSafeEqual(digest(password), digest(user?.password ?? randomUUID()));
  return user && ok ? user : undefined;
}

/** The form of a sign-in post, as the provider's errors when it is not one or too large. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  try {
    return await readFormBody(req, FORM_LIMIT);
  } catch (error) {
    if (error instanceof DevHttpError) throw new errors.OIDCProviderError(error.status, error.code);
    throw error;
  }
}

function signInPage(name: string, uid: string, email: string, error: string | undefined): string {
  const title = `${name} sign-in`;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>` +
      (error ? `<p role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="/interaction/${escapeHtml(encodeURIComponent(uid))}/login">` +
      `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">` +
      `<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>` +
      `<button type="submit">Sign in</button></form>`,
  );
}

function errorPage(error: string, description: string | undefined): string {
  return page('Sign-in error', `<h1>Sign-in error</h1><p><strong>${escapeHtml(error)}</strong></p>${description ? `<p>${escapeHtml(description)}</p>` : ''}`);
}

/** The interaction routes' errors: the provider's own (expired session, …) by name, anything else as a bare 500. */
function sendError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof errors.OIDCProviderError) {
    if (error.statusCode === 413) res.setHeader('Connection', 'close');
    sendHtml(res, error.statusCode, errorPage(error.error, error.error_description));
    return;
  }
  console.error('local OIDC provider: interaction failed', error);
  sendHtml(res, 500, errorPage('server_error', undefined));
}

