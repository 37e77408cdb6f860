/**
 * The harness never lets a PostgreSQL password reach vitest's error dump: errors it throws are
 * redacted in message, stack, properties and causes.
 */
import util from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, redactError, rememberSecretUrl, startServer, TEST_DATABASE_URL } from './harness';

const SECRET = 'Sup3r-secret-pw';

/** Everything vitest could print of an error. */
const dump = (err: unknown) => `${util.inspect(err, { depth: 10, showHidden: true })}\n${JSON.stringify(err)}\n${String((err as Error)?.stack)}`;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );
}

describe('harness: connection secrets in errors', () => {
  it('redacts URLs and passwords in message, stack, properties and causes', () => {
    const url = `postgres://uid:${SECRET}@127.0.0.1:5432/uid_t_0123456789abcdef`;
    rememberSecretUrl(url);
    const inner = Object.assign(new TypeError(`Invalid URL: ${url}`), { input: url, config: { connectionString: url, password: SECRET } });
    const outer = new Error(`could not connect to ${url}`, { cause: inner });
    Object.assign(outer, { detail: `password "${SECRET}" rejected`, nested: [{ url }] });
    const aggregate = new AggregateError([outer, new Error(`other postgresql://someone:${encodeURIComponent('p@ss:word')}@db/x`)], `all failed: ${url}`);
    for (const err of [outer, aggregate]) {
      const before = dump(err);
      expect(before).toContain(SECRET);
      const after = dump(redactError(err));
      expect(after).not.toContain(SECRET);
      expect(after).not.toContain(encodeURIComponent('p@ss:word'));
      expect(after).toContain('postgres://uid:***@127.0.0.1:5432/uid_t_0123456789abcdef');
    }
    expect(redactError(outer).message).toBe('could not connect to postgres://uid:***@127.0.0.1:5432/uid_t_0123456789abcdef');
    expect(redactError(outer).name).toBe('Error');
  });

  it('throws redacted errors when a database server cannot be reached', async () => {
    // Port 9 (discard) on the loopback: nothing listens there.
    for (const url of [`postgres://uid:${SECRET}@127.0.0.1:9/uid`, `postgres://uid:${SECRET}@/uid?host=127.0.0.1&port=9`]) {
      const created = await rejection(createTestDatabase(url));
      expect(dump(created)).not.toContain(SECRET);
      const started = await rejection(startServer({ databaseUrl: url }));
      expect(dump(started)).not.toContain(SECRET);
    }
  });

  it.skipIf(!TEST_DATABASE_URL)('creates test databases from a URL that names its host in the query string', async () => {
    // libpq's form `postgres://user:password@/db?host=…&port=…`, which WHATWG URL parsing refuses.
    const real = new URL(TEST_DATABASE_URL!);
    const url = `postgres://${real.username}:${real.password}@/${real.pathname.slice(1)}?host=${real.hostname}&port=${real.port}`;
    const db = await createTestDatabase(url);
    try {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const name = (await client.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
      await client.end();
      expect(name).toMatch(/^uid_t_[0-9a-f]{16}$/);
      expect(db.url).toContain(`/${name}?host=`);
    } finally {
      await db.drop();
    }
  });
});
