import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../options';
import { ensureSigningKey, ID_TOKEN_SECONDS, rotateSigningKey } from '../oidc/signingKeys';
import { startServer, TEST_DATABASE_URL, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const db = () => t.server.ctx.stores.global;
const now = () => t.server.ctx.now();

async function jwks(): Promise<Array<Record<string, string>>> {
  const res = await fetch(`${t.base}/api/oidc/jwks`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: Array<Record<string, string>> }).keys;
}

async function storedKeys() {
  return db().selectFrom('oidc_signing_keys').select(['kid', 'retired_at', 'published_until']).orderBy('created_at').execute();
}

describe('OpenID provider: discovery and signing keys', () => {
  it('openid-client discovers the issuer at <origin>/oidc and its JWKS', async () => {
    const issuer = new URL(`${t.base}/api/oidc`);
    const config = await client.discovery(issuer, 'no-client-yet', undefined, undefined, { execute: [client.allowInsecureRequests] });
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(`${t.base}/api/oidc`);
    expect(meta.jwks_uri).toBe(`${t.base}/api/oidc/jwks`);
    expect(meta.authorization_endpoint).toBe(`${t.base}/api/oidc/auth`);
    expect(meta.id_token_signing_alg_values_supported).toEqual(['ES256']);
  });

  it('the discovery document is also where clients look first: at the origin (its issuer says where the issuer is) and at the RFC 8414 address', async () => {
    for (const at of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server/api/oidc']) {
      const res = await fetch(`${t.base}${at}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const meta = (await res.json()) as Record<string, string>;
      expect(meta.issuer).toBe(`${t.base}/api/oidc`);
      // The same document as the issuer's own: every endpoint under /api/oidc (issue 27), and its keys answer.
      for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'userinfo_endpoint', 'end_session_endpoint']) expect(meta[endpoint], endpoint).toMatch(new RegExp(`^${t.base}/api/oidc/`));
      const keys = await fetch(meta.jwks_uri!);
      expect(keys.headers.get('content-type')).toMatch(/^application\/(jwk-set\+)?json/);
    }
    // An integrator who took the origin for the issuer is told plainly, not handed a web page.
    await expect(client.discovery(new URL(t.base), 'no-client-yet', undefined, undefined, { execute: [client.allowInsecureRequests] })).rejects.toThrow(/issuer/i);
    const other = await fetch(`${t.base}/.well-known/security.txt.missing`);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('<html');
  });

  it('publishes the one key made at first start, public part only; a second start makes none', async () => {
    const keys = await jwks();
    const [stored] = await storedKeys();
    expect(keys).toEqual([{ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: stored!.kid, x: expect.any(String), y: expect.any(String) }]);
    await ensureSigningKey(db(), t.server.ctx.secrets, now());
    expect((await storedKeys()).map((k) => k.kid)).toEqual([stored!.kid]);
  });

  it('a rotation publishes the new key first and the old one until its ID tokens have expired', async () => {
    const [current] = await jwks();
    const fresh = await rotateSigningKey(db(), t.server.ctx.secrets, now(), ID_TOKEN_SECONDS);
    const kids = async () => (await jwks()).map((k) => k.kid);
    expect(await kids()).toEqual([fresh, current!.kid]);
    t.clock.advance(ID_TOKEN_SECONDS * 1000 - 1000);
    expect(await kids()).toEqual([fresh, current!.kid]);
    t.clock.advance(2000);
    expect((await jwks()).map((k) => k.kid)).toEqual([fresh]);
    // The next rotation deletes what is no longer published.
    const third = await rotateSigningKey(db(), t.server.ctx.secrets, now(), ID_TOKEN_SECONDS);
    expect((await storedKeys()).map((k) => k.kid)).toEqual([fresh, third]);
    expect((await jwks()).map((k) => k.kid)).toEqual([third, fresh]);
  });

  it.skipIf(TEST_DATABASE_URL)('npm run oidc:rotate-keys rotates the keys of a running server', async () => {
    const own = await startServer();
    try {
      const kids = async () => ((await (await fetch(`${own.base}/api/oidc/jwks`)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
      const before = await kids();
      const { stdout } = await promisify(execFile)(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'scripts', 'oidc-rotate-keys.ts')], {
        env: { ...process.env, DATA_DIR: own.dataDir, DATABASE_URL: '' },
      });
      const kid = /New signing key (\S+);/.exec(stdout)?.[1];
      expect(kid).toEqual(expect.any(String));
      expect(await kids()).toEqual([kid, ...before]);
    } finally {
      await own.close();
    }
  });

  it('counts towards the per-network API budget like the rest of /api', async () => {
    const limited = await startServer({ limits: { apiPerMinute: 4 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${limited.base}/api/oidc/jwks`)).status);
      statuses.push((await fetch(`${limited.base}/api/redirect/allow-urls`)).status);
      const over = await fetch(`${limited.base}/api/oidc/.well-known/openid-configuration`);
      expect([...statuses, over.status]).toEqual([200, 200, 200, 200, 429]);
      expect(await over.json()).toMatchObject({ errorCode: expect.any(Number) });
    } finally {
      await limited.close();
    }
  });

  it('the portal page still answers outside /oidc', async () => {
    const res = await fetch(`${t.base}/api/redirect/allow-urls`);
    expect(res.status).toBe(200);
  });
});
