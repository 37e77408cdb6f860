/**
 * CLIENTS_FILE: the connected services besides the built-in ones, as a JSON array. Checked
 * with config shapes like every other config: unknown keys are refused with a "did you mean",
 * redirect URIs must be exact absolute URLs, and a branding theme must name a real theme.
 */
import { LANGUAGE_CODES } from '../../core/i18n/languages';
import type { KnownNames } from '../../core/config/loadConfig';
import { array, boolean, matches, number, object, oneOf, parseAll, record, ShapeError, string } from '../../core/config/shape';
import { clientThemeShape } from '../../core/config/themeShape';
import type { ClientConfig } from '../options';

/** Scopes an OpenID client may be given (`scopes`, default all). */
export const OIDC_SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;

/** An absolute http(s) URL without a fragment: redirect URIs are compared exactly (RFC 6749 3.1.2). */
function exactUrl(value: string): string | null {
  try {
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol)) return 'must be an http(s) URL';
    if (url.hash || value.endsWith('#')) return 'must not have a fragment';
    return null;
  } catch {
    return 'must be an absolute http(s) URL';
  }
}

/** An absolute http(s) URL or a path of the portal's own origin ('/x', not '//host'). */
function linkUrl(value: string): string | null {
  if (/^\/(?![/\\])/.test(value)) return null;
  return exactUrl(value) && 'must be an absolute http(s) URL or a path starting with /';
}

