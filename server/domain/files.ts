/**
 * Uploads: type decided by magic bytes (never by name or declared type), size limits, MD5 of
 * the body checked against the one sent, stored under server-made names outside any served
 * folder, served with Content-Disposition and nosniff. Avatars are read by their unguessable
 * URL (an <img> sends no token); business licences only with the access token of the uploader
 * or a member of the company (companies.ts `mayReadLicense`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { UploadRefusedResult } from '../../core/contract/account';
import type { RegionCode } from '../../core/contract/regions';
import { ERROR_CODES as E } from '../../core/contract/errorCodes';
import type { Ctx } from '../context';
import type { FileTable } from '../db/types';
import { fail } from '../http/errors';
import { md5Hex, randomToken } from './crypto';
import { PRIVATE_FILE, privateDirAsync } from '../db/privateFiles';

export const AVATAR_MAX = 1024 * 1024;
export const LICENSE_MAX = 5 * 1024 * 1024;

export type Sniffed = { mime: 'image/png'; ext: 'png' } | { mime: 'image/jpeg'; ext: 'jpg' } | { mime: 'application/pdf'; ext: 'pdf' };

export function sniff(data: Buffer): Sniffed | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

function uploadDir(ctx: Ctx, region: RegionCode): string {
  return path.join(ctx.options.dataDir, 'uploads', region.toLowerCase());
}

export interface UploadInput {
  data: Buffer;
  truncated: boolean;
  md5: string | undefined;
  fileName: string;
}

function refused(field: UploadRefusedResult['field'], reason: UploadRefusedResult['reason']): UploadRefusedResult {
  return { field, reason };
}

export async function saveUpload(ctx: Ctx, region: RegionCode, accountId: string, kind: 'avatar' | 'license', input: UploadInput): Promise<FileTable> {
  const isAvatar = kind === 'avatar';
  if ([...input.fileName].length >= 256) fail(isAvatar ? E.avatarNameTooLong : E.licenseNameTooLong);
  if (input.truncated || input.data.length > (isAvatar ? AVATAR_MAX : LICENSE_MAX)) fail(isAvatar ? E.avatarTooLarge : E.licenseTooLarge);
  if (input.data.length === 0) fail(E.invalidParameter, refused('file', 'empty'), 'The file is empty.');
  const type = sniff(input.data);
  if (!type || (isAvatar && type.mime === 'application/pdf')) fail(E.invalidParameter, refused('file', 'type'), isAvatar ? 'The avatar must be a PNG or JPG image.' : 'The license must be a PDF, PNG or JPG file.');
  if (!input.md5 || !/^[a-fA-F0-9]{32}$/.test(input.md5) || md5Hex(input.data) !== input.md5.toLowerCase()) {
    fail(E.invalidParameter, refused('md5', 'checksum'), 'The MD5 checksum does not match the file.');
  }
  const id = randomToken(24);
  const storedName = `${id}.${type.ext}`;
  const dir = uploadDir(ctx, region);
  const row: FileTable = {
    id,
    account_id: accountId,
    kind,
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces
    original_name: input.fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_') || `file.${type.ext}`,
    mime: type.mime,
    size: input.data.length,
    md5: input.md5.toLowerCase(),
    stored_name: storedName,
    created_at: ctx.now(),
  };
  try {
    await privateDirAsync(dir);
    await fs.promises.writeFile(path.join(dir, storedName), input.data, { flag: 'wx', mode: PRIVATE_FILE });
    await ctx.region(region).insertInto('files').values(row).execute();
  } catch {
    await fs.promises.rm(path.join(dir, storedName), { force: true });
    fail(isAvatar ? E.avatarSaveFailed : E.licenseSaveFailed);
  }
  return row;
}

export async function findUpload(ctx: Ctx, region: RegionCode, id: string): Promise<FileTable | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return null;
  return (await ctx.region(region).selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The stored bytes of an upload, or null when the file is gone. */
export async function readUploadData(ctx: Ctx, region: RegionCode, row: FileTable): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(path.join(uploadDir(ctx, region), row.stored_name));
  } catch {
    return null;
  }
}

/** An upload's bytes, or null when its file is gone from the data folder. */
export async function readUpload(ctx: Ctx, region: RegionCode, file: Pick<FileTable, 'stored_name'>): Promise<Buffer | null> {
  // stored_name is made here (a random id and an extension), never taken from a request.
  if (!/^[A-Za-z0-9_-]+\.[a-z]{3,4}$/.test(file.stored_name)) return null;
  return fs.promises.readFile(path.join(uploadDir(ctx, region), file.stored_name)).catch(() => null);
}

/** An avatar uploaded but not (or no longer) the account's is kept this long: the profile page sets it right after the upload. */
export const UNUSED_AVATAR_MS = 24 * 3_600_000;

/**
 * Deletes a region's avatars that are not their account's avatar and older than a day (replaced
 * ones, and uploads never set): rows and files. Without it, every upload would stay for good, and
 * a person's copy of their data (plugins/your-data) would grow with each one.
 */
export async function pruneUnusedAvatars(ctx: Ctx, region: RegionCode, now: number): Promise<number> {
  const db = ctx.region(region);
  const stale = await db
    .selectFrom('files')
    .leftJoin('accounts', 'accounts.id', 'files.account_id')
    .select(['files.id', 'files.stored_name'])
    .where('files.kind', '=', 'avatar')
    .where('files.created_at', '<', now - UNUSED_AVATAR_MS)
    .where((eb) => eb.or([eb('accounts.avatar_file_id', 'is', null), eb('accounts.avatar_file_id', '!=', eb.ref('files.id'))]))
    .limit(500)
    .execute();
  for (const file of stale) {
    await db.deleteFrom('files').where('id', '=', file.id).execute();
    await removeStoredFile(ctx, region, file.stored_name);
  }
  return stale.length;
}

/** Removes an upload's bytes from the region's folder (a name the portal made, never a path). */
export async function removeStoredFile(ctx: Ctx, region: RegionCode, storedName: string): Promise<void> {
  if (/^[A-Za-z0-9_-]+\.[a-z]{3,4}$/.test(storedName)) await fs.promises.rm(path.join(uploadDir(ctx, region), storedName), { force: true });
}
