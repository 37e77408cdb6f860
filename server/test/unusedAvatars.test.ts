/**
 * Avatars that are not (or no longer) their account's are deleted after a day, rows and files: an
 * upload that was never set, and one that was replaced. The avatar in use stays. (Found by the
 * attack review of "Download my data": uploads piled up without end, and each copy carried them.)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneUnusedAvatars, UNUSED_AVATAR_MS } from '../domain/files';
import { Client, DEMO_PASSWORD, signIn, startServer, type TestServer } from './harness';

const png = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, fill)]);
const md5 = (b: Buffer) => crypto.createHash('md5').update(b).digest('hex');

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t?.close();
});

describe('unused avatars', () => {
  it('are deleted a day after their upload; the avatar in use stays', async () => {
    const c = new Client(t.base);
    await signIn(c, 'demo@example.com', DEMO_PASSWORD);
    const me = (await c.get('/api/user-info', { auth: true })).body.result as { accountId: string };
    const send = async (file: Buffer) => {
      const form = new FormData();
      form.append('md5', md5(file));
      form.append('file', new Blob([new Uint8Array(file)]), 'me.png');
      const res = await c.req('POST', '/api/accounts/avatar/upload', { auth: true, form });
      expect(res.status, res.text).toBe(200);
      return res.body.result.avatarFileId as string;
    };
    const replaced = await send(png(1));
    await c.post('/api/accounts/avatar/update', { avatarFileId: replaced, accountId: me.accountId }, { auth: true });
    const neverSet = await send(png(2));
    const inUse = await send(png(3));
    await c.post('/api/accounts/avatar/update', { avatarFileId: inUse, accountId: me.accountId }, { auth: true });
    const files = () => t.server.ctx.region('Euw').selectFrom('files').select(['id', 'stored_name']).where('account_id', '=', me.accountId).execute();
    const stored = new Map((await files()).map((f) => [f.id, path.join(t.dataDir, 'uploads', 'euw', f.stored_name)]));
    expect(await pruneUnusedAvatars(t.server.ctx, 'Euw', t.server.ctx.now())).toBe(0); // not a day old yet
    expect(await pruneUnusedAvatars(t.server.ctx, 'Euw', t.server.ctx.now() + UNUSED_AVATAR_MS + 1000)).toBe(2);
    expect((await files()).map((f) => f.id)).toEqual([inUse]);
    expect(fs.existsSync(stored.get(inUse)!)).toBe(true);
    expect(fs.existsSync(stored.get(replaced)!)).toBe(false);
    expect(fs.existsSync(stored.get(neverSet)!)).toBe(false);
    expect((await c.get(`/api/files/euw/${inUse}`)).status).toBe(200);
  });
});
