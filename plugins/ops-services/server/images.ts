/**
 * Uploaded branding images: what is taken (PNG, JPEG, WebP, GIF, recognised by their bytes, not
 * by what the browser claims; at most IMAGE_MAX_BYTES and IMAGE_MAX_SIDE pixels a side, within
 * IMAGE_QUOTA_BYTES for all of them) and how they are served. Each upload is decoded and encoded
 * anew (sharp, libvips): what is stored and served is an image whose size is the one checked, not
 * a header a browser may read otherwise (a GIF frame larger than its screen, a JPEG's fill bytes,
 * both found by an attack review). SVG is refused:
 * an SVG opened by itself runs script, and sanitising it safely is a project of its own; the
 * built-in logos stay the SVGs the server ships.
 */
import sharp from 'sharp';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { fail, isUniqueViolation, sha256, type ServerContext as Ctx } from '@portal/server-api';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_PATH_PREFIX, IMAGE_QUOTA_BYTES, IMAGE_TYPES, type ImageType } from '../contract';
import { clientVersions, entriesOf } from './services';
import { servicesStore } from './tables';

/** An upload younger than this may be on its way into a service being edited: never swept. */
const SWEEP_AFTER_MS = 60 * 60 * 1000;

/** The type the bytes themselves say, by their signature; null for anything else (SVG and HTML included). */
export function sniffImage(bytes: Buffer): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * The upload decoded whole (at most IMAGE_MAX_SIDE² pixels, so a bomb stops at its header) and
 * encoded again in its own format: the stored bytes and their size in pixels, or why not.
 */
async function reencoded(bytes: Buffer, type: ImageType): Promise<{ data: Buffer; width: number; height: number } | 'unreadable' | 'too large'> {
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE, animated: type === 'image/gif' || type === 'image/webp', failOn: 'error' });
    const meta = await image.metadata();
    // An animation's frames are stacked: each frame's height is the page's.
    const [width, height] = [meta.width, meta.pageHeight ?? meta.height];
    if (!width || !height) return 'unreadable';
    if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) return 'too large';
    const format = IMAGE_TYPES[type] === 'jpg' ? 'jpeg' : IMAGE_TYPES[type];
    const data = await image.toFormat(format, format === 'jpeg' || format === 'webp' ? { quality: 90 } : {}).toBuffer();
    return { data, width, height };
  } catch (err) {
    return /pixel limit/i.test((err as Error).message) ? 'too large' : 'unreadable';
  }
}

/** The image addresses of a clients document: each service's logo, title logo and slides (text that merely looks like a digest names nothing). */
function imageUrlsOf(body: unknown): string[] {
  return entriesOf(body).flatMap((entry) => {
    const branding = (entry.branding ?? {}) as { logoUrl?: unknown; titleLogoUrl?: unknown; carousel?: unknown };
    const slides = Array.isArray(branding.carousel) ? branding.carousel.map((slide: unknown) => (slide as { fileUrl?: unknown } | null)?.fileUrl) : [];
    return [branding.logoUrl, branding.titleLogoUrl, ...slides].filter((url): url is string => typeof url === 'string');
  });
}

/** The digests any stored version of the services names (every version can be restored), or null when there are none to ask. */
async function namedDigests(ctx: Ctx): Promise<Set<string> | null> {
  const versions = clientVersions(ctx);
  const found = new Set<string>();
  let before: number | undefined;
  let seen = 0;
  for (;;) {
    const page = await versions.history('clients', 100, before);
    for (const { version } of page) {
      const body = (await versions.readVersion('clients', version))?.body;
      for (const url of imageUrlsOf(body)) {
        const digest = url.startsWith(IMAGE_PATH_PREFIX) ? /^([0-9a-f]{64})\./.exec(url.slice(IMAGE_PATH_PREFIX.length))?.[1] : undefined;
        if (digest) found.add(digest);
      }
    }
    seen += page.length;
    if (page.length < 100) break;
    before = page[page.length - 1]!.version;
  }
  return seen ? found : null;
}

/** Bytes the stored images take. */
async function usedBytes(ctx: Ctx): Promise<number> {
  const row = await servicesStore(ctx).selectFrom('ops_services_images').select((eb) => eb.fn.sum<number | string | null>('size').as('bytes')).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Deletes the images no version of the services names, uploaded more than an hour ago (abandoned edits); answers how many. */
export async function sweepUnusedImages(ctx: Ctx): Promise<number> {
  const named = await namedDigests(ctx);
  if (!named) return 0;
  const store = servicesStore(ctx);
  const old = await store.selectFrom('ops_services_images').select('digest').where('created_at', '<', ctx.now() - SWEEP_AFTER_MS).execute();
  const unused = old.map((r) => r.digest).filter((d) => !named.has(d));
  for (let i = 0; i < unused.length; i += 200) await store.deleteFrom('ops_services_images').where('digest', 'in', unused.slice(i, i + 200)).execute();
  return unused.length;
}

/** Checks and stores an upload; answers the address the portal serves it at. */
export async function storeImage(ctx: Ctx, contentType: string, base64: string, by: string): Promise<string> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) fail(E.invalidParameter, { field: 'data' }, 'The image must be base64.');
  let bytes: Buffer = Buffer.from(base64, 'base64');
  if (bytes.length === 0) fail(E.invalidParameter, { field: 'data' }, 'The image is empty.');
  if (bytes.length > IMAGE_MAX_BYTES) fail(E.invalidParameter, { field: 'data', maxBytes: IMAGE_MAX_BYTES }, `The image is larger than ${IMAGE_MAX_BYTES} bytes.`);
  const sniffed = sniffImage(bytes);
  // The bytes decide, and must agree with what was declared: a file named .png holding HTML or SVG is refused.
  if (!sniffed || sniffed !== contentType) fail(E.invalidParameter, { field: 'contentType', allowed: Object.keys(IMAGE_TYPES) }, 'Only PNG, JPEG, WebP or GIF images are taken.');
  const made = await reencoded(bytes, sniffed);
  if (made === 'unreadable') fail(E.invalidParameter, { field: 'data' }, 'The image cannot be read.');
  if (made === 'too large') fail(E.invalidParameter, { field: 'data', maxSide: IMAGE_MAX_SIDE }, `The image is larger than ${IMAGE_MAX_SIDE} pixels a side.`);
  // Encoded anew it may weigh more than the upload did.
  if (made.data.length > IMAGE_MAX_BYTES) fail(E.invalidParameter, { field: 'data', maxBytes: IMAGE_MAX_BYTES }, `The image is larger than ${IMAGE_MAX_BYTES} bytes.`);
  bytes = made.data;
  const digest = sha256(bytes);
  const store = servicesStore(ctx);
  const exists = await store.selectFrom('ops_services_images').select('digest').where('digest', '=', digest).executeTakeFirst();
  if (!exists) {
    if ((await usedBytes(ctx)) + bytes.length > IMAGE_QUOTA_BYTES) {
      await sweepUnusedImages(ctx);
      if ((await usedBytes(ctx)) + bytes.length > IMAGE_QUOTA_BYTES) fail(E.invalidParameter, { field: 'data', quotaBytes: IMAGE_QUOTA_BYTES }, 'There is no room for more uploaded images.');
    }
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
