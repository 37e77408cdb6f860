/**
 * The versions of the served configs in the global store (issue 28, section 2). Each target (the
 * web's deployment config, each partner app's, the connected services) is a list of documents;
 * every server instance serves the newest that passes its checks (ServedConfigs polls for it), so
 * a change made on one instance applies on every instance sharing the database within seconds.
 *
 * Files stay the way in: at start, and when a served file is edited, its document becomes a new
 * version if it differs from the last version that came from a file. So an unchanged file at a
 * restart keeps what operators changed in the console; a changed file (a deploy, a CI job that
 * keeps using files) wins, and says so in the history.
 */
import type { Kysely } from 'kysely';
import type { ConfigTarget, ConfigVersion, ConfigVersionSummary, JsonChange, VersionSource } from '../../core/contract/configVersions';
import type { ConfigVersionTable, GlobalDb } from '../db/types';
import { jsonDiff } from './jsonDiff';

/** Who made a version: a file (its name) or an operator. */
export interface VersionAuthor {
  source: VersionSource;
  /** The file's name, or the operator's address. */
  name: string;
  role: string | null;
}

/** A change made against a version that is not the newest any more (another operator's, another tab's). */
export class VersionConflict extends Error {
  override readonly name = 'VersionConflict';

  constructor(readonly current: number) {
    super(`the newest version is ${current}`);
  }
}

export interface NewVersion {
  target: ConfigTarget;
  body: unknown;
  author: VersionAuthor;
  reason: string;
  restoredFrom?: number;
  /** The version this one follows: another newest is a VersionConflict, judged in the transaction that appends. */
  expected?: number;
  now: number;
}

function summary(row: Omit<ConfigVersionTable, 'body'>): ConfigVersionSummary {
  return {
    target: row.target as ConfigTarget,
    version: row.version,
    source: row.source as VersionSource,
    author: row.author,
    authorRole: row.author_role,
    reason: row.reason,
    createdAt: Number(row.created_at),
    changes: JSON.parse(row.diff) as JsonChange[],
    restoredFrom: row.restored_from,
  };
}

function full(row: ConfigVersionTable): ConfigVersion {
  return { ...summary(row), body: JSON.parse(row.body) as unknown };
}

/** The newest version number of each target that has one. */
export async function newestVersions(db: Kysely<GlobalDb>): Promise<Map<ConfigTarget, number>> {
  const rows = await db.selectFrom('config_versions').select(['target', (eb) => eb.fn.max('version').as('version')]).groupBy('target').execute();
  return new Map(rows.map((r) => [r.target as ConfigTarget, Number(r.version)]));
}

export async function readVersion(db: Kysely<GlobalDb>, target: ConfigTarget, version: number): Promise<ConfigVersion | null> {
  const row = await db.selectFrom('config_versions').selectAll().where('target', '=', target).where('version', '=', version).executeTakeFirst();
  return row ? full(row) : null;
}

export async function newestVersion(db: Kysely<GlobalDb>, target: ConfigTarget): Promise<ConfigVersion | null> {
  const row = await db.selectFrom('config_versions').selectAll().where('target', '=', target).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? full(row) : null;
}

/** A target's versions, newest first, `limit` of them before `before` (a version number). */
export async function listVersions(db: Kysely<GlobalDb>, target: ConfigTarget, limit: number, before?: number): Promise<ConfigVersionSummary[]> {
  let query = db
    .selectFrom('config_versions')
    .select(['target', 'version', 'source', 'author', 'author_role', 'reason', 'diff', 'restored_from', 'created_at'])
    .where('target', '=', target)
    .orderBy('version', 'desc')
    .limit(limit);
  if (before !== undefined) query = query.where('version', '<', before);
  return (await query.execute()).map(summary);
}

/** The document of the newest version that came from a file: what a file is compared with at start. */
async function newestFileBody(db: Kysely<GlobalDb>, target: ConfigTarget): Promise<string | null> {
  const row = await db.selectFrom('config_versions').select('body').where('target', '=', target).where('source', '=', 'file').orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row?.body ?? null;
}

/** The changes against the version before, as stored; a document too deep to compare (a row older code wrote) is one change. */
function diffText(before: unknown, after: unknown, hasBefore: boolean): string {
  if (!hasBefore) return '[]';
  try {
    return JSON.stringify(jsonDiff(before, after));
  } catch {
    return JSON.stringify([{ path: '(document)' }]);
  }
}

/** A unique-key clash: another instance took the same version number first. */
function isClash(err: unknown): boolean {
  const text = String((err as { code?: unknown }).code ?? '') + String((err as Error).message ?? '');
  return /23505|SQLITE_CONSTRAINT|UNIQUE constraint/.test(text);
}

/**
 * Appends a version after the target's newest, with its diff against it; another instance
 * appending at the same moment makes this one retry with the next number.
 */
export async function appendVersion(db: Kysely<GlobalDb>, input: NewVersion): Promise<ConfigVersion> {
  const body = JSON.stringify(input.body);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const previous = await newestVersion(trx, input.target);
        if (input.expected !== undefined && (previous?.version ?? 0) !== input.expected) throw new VersionConflict(previous?.version ?? 0);
        const row: ConfigVersionTable = {
          target: input.target,
          version: (previous?.version ?? 0) + 1,
          body,
          source: input.author.source,
          author: input.author.name.slice(0, 320),
          author_role: input.author.role,
          reason: input.reason.slice(0, 500),
          diff: diffText(previous?.body, input.body, previous !== null),
          restored_from: input.restoredFrom ?? null,
          created_at: input.now,
        };
        await trx.insertInto('config_versions').values(row).execute();
        return full(row);
      });
    } catch (err) {
      // Two instances appending the same number: one wins; a change made against a version loses to the other, a file's tries the next.
      if (isClash(err) && input.expected !== undefined) throw new VersionConflict(input.expected + 1);
      if (attempt >= 4 || !isClash(err)) throw err;
    }
  }
}

/**
 * A file's document as a version: appended when it differs from the last version a file gave
 * (or the target has none), else nothing. Null when nothing was appended.
 */
export async function recordFileVersion(db: Kysely<GlobalDb>, target: ConfigTarget, body: unknown, fileName: string, reason: string, now: number): Promise<ConfigVersion | null> {
  if ((await newestFileBody(db, target)) === JSON.stringify(body)) return null;
  return appendVersion(db, { target, body, author: { source: 'file', name: fileName, role: null }, reason, now });
}
