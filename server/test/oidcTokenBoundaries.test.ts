/**
 * Issue 26, the provider's token and client boundaries: its codes and tokens are kept by digest
 * only (and rows of before are re-keyed by the migration), every client's refresh token rotates,
 * a client authenticates with its registered method only, and discovery offers only what a
 * registered client can use.
 */
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalMigrations } from '../db/migrations';
import { authorize, CALLBACK, clientConfig, PUBLIC_CALLBACK, SECRET_BASIC, SECRET_POST, signedInClient, THREE_CLIENTS } from './oidcBrowser';
import { Client, startServer, TEST_DATABASE_URL, type TestServer } from './harness';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ clients: THREE_CLIENTS });
});
afterAll(async () => t.close());

const basicConfig = () => clientConfig(t, 'rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
const postConfig = () => clientConfig(t, 'rp-post', oidc.ClientSecretPost(SECRET_POST), SECRET_POST);

/** Every row of the provider's table, every column, as text. */
async function providerTable(server: TestServer): Promise<string> {
  return JSON.stringify(await server.server.ctx.stores.global.selectFrom('oidc_payloads').selectAll().execute());
}

/** A POST to one of the provider's endpoints, form-encoded, with or without a Basic header. */
async function postForm(server: TestServer, path: string, form: Record<string, string>, basic?: [string, string]) {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (basic) headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(basic[0])}:${encodeURIComponent(basic[1])}`).toString('base64')}`;
  const res = await fetch(`${server.base}/api/oidc${path}`, { method: 'POST', headers, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null, wwwAuthenticate: res.headers.get('www-authenticate') };
}

describe('codes and tokens are kept by digest', () => {
  it('no code or token appears in the table, and they all still work: userinfo, refresh, introspection, revocation', async () => {
    const config = await basicConfig();
    const a = await authorize(t, config, new Client(t.base), CALLBACK);
    const code = a.callback!.searchParams.get('code')!;
    const tokens = await oidc.authorizationCodeGrant(config, a.callback!, { pkceCodeVerifier: a.verifier, expectedState: a.state, expectedNonce: a.nonce });
    const sub = tokens.claims()!.sub;
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    const table = await providerTable(t);
    for (const secret of [code, tokens.access_token, tokens.refresh_token!, refreshed.access_token, refreshed.refresh_token!]) expect(table).not.toContain(secret);
    const keys = (await t.server.ctx.stores.global.selectFrom('oidc_payloads').select('key').execute()).map((r) => r.key);
    expect(keys).toContain(`AccessToken:${digest(refreshed.access_token)}`);
    expect(keys).toContain(`RefreshToken:${digest(refreshed.refresh_token!)}`);
    expect(keys).toContain(`AuthorizationCode:${digest(code)}`);

    expect(await oidc.fetchUserInfo(config, refreshed.access_token, sub)).toMatchObject({ sub, email: 'demo@example.com' });
    expect(await oidc.tokenIntrospection(config, refreshed.access_token)).toMatchObject({ active: true, sub, client_id: 'rp-basic' });
    expect(await oidc.tokenIntrospection(config, refreshed.refresh_token!)).toMatchObject({ active: true, sub, client_id: 'rp-basic' });
    await oidc.tokenRevocation(config, refreshed.access_token);
    expect(await oidc.tokenIntrospection(config, refreshed.access_token)).toEqual({ active: false });
    await oidc.tokenRevocation(config, refreshed.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('the migration re-keys rows kept by raw token before, and those tokens keep working', async () => {
    const config = await postConfig();
    const { tokens } = await signedInClient(t, config, CALLBACK);
    const db = t.server.ctx.stores.global;
    // As an older version kept them: the raw token in the key and as `jti` in the document.
    for (const [model, token] of [['AccessToken', tokens.access_token], ['RefreshToken', tokens.refresh_token!]] as const) {
      const row = await db.selectFrom('oidc_payloads').select('payload').where('key', '=', `${model}:${digest(token)}`).executeTakeFirstOrThrow();
      const payload = JSON.stringify({ ...(JSON.parse(row.payload) as object), jti: token });
      await db.updateTable('oidc_payloads').set({ key: `${model}:${token}`, payload }).where('key', '=', `${model}:${digest(token)}`).execute();
    }
    expect(await providerTable(t)).toContain(tokens.refresh_token!);
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toBeDefined();

    await globalMigrations(TEST_DATABASE_URL ? 'postgres' : 'sqlite')['008_oidc_token_digests']!.up(db);
    const table = await providerTable(t);
    expect(table).not.toContain(tokens.access_token);
    expect(table).not.toContain(tokens.refresh_token!);
    expect(await oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).toMatchObject({ email: 'demo@example.com' });
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
  });
});

describe.each([
  ['client_secret_basic', basicConfig],
  ['client_secret_post', postConfig],
] as const)('a confidential client (%s): refresh tokens rotate', (_method, config) => {
  it('a refresh answers a new refresh token; the old one then fails, and its reuse revokes the grant', async () => {
    const c = await config();
    const { tokens } = await signedInClient(t, c, CALLBACK);
    const first = await oidc.refreshTokenGrant(c, tokens.refresh_token!);
    expect(first.refresh_token).toEqual(expect.any(String));
    expect(first.refresh_token).not.toBe(tokens.refresh_token);
    const second = await oidc.refreshTokenGrant(c, first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // The spent one presented again: refused, and the grant's live tokens go with it.
    await expect(oidc.refreshTokenGrant(c, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.refreshTokenGrant(c, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await oidc.tokenIntrospection(c, second.access_token)).toEqual({ active: false });
  });
});

describe('a client authenticates with its registered method only', () => {
  it('a client_secret_basic client presenting its secret in the body is refused (invalid_client), at token, introspection and revocation', async () => {
    const { tokens } = await signedInClient(t, await basicConfig(), CALLBACK);
    const asPost = { client_id: 'rp-basic', client_secret: SECRET_BASIC };
    for (const [path, form] of [
      ['/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }],
      ['/token/introspection', { token: tokens.access_token }],
      ['/token/revocation', { token: tokens.refresh_token! }],
    ] as const) {
      const res = await postForm(t, path, { ...form, ...asPost });
      expect([path, res.status, res.body?.error]).toEqual([path, 401, 'invalid_client']);
    }
    // Nothing was spent: the registered method goes on working.
    const ok = await postForm(t, '/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }, ['rp-basic', SECRET_BASIC]);
    expect(ok.status).toBe(200);
    expect(ok.body?.refresh_token).toEqual(expect.any(String));
  });

  it('a client_secret_post client presenting its secret in a Basic header is refused (invalid_client, with the Basic challenge)', async () => {
    const { tokens } = await signedInClient(t, await postConfig(), CALLBACK);
    const refresh = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! };
    const res = await postForm(t, '/token', refresh, ['rp-post', SECRET_POST]);
    expect([res.status, res.body?.error]).toEqual([401, 'invalid_client']);
    expect(res.wwwAuthenticate).toMatch(/^Basic /);
    const ok = await postForm(t, '/token', { ...refresh, client_id: 'rp-post', client_secret: SECRET_POST });
    expect(ok.status).toBe(200);
  });

  it('where every confidential client uses client_secret_basic, the provider does not take a secret in the body at all', async () => {
    const only = await startServer({ clients: [{ id: 'rp-basic', name: 'RP basic', redirectUris: [CALLBACK], secret: SECRET_BASIC }] });
    try {
      const config = await clientConfig(only, 'rp-basic', oidc.ClientSecretBasic(SECRET_BASIC), SECRET_BASIC);
      expect(config.serverMetadata().token_endpoint_auth_methods_supported).toContain('client_secret_basic');
      expect(config.serverMetadata().token_endpoint_auth_methods_supported).not.toContain('client_secret_post');
      const { tokens } = await signedInClient(only, config, CALLBACK);
      const res = await postForm(only, '/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'rp-basic', client_secret: SECRET_BASIC });
      expect([res.status, res.body?.error]).toEqual([401, 'invalid_client']);
      expect((await oidc.refreshTokenGrant(config, tokens.refresh_token!)).access_token).toEqual(expect.any(String));
    } finally {
      await only.close();
    }
  });
});

describe('discovery offers only what a registered client can use', () => {
  it('the code flow, its grants, the registered auth methods; no implicit or hybrid, PAR, DPoP or JWT client authentication', async () => {
    const res = await fetch(`${t.base}/api/oidc/.well-known/openid-configuration`);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    const methods = ['client_secret_basic', 'client_secret_post', 'none'];
    // The same methods hold at introspection and revocation (the provider advertises them once).
    expect((doc.token_endpoint_auth_methods_supported as string[]).sort()).toEqual(methods);
    for (const absent of [
      'pushed_authorization_request_endpoint',
      'require_pushed_authorization_requests',
      'dpop_signing_alg_values_supported',
      'token_endpoint_auth_signing_alg_values_supported',
      'introspection_endpoint_auth_signing_alg_values_supported',
      'revocation_endpoint_auth_signing_alg_values_supported',
    ]) expect([absent, doc[absent]]).toEqual([absent, undefined]);
  });

  it('each advertised auth method signs a registered client in; each advertised response type and mode delivers a code; other types are refused', async () => {
    const meta = (await basicConfig()).serverMetadata();
    const configs: Record<string, () => Promise<oidc.Configuration>> = {
      client_secret_basic: basicConfig,
      client_secret_post: postConfig,
      none: () => clientConfig(t, 'rp-public', oidc.None()),
    };
    for (const method of meta.token_endpoint_auth_methods_supported!) {
      const config = await configs[method]!();
      const { tokens } = await signedInClient(t, config, method === 'none' ? PUBLIC_CALLBACK : CALLBACK);
      expect([method, tokens.token_type]).toEqual([method, 'bearer']);
    }
    for (const responseType of meta.response_types_supported ?? []) {
      const config = await basicConfig();
      const a = await authorize(t, config, new Client(t.base), CALLBACK, { response_type: responseType });
      expect([responseType, a.callback?.searchParams.get('code')]).toEqual([responseType, expect.any(String)]);
    }
    for (const mode of meta.response_modes_supported!) {
      const a = await authorize(t, await basicConfig(), new Client(t.base), CALLBACK, { response_mode: mode });
      // form_post: the provider's page posting the code to the callback.
      const delivered =
        mode === 'form_post' && a.visit.kind === 'other' ? /name="code" value="([^"]+)"/.exec(a.visit.res.text)?.[1] : (mode === 'fragment' ? new URLSearchParams(a.callback?.hash.slice(1)) : a.callback?.searchParams)?.get('code');
      expect([mode, delivered]).toEqual([mode, expect.any(String)]);
    }
    for (const responseType of ['id_token', 'code id_token', 'id_token token']) {
      const a = await authorize(t, await basicConfig(), new Client(t.base), CALLBACK, { response_type: responseType });
      const error = a.callback?.searchParams.get('error') ?? new URLSearchParams(a.callback?.hash.slice(1)).get('error');
      expect([responseType, error]).toEqual([responseType, 'unsupported_response_type']);
    }
  });
});
