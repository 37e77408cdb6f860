/**
 * Issue 26, clients and tokens: a confidential client proves itself at the spec's token endpoint
 * with its registered method only (codes and refreshes), the exchange names the authorization
 * request's redirect URI, and a connected service's token reaches only the routes meant for
 * services, never the account's profile, security or company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { authorizeUrl, Client, DEMO_PASSWORD, pkce, signIn, startServer, type TestServer } from './harness';

const SECRET = 'conf-client-secret-0123456789-abcdefghijklmnop';
const CONF_CB = 'https://conf.example/cb';
const POST_CB = 'https://post.example/cb';
const PUB_CB = 'https://pub.example/cb';

let t: TestServer;
let browser: Client;
beforeAll(async () => {
  t = await startServer({
    clients: [
      { id: 'conf', name: 'Confidential (basic)', redirectUris: [CONF_CB], secret: SECRET },
      { id: 'conf-post', name: 'Confidential (post)', redirectUris: [POST_CB], secret: SECRET, tokenEndpointAuthMethod: 'client_secret_post' },
      { id: 'pub', name: 'Public', redirectUris: [PUB_CB] },
    ],
  });
  browser = new Client(t.base);
  await signIn(browser, 'demo@example.com', DEMO_PASSWORD);
});
afterAll(async () => t.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A signed-in browser opens an authorization request for `clientId`: the code is issued silently. */
async function codeFor(clientId: string, redirectUri: string) {
  const { verifier, challenge } = pkce();
  const res = await browser.get(authorizeUrl(t.base, { clientId, redirectUri, challenge }));
  expect(res.status).toBe(302);
  const code = new URL(res.headers.get('location')!).searchParams.get('code');
  expect(code).toBeTruthy();
  return { code: code!, verifier };
}

/** The service's back end: no cookies, no portal header. */
function service() {
  return new Client(t.base);
}

async function exchange(clientId: string | undefined, redirectUri: string | undefined, auth: { header?: string; secret?: string } = {}) {
  const { code, verifier } = await codeFor(clientId ?? 'conf', clientId === 'conf-post' ? POST_CB : clientId === 'pub' ? PUB_CB : CONF_CB);
  const body: Record<string, string> = { grant_type: 'authorization_code', code, code_verifier: verifier };
  if (clientId) body.client_id = clientId;
  if (redirectUri) body.redirect_uri = redirectUri;
  if (auth.secret !== undefined) body.client_secret = auth.secret;
  return service().post('/api/token', body, { portal: false, headers: auth.header ? { Authorization: auth.header } : {} });
}

