/**
 * An OpenID Connect provider the portal signs people in at (a company's directory, a social
 * provider), through `openid-client` (a certified relying party):
 * discovery, the authorization request (PKCE S256, state, nonce) and the code exchange, whose ID
 * token is checked for issuer, audience, nonce, times and (non-repudiation checks) its signature
 * against the provider's keys. Nothing of the protocol is written here.
 */
import * as oidc from 'openid-client';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import { fail } from '../http/errors';
import { publicOnlyFetch } from './publicAddresses';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A provider's discovery is read again after this long (its keys rotate; openid-client refetches unknown ones). */
const DISCOVERY_TTL_MS = 5 * 60_000;
/** How long the portal waits for the provider before it says it failed. */
const PROVIDER_TIMEOUT_S = 10;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How the client authenticates at the token endpoint: HTTP Basic (default) or in the body (Apple takes only that). */
  clientAuth?: 'basic' | 'post';
}

/**
 * An issuer the portal may call: https, or http on loopback off production (the development
 * providers); no credentials, query (unless `query`: a SAML address may have one) or fragment in it. Refused as -10020 with the field.
 */
export function checkIssuer(ctx: Ctx, issuer: string, options: { query?: boolean } = {}): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    fail(E.invalidParameter, { field: 'issuer' }, 'The issuer is not a URL.');
  }
  const insecureOk = !ctx.options.production && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if ((url.protocol !== 'https:' && !insecureOk) || url.username || url.password || (url.search && !options.query) || url.hash) fail(E.invalidParameter, { field: 'issuer' }, 'The issuer must be an https URL without credentials, query or fragment.');
  return url;
}

const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** The provider's configuration (discovery), for this client; -40030 when it cannot be read. */
export async function providerConfig(ctx: Ctx, settings: ProviderSettings): Promise<oidc.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret, settings.clientAuth ?? 'basic']);
  const hit = cache.get(key);
  if (hit && ctx.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const url = checkIssuer(ctx, settings.issuer);
  const insecure = url.protocol === 'http:';
  const config = oidc
    .discovery(url, settings.clientId, settings.clientSecret, settings.clientAuth === 'post' ? oidc.ClientSecretPost(settings.clientSecret) : oidc.ClientSecretBasic(settings.clientSecret), {
      timeout: PROVIDER_TIMEOUT_S,
      execute: [...(insecure ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks],
      // In production every request (discovery, token, keys) goes to public addresses only.
      ...(ctx.options.production ? { [oidc.customFetch]: publicOnlyFetch() } : {}),
    })
    .then((config) => {
      if (ctx.options.production) config[oidc.customFetch] = publicOnlyFetch();
      return config;
    })
    .catch((err: unknown) => {
      cache.delete(key);
      throw err;
    });
  cache.set(key, { at: ctx.now(), config });
  const read = await config.catch(() => fail(E.identityProviderFailed, undefined, `The identity provider at ${settings.issuer} could not be read.`, 502));
  // The one address the browser is sent to is the issuer's own host: a discovery document cannot
  // make the portal's start a redirect to anywhere (the token and key endpoints, which the server
  // calls, may live elsewhere, as Google's do).
  const endpoint = read.serverMetadata().authorization_endpoint;
  if (!endpoint || new URL(endpoint).host !== url.host) fail(E.identityProviderFailed, undefined, "The provider's authorization endpoint is not on the issuer's host.", 502);
  return read;
}

/** Where the browser goes to sign in at the provider. */
export function authorizationUrl(
  config: oidc.Configuration,
  input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
    loginHint?: string;
    /** Default `openid email profile`; Apple names the person's name `name`. */
    scope?: string;
    /** `form_post`: the answer comes as a POST (Apple, whenever the name or address is asked). */
    responseMode?: 'form_post';
    /** `select_account`: the provider lets the person pick which of its accounts (linking one on purpose). */
    prompt?: 'select_account';
  },
): string {
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: input.redirectUri,
      scope: input.scope ?? 'openid email profile',
      response_type: 'code',
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
      ...(input.loginHint ? { login_hint: input.loginHint } : {}),
      ...(input.responseMode ? { response_mode: input.responseMode } : {}),
      ...(input.prompt ? { prompt: input.prompt } : {}),
    })
    .toString();
}

export const newCodeVerifier = () => oidc.randomPKCECodeVerifier();
export const codeChallengeOf = (verifier: string) => oidc.calculatePKCECodeChallenge(verifier);

/** The identity the provider vouches for, from its checked ID token. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  amr: string[];
  acr: string | null;
}

/**
 * Exchanges the callback's code (openid-client checks state, the ID token's iss, aud/azp, nonce,
 * exp/iat and signature); throws the library's error when any check fails.
 */
export async function exchangeCode(config: oidc.Configuration, callbackUrl: URL | Request, checks: { state: string; nonce: string; codeVerifier: string }): Promise<ProviderIdentity> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { expectedState: checks.state, expectedNonce: checks.nonce, pkceCodeVerifier: checks.codeVerifier, idTokenExpected: true });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  return {
    subject: claims.sub,
    email: text(claims.email)?.toLowerCase() ?? null,
    // Apple sends it as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    amr: Array.isArray(claims.amr) ? claims.amr.filter((m): m is string => typeof m === 'string') : [],
    acr: text(claims.acr),
  };
}