export function clientShape(known: Required<KnownNames>) {
  const link = (description?: string) => string({ optional: true, test: linkUrl, ...(description ? { description } : {}) });
  return object(
    {
      id: string({ test: matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1-64 letters, digits, dots, dashes or underscores') }),
      name: string(),
      redirectUris: array(string({ test: exactUrl }), { test: (uris) => (uris.length ? null : 'must list at least one redirect URI') }),
      serviceUrl: string({ optional: true, test: exactUrl }),
      requireCaptcha: boolean({ optional: true }),
      // OpenID Connect (server/oidc): a client with a secret is confidential, one without is public (PKCE).
      secret: string({ optional: true, test: (v) => (v.length >= 32 ? null : 'must be at least 32 characters (a random secret)') }),
      // A stored version of the clients (configVersions.ts) holds the secret's SHA-256 only (clientSecrets.ts).
      secretHash: string({ optional: true, test: matches(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex (64 characters)') }),
      // A rotation's overlap (the ops console): the previous secret's SHA-256 works until this moment (epoch ms).
      previousSecretHash: string({ optional: true, test: matches(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex (64 characters)') }),
      previousSecretUntil: number({ optional: true }),
      grantTypes: array(oneOf(['authorization_code', 'refresh_token']), { optional: true, test: (grants) => (grants.includes('authorization_code') ? null : 'must include authorization_code (the code flow is the only way in)') }),
      tokenEndpointAuthMethod: oneOf(['client_secret_basic', 'client_secret_post'], { optional: true }),
      scopes: array(oneOf(OIDC_SCOPES), { optional: true }),
      postLogoutRedirectUris: array(string({ test: exactUrl }), { optional: true }),
      backchannelLogoutUri: string({ optional: true, test: exactUrl }),
      plugins: array(oneOf(known.plugins), { optional: true }),
      branding: object(
        {
          title: string({ optional: true }),
          language: oneOf(LANGUAGE_CODES, { optional: true }),
          logoUrl: link(),
          titleLogoUrl: link(),
          signUpUrl: link(),
          carousel: array(
            object(
              {
                fileUrl: string({ test: linkUrl }),
                description: string({ optional: true }),
                link: link(),
                linkText: string({ optional: true }),
                // The caption and link text per portal language; a language left out shows the plain ones.
                texts: record(object({ description: string({ optional: true }), linkText: string({ optional: true }) }, { noUnknown: true }), {
                  optional: true,
                  keys: { allowed: LANGUAGE_CODES, noun: 'a portal language code' },
                }),
              },
              { noUnknown: true },
            ),
            { optional: true },
          ),
          theme: clientThemeShape(known.themes),
        },
        { optional: true, noUnknown: true },
      ),
    },
    { noUnknown: true },
  );
}

/**
 * Every problem of a clients list, in order, each naming the client (by index and id) and the
 * field; `clients` is the checked list when there is none.
 */
/** Hosts a native app's loopback redirect may use over http (RFC 8252 7.3, 8.3). */
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Production takes no plain-http address a browser is sent to or a token goes to: redirect URIs
 * over http only on a loopback host (a native app's own listener, RFC 8252 7.3); post-logout
 * and back-channel URIs https only. Custom schemes are refused in every mode (exactUrl): native
 * apps use the loopback redirect or an https (claimed) one.
 */
/** A host name the server must not post to from production: loopback, private, link-local (cloud metadata) or unique-local addresses written as such. */
export function internalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host.replace(/^::ffff:/, ''));
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  return host === '::' || host === '::1' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
}

function plainHttpProblems(client: Partial<ClientConfig>, i: number): ShapeError[] {
  const problems: ShapeError[] = [];
  const check = (field: string, uri: string, loopbackAllowed: boolean) => {
    // A URI that failed its shape has its problem already.
    const url = URL.canParse(uri) ? new URL(uri) : null;
    if (url?.protocol === 'http:' && !(loopbackAllowed && LOOPBACK.has(url.hostname))) {
      problems.push(new ShapeError(`[${i}].${field}`, `(client '${client.id}') must be https in production${loopbackAllowed ? ' (http only on a loopback host: 127.0.0.1, [::1], localhost)' : ''}`));
    }
  };
  (client.redirectUris ?? []).forEach((uri, k) => check(`redirectUris[${k}]`, uri, true));
  (client.postLogoutRedirectUris ?? []).forEach((uri, k) => check(`postLogoutRedirectUris[${k}]`, uri, false));
  if (client.backchannelLogoutUri) {
    check('backchannelLogoutUri', client.backchannelLogoutUri, false);
    // The server itself posts there: never to its own machine or network (attack review of issue 28).
    const host = URL.canParse(client.backchannelLogoutUri) ? new URL(client.backchannelLogoutUri).hostname : '';
    if (internalHost(host)) problems.push(new ShapeError(`[${i}].backchannelLogoutUri`, `(client '${client.id}') must not name a loopback, private or link-local address in production`));
  }
  return problems;
}

export function checkClients(raw: unknown, known: Required<KnownNames>, reserved: readonly string[] = [], production = false): { clients: ClientConfig[]; problems: ShapeError[] } {
  const { value, problems: found } = parseAll(array(clientShape(known)), raw);
  const rawItems: unknown[] = Array.isArray(raw) ? raw : [];
  const problems = found.map((err) => {
    const index = /^\[(\d+)\]/.exec(err.path)?.[1];
    const id = index !== undefined ? (rawItems[Number(index)] as { id?: unknown } | undefined)?.id : undefined;
    return new ShapeError(err.path, `${typeof id === 'string' ? `(client '${id}') ` : ''}${err.message}`);
  });
  // The rules across fields and clients, for what passed its shape (a client that failed may lack fields).
  const clients: (Partial<ClientConfig> | undefined)[] = Array.isArray(value) ? value : [];
  // Compared without case: `Portal` beside `portal` is a service no log or console tells apart.
  const fold = (id: string) => id.toLowerCase();
  const builtIn = new Set(reserved.map(fold));
  const seen = new Set<string>(builtIn);
  clients.forEach((client, i) => {
    if (typeof client?.id !== 'string') return;
    const id = fold(client.id);
    if (seen.has(id)) {
      problems.push(new ShapeError(`[${i}].id`, builtIn.has(id) ? `'${client.id}' is a built-in client's id` : `'${client.id}' is listed twice`));
    }
    seen.add(id);
  });
  clients.forEach((client, i) => {
    const given = rawItems[i] as { secret?: unknown; secretHash?: unknown } | undefined;
    if (given?.secret !== undefined && given.secretHash !== undefined) {
      problems.push(new ShapeError(`[${i}].secretHash`, `(client '${client?.id}') gives a secret and its hash: give one`));
    }
    if (client?.previousSecretHash !== undefined && (client.previousSecretUntil === undefined || client.secretHash === undefined)) {
      problems.push(new ShapeError(`[${i}].previousSecretHash`, `(client '${client.id}') needs previousSecretUntil and a secretHash (a rotation's overlap)`));
    }
    if (client?.tokenEndpointAuthMethod && given?.secret === undefined && given?.secretHash === undefined) {
      problems.push(new ShapeError(`[${i}].tokenEndpointAuthMethod`, `(client '${client.id}') needs a secret`));
    }
    if (production && client) problems.push(...plainHttpProblems(client, i));
  });
  return { clients: problems.length ? [] : (value ?? []), problems };
}

/** Check a clients list; the first problem throws, naming the client (by index and id) and the field. */
export function parseClients(raw: unknown, known: Required<KnownNames>, reserved: readonly string[] = [], production = false): ClientConfig[] {
  const { clients, problems } = checkClients(raw, known, reserved, production);
  if (problems.length) throw problems[0]!;
  return clients;
}
