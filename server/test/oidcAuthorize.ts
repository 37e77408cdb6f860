/**
 * One authorization of a connected service ("rp") over OpenID Connect, driven as a browser and
 * the login page would drive it, and the code exchanged with openid-client (a client no one here
 * wrote). Shared by the tests of what a service may ask for: re-authentication, the MFA context.
 */
import * as oidc from 'openid-client';
import { expect } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { authorizationRequest } from '../../tests/support/oidcRequest';
import { clientConfig, totpCode } from './oidcBrowser';
import type { Client, TestServer } from './harness';
import type { SoftAuthenticator } from './softAuthenticator';

export const CALLBACK = 'https://rp.example/callback';

/**
 * How the login page signs in: the password, then the authenticator code when asked (or, with
 * `passkey` too, a passkey when that is the step's one method); or a passkey alone.
 */
export type Credentials = { email: string; password: string; passkey?: SoftAuthenticator } | { email: string; passkey: SoftAuthenticator };

export interface Outcome {
  /** Whether the login page was shown at all (false: the portal session answered at once). */
  loginPage: boolean;
  /** Whether the sign-in asked for the second factor. */
  secondFactorAsked: boolean;
  /** Whether that challenge offered "Don't ask again on this device". */
  trustOffered: boolean;
  /** The ID token's claims, or the error the client heard. */
  claims: oidc.IDToken | null;
  error: string | null;
}

type Json = Record<string, unknown>;

/**
 * The login page's passkey ceremony for this login session: the proof that stands in for the
 * password, or (with the MFA process) passes the second factor.
 */
async function passkeyProof(c: Client, sessionCode: string, device: SoftAuthenticator, mfaProcessId?: string): Promise<string> {
  const headers = { session_code: sessionCode };
  const process = mfaProcessId ? { mfaProcessId } : {};
  const options = (await c.post('/api/login/passkey/options', process, { headers })).body.result.options as Json;
  const verified = await c.post('/api/login/passkey/verify', { response: device.get(options), ...process }, { headers });
  return verified.body.result.passkeyProof as string;
}

/**
 * One authorization of client `rp` in browser `c`, signing in at the login page as the page
 * would (password, then the authenticator code when asked; or a passkey), and the code exchanged.
 */
export async function authorize(t: TestServer, c: Client, credentials: Credentials, extra: Record<string, string> = {}, signOutFirst = false, trustDevice = false): Promise<Outcome> {
  const config = await clientConfig(t, 'rp', oidc.None());
  const request = await authorizationRequest(config, CALLBACK, extra);
  let next = request.url.toString();
  let loginPage = false;
  let secondFactorAsked = false;
  let trustOffered = false;
  for (let hops = 0; hops < 12 && !next.startsWith(CALLBACK); hops++) {
    const res = await c.get(next, { portal: false, headers: { Accept: 'text/html' } });
    const target = new URL(res.headers.get('location') ?? '', next);
    if (target.pathname !== '/login') {
      next = target.toString();
      continue;
    }
    expect(loginPage).toBe(false);
    loginPage = true;
    const sessionCode = target.searchParams.get('session_code')!;
    // "Sign out and use another account" at a re-authentication: an ordinary sign-in follows.
    if (signOutFirst) expect((await c.post('/api/logout', undefined)).status).toBe(200);
    const send = (body: Record<string, unknown>) => c.post('/api/login', body, { headers: { session_code: sessionCode } });
    const first = 'password' in credentials ? { email: credentials.email, password: credentials.password } : { email: credentials.email, passkeyProof: await passkeyProof(c, sessionCode, credentials.passkey) };
    let done = await send(first);
    if (done.body.errorCode === E.mfaRequired) {
      secondFactorAsked = true;
      const challenge = done.body.result as { trustDeviceDays?: number; MFAProcessId: string; supportedMFATypes: number[] };
      trustOffered = typeof challenge.trustDeviceDays === 'number';
      const mfaProcessId = challenge.MFAProcessId;
      const answer =
        challenge.supportedMFATypes.length === 0 && credentials.passkey
          ? { passkeyProof: await passkeyProof(c, sessionCode, credentials.passkey, mfaProcessId) }
          : { mfaType: 3, code: await totpCode(t, credentials.email) };
      done = await send({ ...first, ...answer, mfaProcessId, ...(trustDevice ? { trustDevice } : {}) });
    }
    expect(done.status).toBe(200);
    next = `${done.body.result.serviceUrl}?${new URLSearchParams(done.body.result.redirectParams)}`;
  }
  const callback = new URL(next);
  const error = callback.searchParams.get('error');
  if (error) return { loginPage, secondFactorAsked, trustOffered, claims: null, error };
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce });
  return { loginPage, secondFactorAsked, trustOffered, claims: tokens.claims() ?? null, error: null };
}

/** Follows an authorization request of client `rp` to the portal's login page: its session code. */
export async function openLoginPage(t: TestServer, c: Client, extra: Record<string, string> = {}): Promise<string> {
  const config = await clientConfig(t, 'rp', oidc.None());
  let next = (await authorizationRequest(config, CALLBACK, extra)).url.toString();
  for (let hops = 0; hops < 8; hops++) {
    const res = await c.get(next, { portal: false, headers: { Accept: 'text/html' } });
    const target = new URL(res.headers.get('location') ?? '', next);
    if (target.pathname === '/login') return target.searchParams.get('session_code')!;
    next = target.toString();
  }
  throw new Error('the authorization request did not reach the login page');
}
