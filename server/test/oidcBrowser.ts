/**
 * A browser for OpenID tests on the harness: follows the provider's redirects and, at the
 * portal's login page, signs in the way the login page would (password, then the authenticator
 * code when the account asks for one). Stops at the client's callback, at a login page it was
 * given no credentials for, or at any other answer.
 */
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { totpNow } from '../../plugins/mfa/server/totp';
import { authorizationRequest } from '../../tests/support/oidcRequest';
import type { ClientConfig } from '../options';
import { Client, DEMO_PASSWORD, type Res, type TestServer } from './harness';
import { totpSecretOf } from './secondFactorHelpers';

export interface Credentials {
  email: string;
  password: string;
}

export type Visit =
  | { kind: 'callback'; url: URL }
  | { kind: 'login'; url: URL; sessionCode: string }
  | { kind: 'other'; url: URL | null; res: Res };

export async function clientConfig(t: TestServer, clientId: string, auth: oidc.ClientAuth, secret?: string): Promise<oidc.Configuration> {
  const config = await oidc.discovery(new URL(`${t.base}/api/oidc`), clientId, secret, auth, { execute: [oidc.allowInsecureRequests] });
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** The account's current authenticator code, at the server's clock (one step later each call). */
export async function totpCode(t: TestServer, email: string): Promise<string> {
  t.clock.advance(30_000); // each 30-second step's code is usable once
  return totpNow(await totpSecretOf(t, email), Date.now() + t.clock.offset);
}

/** POST /api/login as the login page does, through the MFA step when asked. */
export async function signInAtLoginPage(t: TestServer, c: Client, sessionCode: string, credentials: Credentials): Promise<Res> {
  const send = (body: Record<string, unknown>) => c.post('/api/login', body, { headers: { session_code: sessionCode } });
  const first = await send({ ...credentials });
  if (first.body?.errorCode !== E.mfaRequired) return first;
  return send({ ...credentials, mfaType: 3, code: await totpCode(t, credentials.email), mfaProcessId: first.body.result.MFAProcessId });
}

export async function browse(t: TestServer, c: Client, start: string, callback: string, credentials: Credentials | null): Promise<Visit> {
  let next = start;
  for (let hops = 0; hops < 12; hops++) {
    if (next.startsWith(callback)) return { kind: 'callback', url: new URL(next) };
    const res = await c.get(next, { portal: false, headers: { Accept: 'text/html' } });
    const location = res.headers.get('location');
    if (!location || (res.status !== 302 && res.status !== 303)) return { kind: 'other', url: null, res };
    const target = new URL(location, next);
    if (target.origin === t.base && target.pathname === '/login' && target.searchParams.has('session_code')) {
      const sessionCode = target.searchParams.get('session_code')!;
      if (!credentials) return { kind: 'login', url: target, sessionCode };
      const done = await signInAtLoginPage(t, c, sessionCode, credentials);
      if (done.status !== 200) throw new Error(`login: ${done.text}`);
      const { serviceUrl, redirectParams } = done.body.result as { serviceUrl: string; redirectParams: Record<string, string> };
      next = `${serviceUrl}?${new URLSearchParams(redirectParams)}`;
      continue;
    }
    if (target.origin === t.base && !target.pathname.startsWith('/api/')) return { kind: 'other', url: target, res };
    next = target.toString();
  }
  throw new Error('too many redirects');
}

/** The demo user most tests sign in as. */
export const DEMO: Credentials = { email: 'demo@example.com', password: DEMO_PASSWORD };

/** An authorization request (code + PKCE + state + nonce) followed through the browser. */
export async function authorize(t: TestServer, config: oidc.Configuration, c: Client, redirectUri: string, extra: Record<string, string> = {}, credentials: Credentials | null = DEMO) {
  const { url, verifier, state, nonce } = await authorizationRequest(config, redirectUri, extra);
  const visit = await browse(t, c, url.toString(), redirectUri, credentials);
  return { visit, callback: visit.kind === 'callback' ? visit.url : null, verifier, state, nonce };
}

/** Signs in and exchanges the code: the client's tokens and the browser that holds the sessions. */
export async function signedInClient(t: TestServer, config: oidc.Configuration, redirectUri: string, c = new Client(t.base), credentials: Credentials = DEMO) {
  const a = await authorize(t, config, c, redirectUri, {}, credentials);
  if (!a.callback) throw new Error(`no callback: ${a.visit.kind}`);
  const tokens = await oidc.authorizationCodeGrant(config, a.callback, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce, idTokenExpected: true });
  return { browser: c, tokens };
}

/** The three clients the provider's protocol tests sign in with: confidential by Basic, by post, and public. */
export const SECRET_BASIC = crypto.randomBytes(32).toString('base64url');
export const SECRET_POST = crypto.randomBytes(32).toString('base64url');
export const CALLBACK = 'https://rp.example/callback';
export const PUBLIC_CALLBACK = 'http://127.0.0.1:9/cb';
export const THREE_CLIENTS: ClientConfig[] = [
  { id: 'rp-basic', name: 'RP basic', redirectUris: [CALLBACK], secret: SECRET_BASIC },
  { id: 'rp-post', name: 'RP post', redirectUris: [CALLBACK], secret: SECRET_POST, tokenEndpointAuthMethod: 'client_secret_post' },
  { id: 'rp-public', name: 'RP public', redirectUris: [PUBLIC_CALLBACK] },
];
