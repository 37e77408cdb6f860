import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { hashSecret } from '../domain/tokens';
import { Client, DEMO_PASSWORD, signIn, startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ limits: { refreshReuseGraceSeconds: 10 } });
});
afterAll(async () => t.close());

const refresh = (c: Client, refreshToken: string) => c.post('/api/refresh-token', { refreshToken });
const userInfo = (c: Client, accessToken: string) => c.get('/api/user-info', { auth: `Bearer ${accessToken}` });

describe('refresh-token reuse grace (two tabs refreshing at once)', () => {
  it('the just-rotated token presented again within the grace gets the same new pair, and nothing is revoked', async () => {
    const c = new Client(t.base);
    const first = await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const a = await refresh(c, first.refreshToken);
    expect(a.status).toBe(200);
    t.clock.advance(3000);
    const b = await refresh(c, first.refreshToken);
    expect(b.status).toBe(200);
    expect(b.body.result.accessToken).toBe(a.body.result.accessToken);
    expect(b.body.result.refreshToken).toBe(a.body.result.refreshToken);
    expect((await userInfo(c, a.body.result.accessToken)).status).toBe(200);
    // The family lives on: the pair rotates normally.
    expect((await refresh(c, a.body.result.refreshToken)).status).toBe(200);
  });

  it('parallel refreshes with one token all succeed with one pair; one new token is issued', async () => {
    const c = new Client(t.base);
    const first = await signIn(c, 'member@example.com', DEMO_PASSWORD);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(c, first.refreshToken)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.result.refreshToken)).size).toBe(1);
    expect((await userInfo(c, answers[0]!.body.result.accessToken)).status).toBe(200);
    const db = t.server.ctx.region('Euw');
    const original = await db.selectFrom('tokens').select('family_id').where('refresh_hash', '=', hashSecret(first.refreshToken)).executeTakeFirstOrThrow();
    const family = await db.selectFrom('tokens').select('id').where('family_id', '=', original.family_id).execute();
    expect(family).toHaveLength(2); // the original and its one successor: the losers' pairs were withdrawn
  });

  it('after the grace, the old token is theft: the family is revoked', async () => {
    const c = new Client(t.base);
    const first = await signIn(c, 'admin@example.com', DEMO_PASSWORD);
    const a = await refresh(c, first.refreshToken);
    t.clock.advance(11_000);
    const late = await refresh(c, first.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.errorCode).toBe(E.tokenExpired);
    expect((await refresh(c, a.body.result.refreshToken)).status).toBe(401);
    expect((await userInfo(c, a.body.result.accessToken)).body.errorCode).toBe(E.invalidToken);
  });

  it('within the grace but after the new pair was itself rotated, the old token is theft too', async () => {
    const c = new Client(t.base);
    const first = await signIn(c, 'owner@example.com', DEMO_PASSWORD);
    const a = await refresh(c, first.refreshToken);
    const b = await refresh(c, a.body.result.refreshToken);
    expect(b.status).toBe(200);
    const replay = await refresh(c, first.refreshToken);
    expect(replay.status).toBe(401);
    expect((await refresh(c, b.body.result.refreshToken)).status).toBe(401);
  });
});
