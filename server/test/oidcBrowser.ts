/**
 * The parts of an OpenID client's world the server tests share: discovery with openid-client
 * (panva's, certified) and a "browser" (the harness's cookie-keeping client) that follows the
 * provider's redirects and signs in through the portal's own POST /api/login when sent there.
 */
import * as oidc from 'openid-client';
import { authorizationRequest } from '../../tests/support/oidcRequest';
import { Client, DEMO_PASSWORD, login, type TestServer } from './harness';

export async function discover(t: TestServer, clientId: string, auth: oidc.ClientAuth, secret?: string): Promise<oidc.Configuration> {
  const config = await oidc.discovery(new URL(`${t.base}/api/oidc`), clientId, secret, auth, { execute: [oidc.allowInsecureRequests] });
  // Verify ID token signatures against the provider's JWKS too (not only TLS-trusted).
  oidc.enableNonRepudiationChecks(config);
  return config;
}

export interface Browsed {
  callback: URL | null;
  status?: number;
  text?: string;
  login?: URL;
}

/** Follows redirects from `url` until one leaves for `callback` (returned), or returns the last answer. */
export async function browse(
  t: TestServer,
  c: Client,
  url: string,
  callback: string,
  credentials: { email: string; password: string } | null = { email: 'demo@example.com', password: DEMO_PASSWORD },
): Promise<Browsed> {
  let next = url;
  for (let hops = 0; hops < 12; hops++) {
    if (next.startsWith(callback)) return { callback: new URL(next) };
    const res = await c.get(next, { portal: false, headers: { Accept: 'text/html' } });
    const location = res.headers.get('location');
    if (res.status !== 302 && res.status !== 303) return { callback: null, status: res.status, text: res.text };
    const target = new URL(location!, next);
    if (target.origin === new URL(t.base).origin && target.pathname === '/login' && credentials) {
      const res2 = await login(c, target.searchParams.get('session_code')!, credentials);
      if (res2.status !== 200) throw new Error(`login: ${res2.text}`);
      const { serviceUrl, redirectParams } = res2.body.result as { serviceUrl: string; redirectParams: Record<string, string> };
      next = `${serviceUrl}?${new URLSearchParams(redirectParams)}`;
      continue;
    }
    if (target.pathname === '/login') return { callback: null, status: 302, login: target };
    next = target.toString();
  }
  throw new Error('too many redirects');
}

/** An authorization request (code + PKCE + state + nonce) followed through the browser. */
export async function authorize(t: TestServer, config: oidc.Configuration, c: Client, redirectUri: string, extra: Record<string, string> = {}, credentials?: { email: string; password: string } | null) {
  const { url, verifier, state, nonce } = await authorizationRequest(config, redirectUri, extra);
  const result = await browse(t, c, url.toString(), redirectUri, credentials);
  return { ...result, verifier, state, nonce };
}

/** Signs in and exchanges the code: the client's tokens and the browser that holds the sessions. */
export async function signedInClient(t: TestServer, config: oidc.Configuration, redirectUri: string, c = new Client(t.base), credentials?: { email: string; password: string }) {
  const a = await authorize(t, config, c, redirectUri, {}, credentials);
  if (!a.callback) throw new Error(`no callback: ${a.status} ${a.text ?? ''}`);
  const tokens = await oidc.authorizationCodeGrant(config, a.callback, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce, idTokenExpected: true });
  return { browser: c, tokens };
}
