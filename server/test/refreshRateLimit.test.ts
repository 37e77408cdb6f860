import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import { hashSecret } from '../domain/tokens';
import { Client, DEMO_PASSWORD, signIn, startServer, type TestServer } from './harness';

/**
 * Issue 26: a refresh the per-client limit refuses (429) is refused before the token is looked at,
 * so the tab that waits out the Retry-After still holds a current token: no rotation happened, and
 * its retry, however late, is no reuse. The limit counts by client address only.
 */
const LIMIT = 12;
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ limits: { apiPerMinute: LIMIT, refreshReuseGraceSeconds: 10 }, trustProxy: 1 });
});
afterAll(async () => t.close());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });

/** Spends what is left of `client`'s window. */
async function fillWindow(client: Client): Promise<void> {
  for (let i = 0; i <= LIMIT; i += 1) if ((await client.get('/api/redirect/allow-urls')).status === 429) return;
  throw new Error('the limit was not reached');
}

describe('the refresh under the per-client rate limit', () => {
  it('is refused with 429 and a wait before any rotation; after the wait, the same token refreshes and the family lives on', async () => {
    const c = new Client(t.base, from('198.51.100.7'));
    const first = await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    await fillWindow(c);

    const refused = await c.post('/api/refresh-token', { refreshToken: first.refreshToken });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe(E.rateLimited);
    const wait = refused.body.result.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // The same wait in the standard header (RFC 9110), for clients that read only that.
    expect(refused.headers.get('retry-after')).toBe(String(Math.max(1, Math.ceil(wait))));

    const db = t.server.ctx.region('Euw');
    const row = await db.selectFrom('tokens').selectAll().where('refresh_hash', '=', hashSecret(first.refreshToken)).executeTakeFirstOrThrow();
    expect(row.rotated_at).toBeNull();
    expect(row.successor).toBeNull();
    expect(row.revoked_at).toBeNull();
    expect(await db.selectFrom('tokens').select('id').where('family_id', '=', row.family_id).execute()).toHaveLength(1);

    // Past the Retry-After and well past the reuse grace: a rotation at the 429 would now read as theft.
    t.clock.advance(wait * 1000 + 11_000);
    const retried = await c.post('/api/refresh-token', { refreshToken: first.refreshToken });
    expect(retried.status).toBe(200);
    expect((await c.get('/api/user-info', { auth: `Bearer ${retried.body.result.accessToken}` })).status).toBe(200);
    const next = await c.post('/api/refresh-token', { refreshToken: retried.body.result.refreshToken });
    expect(next.status).toBe(200);
    t.clock.advance(61_000); // the next test starts with empty windows
  });

  it('counts by client address only: another address refreshes while this one waits, whoever the token belongs to', async () => {
    const limited = new Client(t.base, from('198.51.100.8'));
    const other = new Client(t.base, from('198.51.100.9'));
    const mine = await signIn(limited, 'member@example.com', DEMO_PASSWORD);
    const theirs = await signIn(other, 'admin@example.com', DEMO_PASSWORD);
    await fillWindow(limited);
    // Any token from the limited address waits, another address is not slowed down by it.
    expect((await limited.post('/api/refresh-token', { refreshToken: theirs.refreshToken })).status).toBe(429);
    expect((await other.post('/api/refresh-token', { refreshToken: mine.refreshToken })).status).toBe(200);
  });
});