describe('a confidential client at /api/token', () => {
  it('cannot redeem a code without its secret', async () => {
    const res = await exchange('conf', CONF_CB);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe(E.invalidClient);
  });

  it('cannot use another method than the one it is registered for, nor a wrong secret', async () => {
    const post = await exchange('conf', CONF_CB, { secret: SECRET });
    expect([post.status, post.body.errorCode]).toEqual([401, E.invalidClient]);
    const wrong = await exchange('conf', CONF_CB, { header: basic('conf', `${SECRET}x`) });
    expect([wrong.status, wrong.body.errorCode]).toEqual([401, E.invalidClient]);
    const basicForPost = await exchange('conf-post', POST_CB, { header: basic('conf-post', SECRET) });
    expect([basicForPost.status, basicForPost.body.errorCode]).toEqual([401, E.invalidClient]);
    const otherId = await exchange('conf', CONF_CB, { header: basic('conf-post', SECRET) });
    expect([otherId.status, otherId.body.errorCode]).toEqual([401, E.invalidClient]);
  });

  it('must name the authorization request redirect URI', async () => {
    const none = await exchange('conf', undefined, { header: basic('conf', SECRET) });
    expect([none.status, none.body.errorCode]).toEqual([400, E.invalidClientOrRedirect]);
    const other = await exchange('conf', 'https://conf.example/other', { header: basic('conf', SECRET) });
    expect([other.status, other.body.errorCode]).toEqual([400, E.invalidClientOrRedirect]);
  });

  it('redeems with its registered method (client_id in the Basic header alone, or client_secret_post)', async () => {
    const viaBasic = await exchange(undefined, CONF_CB, { header: basic('conf', SECRET) });
    expect(viaBasic.status).toBe(200);
    const viaPost = await exchange('conf-post', POST_CB, { secret: SECRET });
    expect(viaPost.status).toBe(200);
  });

  it('refreshes only with its secret, at /api/token', async () => {
    const tokens = (await exchange('conf', CONF_CB, { header: basic('conf', SECRET) })).body.result;
    const spaWay = await service().post('/api/refresh-token', { refreshToken: tokens.refreshToken }, { portal: false });
    expect([spaWay.status, spaWay.body.errorCode]).toEqual([401, E.invalidClient]);
    const noSecret = await service().post('/api/token', { grant_type: 'refresh_token', client_id: 'conf', refresh_token: tokens.refreshToken }, { portal: false });
    expect([noSecret.status, noSecret.body.errorCode]).toEqual([401, E.invalidClient]);
    const asOther = await service().post('/api/token', { grant_type: 'refresh_token', client_id: 'conf-post', client_secret: SECRET, refresh_token: tokens.refreshToken }, { portal: false });
    expect([asOther.status, asOther.body.errorCode]).toEqual([401, E.invalidClient]);
    const ok = await service().post('/api/token', { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, { portal: false, headers: { Authorization: basic('conf', SECRET) } });
    expect(ok.status).toBe(200);
    expect(ok.body.result.refreshToken).not.toBe(tokens.refreshToken);
  });
});

describe("another client's code", () => {
  it('is refused without being spent: its own client still redeems it', async () => {
    const { code, verifier } = await codeFor('pub', PUB_CB);
    const asPortal = await service().post('/api/token', { grant_type: 'authorization_code', client_id: 'portal', code, code_verifier: verifier, redirect_uri: PUB_CB }, { portal: false });
    expect([asPortal.status, asPortal.body.errorCode]).toEqual([400, E.invalidCode]);
    const own = await service().post('/api/token', { grant_type: 'authorization_code', client_id: 'pub', code, code_verifier: verifier, redirect_uri: PUB_CB }, { portal: false });
    expect(own.status).toBe(200);
  });
});

describe('a public client at /api/token', () => {
  it('presents no secret', async () => {
    const res = await exchange('pub', PUB_CB, { secret: 'anything-at-all' });
    expect([res.status, res.body.errorCode]).toEqual([401, E.invalidClient]);
    expect((await exchange('pub', PUB_CB)).status).toBe(200);
  });
});

describe('the portal API audience', () => {
  it("answers a connected service's token only where services belong", async () => {
    const tokens = (await exchange('pub', PUB_CB)).body.result;
    const svc = service();
    svc.accessToken = tokens.accessToken;
    const me = await svc.get('/api/user-info', { auth: true });
    expect(me.status).toBe(200);
    const accountId = me.body.result.accountId as string;
    for (const path of [`/api/account/${accountId}/sessions`, `/api/accounts/${accountId}/orgs`]) {
      const res = await svc.get(path, { auth: true });
      expect([path, res.status, res.body.errorCode]).toEqual([path, 403, E.permissionDenied]);
    }
    const update = await svc.post('/api/account/updateInfo', { email: 'demo@example.com', accountId, firstName: 'Mallory' }, { auth: true });
    expect([update.status, update.body.errorCode]).toEqual([403, E.permissionDenied]);
    // The portal's own token still reaches them.
    expect((await browser.get(`/api/account/${accountId}/sessions`, { auth: true })).status).toBe(200);
    expect((await browser.get('/api/user-info', { auth: true })).body.result.firstName).not.toBe('Mallory');
  });
});
