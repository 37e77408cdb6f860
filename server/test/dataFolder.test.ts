/**
 * The data folder holds password hashes, keys, uploads and mail: the server's user alone may read
 * it. Folders 0700 and files 0600 whatever the umask, an existing world-readable folder and database
 * tightened at start (issue 26, "secrets at rest").
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveUpload } from '../domain/files';
import { startServer, TEST_DATABASE_URL, type TestServer } from './harness';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
let t: TestServer | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-data-folder-'));
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every folder and file under `dir` (itself as '.'), with what it is and its permission bits. */
function modes(dir: string, prefix = '.'): Array<{ name: string; dir: boolean; mode: string }> {
  const out = [{ name: prefix, dir: true, mode: (fs.statSync(dir).mode & 0o777).toString(8) }];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const name = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...modes(full, name));
    else out.push({ name, dir: false, mode: (fs.statSync(full).mode & 0o777).toString(8) });
  }
  return out;
}

describe('the data folder', () => {
  it('is readable by the server alone: databases, demo summary, uploads and mail', async () => {
    const umask = process.umask(0o022); // a usual umask, which would leave 0755 and 0644
    try {
      fs.chmodSync(dataDir, 0o755);
      if (!TEST_DATABASE_URL) fs.writeFileSync(path.join(dataDir, 'global.sqlite'), '', { mode: 0o644 }); // an empty SQLite database from before
      t = await startServer({ dataDir });
      const ctx = t.server.ctx;
      await ctx.mailer.send({ to: 'demo@example.com', kind: 'activation', language: 'en_US', vars: { name: 'Dana', link: 'https://id.example.com/x' } });
      await ctx.mailer.devMails();
      const { id } = await ctx.region('Euw').selectFrom('accounts').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
      await saveUpload(ctx, 'Euw', id, 'avatar', { data: PNG, truncated: false, md5: crypto.createHash('md5').update(PNG).digest('hex'), fileName: 'a.png' });
    } finally {
      process.umask(umask);
    }
    const all = modes(dataDir);
    expect(all.filter((e) => e.name.endsWith('.sqlite')).length).toBe(TEST_DATABASE_URL ? 0 : 5);
    expect(all.some((e) => e.name.startsWith('./uploads/euw/'))).toBe(true);
    expect(all.some((e) => e.name.startsWith('./outbox/') && e.name.endsWith('.json'))).toBe(true);
    expect(all.some((e) => e.name === './demo.json')).toBe(true);
    expect(all.filter((e) => e.mode !== (e.dir ? '700' : '600'))).toEqual([]);
  });
});
