/**
 * Several server processes starting at once on one PostgreSQL database (a rolling deployment, or
 * N instances behind a load balancer coming up together): every one opens its stores, the schemas
 * and migrations are made once, and the OpenID provider gets one signing key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import crypto from 'node:crypto';
import { ensureSigningKey } from '../oidc/signingKeys';
import { SecretBox } from './secretsAtRest';
import { createTestDatabase, TEST_DATABASE_URL } from '../test/harness';
import { openStores } from './stores';
import type { Stores } from './types';

describe.skipIf(!TEST_DATABASE_URL)('several instances starting at once on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  const opened: Stores[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!);
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await database?.drop();
  });

  it('opens and migrates every store once, under the migration lock', async () => {
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => openStores({ dataDir: '/nonexistent', databaseUrl: database.url })));
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String((r.reason as Error).message) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const names = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(opened[0]!.global);
    expect(names.rows.map((r) => r.name)).toContain('006_shared_counters');
    expect(new Set(names.rows.map((r) => r.name)).size).toBe(names.rows.length);
  });

  it('makes one current signing key however many processes ask at once', async () => {
    const stores = opened[0]!;
    const secrets = new SecretBox(crypto.randomBytes(32));
    await Promise.all(opened.flatMap((s) => [ensureSigningKey(s.global, secrets, Date.now()), ensureSigningKey(s.global, secrets, Date.now())]));
    const current = await stores.global.selectFrom('oidc_signing_keys').select('kid').where('retired_at', 'is', null).execute();
    expect(current).toHaveLength(1);
  });
});
