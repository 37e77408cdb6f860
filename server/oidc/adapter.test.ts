import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../db/stores';
import type { Stores } from '../db/types';
import { kyselyAdapter, pruneOidcPayloads } from './adapter';

let stores: Stores;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-oidc-adapter-'));
let now = 1_700_000_000_000;
beforeAll(async () => {
  stores = await openStores({ dataDir });
});
afterAll(async () => {
  await stores.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the provider adapter over kysely', () => {
  it('stores, finds by id, uid and user code, expires, consumes, revokes by grant and prunes', async () => {
    const Adapter = kyselyAdapter(stores.global, () => now);
    const codes = new Adapter('AuthorizationCode');
    const sessions = new Adapter('Interaction');
    await codes.upsert('c1', { accountId: 'a1', grantId: 'g1', uid: 'u1' }, 60);
    await codes.upsert('c2', { accountId: 'a1', grantId: 'g2' }, 60);
    await sessions.upsert('c1', { uid: 'u-other' }, 0);
    // A code is kept by the digest of its id, which find() gives back as the document's `jti`.
    expect(await codes.find('c1')).toEqual({ accountId: 'a1', grantId: 'g1', uid: 'u1', jti: 'c1' });
    // Models do not see each other's documents of the same id.
    expect(await sessions.find('c1')).toEqual({ uid: 'u-other' });
    expect(await codes.findByUid('u1')).toEqual({ accountId: 'a1', grantId: 'g1', uid: 'u1' });
    await codes.consume('c1');
    expect(await codes.find('c1')).toEqual({ accountId: 'a1', grantId: 'g1', uid: 'u1', jti: 'c1', consumed: Math.floor(now / 1000) });
    const tokens = new Adapter('AccessToken');
    await tokens.upsert('t1', { accountId: 'a1', grantId: 'g1' }, 60);
    await sessions.upsert('i1', { uid: 'u-i1', grantId: 'g1' }, 60);
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    // Each model revokes its own documents of the grant: an interaction under way is no code or token.
    expect(await sessions.find('i1')).toEqual({ uid: 'u-i1', grantId: 'g1' });
    expect(await tokens.find('t1')).toMatchObject({ grantId: 'g1' });
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    await sessions.destroy('i1');
    now += 61_000;
    expect(await codes.find('c2')).toBeUndefined();
    // Without an expiry it stays.
    expect(await sessions.find('c1')).toEqual({ uid: 'u-other' });
    await pruneOidcPayloads(stores.global, now);
    const left = await stores.global.selectFrom('oidc_payloads').select('key').where('model', '!=', 'CookieKeys').execute();
    expect(left.map((r) => r.key)).toEqual(['Interaction:c1']);
    await sessions.destroy('c1');
    expect(await sessions.find('c1')).toBeUndefined();
  });
});
