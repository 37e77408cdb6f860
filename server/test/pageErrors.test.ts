import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { isNavigation } from '../http/pageErrors';
import { authorizeUrl, Client, pkce, startServer, type TestServer } from './harness';

/**
 * The GETs a browser is sent to (the spec's hand-off, the help desk's, mailed links): a browser's
 * navigation that fails goes to the portal's sign-in problem page with a kind and its language,
 * never the JSON; an API caller still gets the JSON.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ clients: [{ id: 'svc', name: 'A service', redirectUris: ['http://127.0.0.1:9/cb'], serviceUrl: 'http://127.0.0.1:9/home' }] });
});
afterAll(async () => t.close());

/** What Chromium sends for a typed address or a followed link. */
const NAVIGATION = { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A GET with exactly these headers (fetch() would send its own Sec-Fetch-Mode: cors). */
function navigate(path: string, headers: Record<string, string> = NAVIGATION): Promise<{ status: number; location: URL | null }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.base}${path}`, { headers }, (res) => {
      res.resume();
      const location = res.headers.location;
      resolve({ status: res.statusCode ?? 0, location: location ? new URL(location, t.base) : null });
    });
    req.on('error', reject);
  });
}

describe('a failed navigation to /api/authorize', () => {
  const { challenge } = pkce();
  const svc = { clientId: 'svc', redirectUri: 'http://127.0.0.1:9/cb', challenge };
  const cases: Array<[string, string, Record<string, string | undefined>, string | null]> = [
    ['an unknown client', 'unknownClient', { client_id: 'nope' }, null],
    ['a redirect URI the client did not register', 'redirectUri', { redirect_uri: 'https://evil.example/cb' }, 'http://127.0.0.1:9/home'],
    ['a response type other than code', 'responseType', { response_type: 'token' }, 'http://127.0.0.1:9/home'],
    ['a scope it does not grant', 'scope', { scope: 'openid admin' }, 'http://127.0.0.1:9/home'],
    ['no PKCE', 'pkce', { code_challenge: undefined, code_challenge_method: undefined }, 'http://127.0.0.1:9/home'],
    ['PKCE plain', 'pkce', { code_challenge_method: 'plain' }, 'http://127.0.0.1:9/home'],
    ['a parameter over its schema', 'invalidRequest', { state: 'x'.repeat(600) }, null],
  ];

  it.each(cases)('%s: 303 to the problem page with its kind, the language and the configured service', async (_name, kind, change, service) => {
    const q = new URLSearchParams(authorizeUrl(t.base, svc).split('?')[1]);
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) q.delete(k);
      else q.set(k, v);
    }
    q.set('lang', 'de_DE');
    const res = await navigate(`/api/authorize?${q}`);
    expect(res.status).toBe(303);
    expect(`${res.location!.origin}${res.location!.pathname}`).toBe(`${t.base}/sign-in-problem`);
    expect(Object.fromEntries(res.location!.searchParams)).toEqual({ kind, lang: 'de_DE', ...(service ? { service } : {}) });
  });

  it('takes an Accept that prefers HTML as a navigation where Sec-Fetch-Mode is not sent, and never carries request text', async () => {
    const res = await navigate(`${authorizeUrl(t.base, { challenge, clientId: '<b>x</b>' })}&language=xx_YY&lang=%3Cscript%3E`, { Accept: 'text/html' });
    expect(res.status).toBe(303);
    expect(res.location!.search).toBe('?kind=unknownClient');
  });

  it('still answers an API caller (fetch, a back end) with the JSON', async () => {
    const c = new Client(t.base);
    const json = await c.get(authorizeUrl(t.base, { challenge, clientId: 'nope' }));
    expect(json.status).toBe(400);
    expect(json.body.errorCode).toBe(E.invalidClientOrRedirect);
    const fromFetch = await c.req('GET', authorizeUrl(t.base, { ...svc, extra: { response_type: 'token' } }), { headers: { 'Sec-Fetch-Mode': 'cors', Accept: '*/*' } });
    expect(fromFetch.body.errorCode).toBe(E.unsupportedResponseType);
  });
});

describe("the help desk's refused return_to", () => {
  it('sends a navigation to the problem page offering the help desk, and tells an API caller -20212 in words', async () => {
    const refused = `/api/helpdesk/sso?brand_id=7&return_to=${encodeURIComponent('https://evil.example/')}&lang=fr_FR`;
    const res = await navigate(refused);
    expect(res.status).toBe(303);
    expect(Object.fromEntries(res.location!.searchParams)).toEqual({ kind: 'returnTo', lang: 'fr_FR', service: t.base });
    const api = await new Client(t.base).get(refused);
    expect(api.status).toBe(400);
    expect(api.body).toEqual({ errorCode: E.invalidServiceUrl, message: 'The address to return to is not one this portal allows.' });
  });
});

describe('a mailed link the server refuses', () => {
  it('goes to the problem page, not the JSON', async () => {
    const res = await navigate(`/api/activations/verify?token=${'x'.repeat(300)}`);
    expect(res.status).toBe(303);
    expect(res.location!.searchParams.get('kind')).toBe('invalidRequest');
  });
});

describe('isNavigation', () => {
  it.each([
    [{ 'sec-fetch-mode': 'navigate', accept: 'application/json' }, true],
    [{ 'sec-fetch-mode': 'cors', accept: 'text/html' }, false],
    [{ accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }, true],
    [{ accept: 'application/json, text/html' }, false],
    [{ accept: 'text/html;q=0.5, application/json' }, false],
    [{ accept: '*/*' }, false],
    [{}, false],
  ])('%j → %s', (headers, expected) => {
    expect(isNavigation(headers)).toBe(expected);
  });
});
