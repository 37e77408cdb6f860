/**
 * A plugin's server half owns its tables (issue 25, section 1): its migrations run at start after
 * the core's, in every regional store (or the global one), with bookkeeping of their own, on SQLite
 * and PostgreSQL alike; a second start runs none again; a failing one stops the start naming it.
 */
import fs from 'node:fs';
import { sql, type Generated } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { REGION_CODES } from '../../core/contract/regions';
import { defineServerPlugin, type ServerPlugin } from '../plugin-api';
import { createTestDatabase, startServer, TEST_DATABASE_URL, type TestServer } from './harness';

// A type, not an interface: Kysely's withTables wants a record of tables.
type LoyaltyTables = {
  loyalty_points: { id: Generated<number>; account_id: string; points: number };
};

let runs = 0;
const loyalty = defineServerPlugin({
  id: 'loyalty',
  migrations: {
    regional: (dialect) => ({
      '001_points': {
        async up(db) {
          runs++;
          await db.schema
            .createTable('loyalty_points')
            .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
            .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
            .addColumn('points', 'integer', (c) => c.notNull())
            .execute();
        },
      },
    }),
  },
});

const servers: TestServer[] = [];
const cleanUps: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const clean of cleanUps.splice(0)) await clean();
});

async function start(dataDir: string, databaseUrl: string | undefined, extraServerPlugins: ServerPlugin[]): Promise<TestServer> {
  const server = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}), extraServerPlugins });
  servers.push(server);
  return server;
}

describe("a plugin's own tables", () => {
  it('are made in every regional store at start, once, and used through withTables', async () => {
    const database = TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : null;
    if (database) cleanUps.push(database.drop);
    const dataDir = fs.mkdtempSync('/tmp/uid-plugin-tables-');
    cleanUps.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await start(dataDir, database?.url, [loyalty]);
    expect(runs).toBe(REGION_CODES.length);
    for (const region of REGION_CODES) {
      const db = first.server.ctx.region(region).withTables<LoyaltyTables>();
      await db.insertInto('loyalty_points').values({ account_id: `a-${region}`, points: 7 }).execute();
      expect(await db.selectFrom('loyalty_points').select(['account_id', 'points']).execute()).toEqual([{ account_id: `a-${region}`, points: 7 }]);
    }
    // Its bookkeeping is its own: the core's migration table does not list it.
    const core = await sql<{ name: string }>`select name from kysely_migration`.execute(first.server.ctx.region('Euw'));
    expect(core.rows.map((r) => r.name)).not.toContain('001_points');
    const own = await sql<{ name: string }>`select name from plugin_migrations_loyalty`.execute(first.server.ctx.region('Euw'));
    expect(own.rows.map((r) => r.name)).toEqual(['001_points']);
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    // Started again on the same stores: nothing runs twice, the data is there.
    const again = await start(dataDir, database?.url, [loyalty]);
    expect(runs).toBe(REGION_CODES.length);
    const rows = await again.server.ctx.region('Use').withTables<LoyaltyTables>().selectFrom('loyalty_points').select('points').execute();
    expect(rows).toEqual([{ points: 7 }]);
  }, 60_000);

  it('stop the start with a message naming the plugin when one fails', async () => {
    const broken = defineServerPlugin({
      id: 'broken-tables',
      migrations: { global: () => ({ '001_bad': { up: async (db) => void (await sql`create tabel nope (id integer)`.execute(db)) } }) },
    });
    const database = TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : null;
    if (database) cleanUps.push(database.drop);
    const dataDir = fs.mkdtempSync('/tmp/uid-plugin-tables-');
    cleanUps.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await expect(start(dataDir, database?.url, [broken])).rejects.toThrow(/migration 001_bad of plugin broken-tables in the global store failed/);
  });
});
