/**
 * Uploaded branding images: what is taken (PNG, JPEG, WebP, GIF, recognised by their bytes, not
 * by what the browser claims; at most IMAGE_MAX_BYTES) and how they are served. SVG is refused:
 * an SVG opened by itself runs script, and sanitising it safely is a project of its own; the
 * built-in logos stay the SVGs the server ships.
 */
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { fail, isUniqueViolation, sha256, type ServerContext as Ctx } from '@portal/server-api';
import { IMAGE_MAX_BYTES, IMAGE_PATH_PREFIX, IMAGE_TYPES, type ImageType } from '../contract';
import { servicesStore } from './tables';

/** The type the bytes themselves say, by their signature; null for anything else (SVG and HTML included). */
export function sniffImage(bytes: Buffer): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Checks and stores an upload; answers the address the portal serves it at. */
export async function storeImage(ctx: Ctx, contentType: string, base64: string, by: string): Promise<string> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) fail(E.invalidParameter, { field: 'data' }, 'The image must be base64.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) fail(E.invalidParameter, { field: 'data' }, 'The image is empty.');
  if (bytes.length > IMAGE_MAX_BYTES) fail(E.invalidParameter, { field: 'data', maxBytes: IMAGE_MAX_BYTES }, `The image is larger than ${IMAGE_MAX_BYTES} bytes.`);
  const sniffed = sniffImage(bytes);
  // The bytes decide, and must agree with what was declared: a file named .png holding HTML or SVG is refused.
  if (!sniffed || sniffed !== contentType) fail(E.invalidParameter, { field: 'contentType', allowed: Object.keys(IMAGE_TYPES) }, 'Only PNG, JPEG, WebP or GIF images are taken.');
  const digest = sha256(bytes);
  const store = servicesStore(ctx);
  const exists = await store.selectFrom('ops_services_images').select('digest').where('digest', '=', digest).executeTakeFirst();
  if (!exists) {
    try {
      await store.insertInto('ops_services_images').values({ digest, content_type: sniffed, data: bytes.toString('base64'), size: bytes.length, created_at: ctx.now(), created_by: by }).execute();
    } catch (err) {
      // Another operator uploaded the same image at the same moment: it is there either way.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return `${IMAGE_PATH_PREFIX}${digest}.${IMAGE_TYPES[sniffed]}`;
}

/** An uploaded image by its served name (`<sha256>.<ext>`); null for any other name. */
export async function readImage(ctx: Ctx, name: string): Promise<{ type: string; bytes: Buffer } | null> {
  const match = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/.exec(name);
  if (!match) return null;
  const row = await servicesStore(ctx).selectFrom('ops_services_images').select(['content_type', 'data']).where('digest', '=', match[1]!).executeTakeFirst();
  if (!row || IMAGE_TYPES[row.content_type as ImageType] !== match[2]) return null;
  return { type: row.content_type, bytes: Buffer.from(row.data, 'base64') };
}
