/**
 * Every table that can hold a person's data is named for their export (issue 30): the stores are
 * read as migrated (the core's tables and every plugin's), and a table with a column that holds an
 * account's id or an address must be named by the core or a `personalData` contribution, exported
 * or left out with a reason. A new table with an account id that no one names fails here. A named
 * table's columns that look secret (digests, keys, codes) must be withheld.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalDeclarations } from '../domain/personalData';
import { startServer, type TestServer } from './harness';
import { IDENTIFYING_COLUMN, storeTables } from './personalScan';

/** Columns that look like secrets or their digests. */
const SECRET_LOOKING = /(hash|secret|digest|verifier|nonce|session_code|challenge)$|^token$|^code$/;

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t?.close();
});

/** Each store's tables by `<store>.<table>` (a regional table once, whatever region). */
async function tablesByName(): Promise<Map<string, string[]>> {
  return new Map((await storeTables(t.server.ctx)).map((table) => [`${table.store}.${table.table}`, table.columns]));
}

/** The same, with the columns that can name a person (text ones). */
async function identifyingByName(): Promise<Map<string, string[]>> {
  return new Map((await storeTables(t.server.ctx)).map((table) => [`${table.store}.${table.table}`, table.textColumns.filter((column) => IDENTIFYING_COLUMN.test(column))]));
}

describe('the personal data coverage', () => {
  it('every table with an account id or an address is named by the core or a feature', async () => {
    const named = new Set(personalDeclarations(t.server.ctx).flatMap((d) => d.tables.map((table) => `${table.store}.${table.table}`)));
    const tables = await identifyingByName();
    expect(tables.size).toBeGreaterThan(30);
    const unnamed = [...tables].filter(([key, columns]) => columns.length > 0 && !named.has(key)).map(([key]) => key);
    expect(unnamed).toEqual([]);
  });

  it('a named table exists with the columns it names, and withholds every column that looks secret', async () => {
    const tables = await tablesByName();
    const problems: string[] = [];
    for (const declaration of personalDeclarations(t.server.ctx)) {
      for (const table of declaration.tables) {
        const key = `${table.store}.${table.table}`;
        const columns = tables.get(key);
        if (!columns) {
          problems.push(`${declaration.name}: ${key} does not exist`);
          continue;
        }
        for (const column of [...(table.byId ?? []), ...(table.byEmail ?? []), ...(table.secret ?? [])]) {
          if (!columns.includes(column)) problems.push(`${declaration.name}: ${key} has no column ${column}`);
        }
        const finds = (table.byId ?? []).length + (table.byEmail ?? []).length > 0;
        // The erasure ("Delete my account") finds the rows by the same columns, or is told why not.
        if (typeof table.erase === 'object' && table.erase.kept.trim().length < 20) problems.push(`${declaration.name}: ${key} is kept at erasure without a reason`);
        if (!finds && typeof table.erase !== 'object') problems.push(`${declaration.name}: ${key} says no column that finds the person, so nothing erases it`);
        if (table.erase === 'feature' && !declaration.erase) problems.push(`${declaration.name}: ${key} is erased by the feature, which has no erase`);
        if (table.leftOut !== undefined) {
          if (table.leftOut.trim().length < 20) problems.push(`${declaration.name}: ${key} is left out without a reason`);
          continue;
        }
        for (const column of columns) {
          if (SECRET_LOOKING.test(column) && !(table.secret ?? []).includes(column)) problems.push(`${declaration.name}: ${key}.${column} looks secret and is exported`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('a table no one names is found: the check is not blind', async () => {
    const db = t.server.ctx.region('Euw');
    await db.schema.createTable('loyalty_points_unnamed').addColumn('account_id', 'varchar(64)').addColumn('points', 'integer').execute();
    try {
      const named = new Set(personalDeclarations(t.server.ctx).flatMap((d) => d.tables.map((table) => `${table.store}.${table.table}`)));
      const unnamed = [...(await identifyingByName())].filter(([key, columns]) => columns.length > 0 && !named.has(key));
      expect(unnamed.map(([key]) => key)).toEqual(['regional.loyalty_points_unnamed']);
    } finally {
      await db.schema.dropTable('loyalty_points_unnamed').execute();
    }
  });
});
