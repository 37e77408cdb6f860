/**
 * The ZIP of a person's data: one JSON file per table that keeps rows about them (named by the
 * core and the features, server/domain/personalData.ts), the features' extra files, their uploads,
 * a manifest, and a README in their language. fflate writes it (docs/decisions.md: a small,
 * dependency-free, well-kept ZIP library; no hand-written format code).
 */
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { strToU8, zip, type AsyncZippable } from 'fflate';
import type { RegionCode } from '@portal/plugin-api/contract';
import { collectPersonalData, DEFAULT_LANGUAGE, intlLocale, isLanguageCode, personalUploads, type AccountTable, type ServerContext as Ctx } from '@portal/server-api';

/** The README's texts (`archive` in locales/<lang>/mail/your-data.json). */
interface ArchiveTexts {
  title: string;
  intro: string;
  made: string;
  times: string;
  withheld: string;
  filesHeading: string;
  uploads: string;
  manifest: string;
  notIncluded: string;
  other: string;
  files: Record<string, Record<string, string>>;
}

const textsCache = new Map<string, ArchiveTexts>();

/** The README's texts in a language (English for an unknown one). */
export function archiveTexts(language: string): ArchiveTexts {
  const lang = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  let texts = textsCache.get(lang);
  if (!texts) {
    const file = new URL(`../../../locales/${lang}/mail/your-data.json`, import.meta.url);
    texts = (JSON.parse(readFileSync(file, 'utf8')) as { archive: ArchiveTexts }).archive;
    textsCache.set(lang, texts);
  }
  return texts;
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

/** Times as people and programs read them: epoch milliseconds in `…_at` and `…_until` columns become ISO 8601 (UTC). */
export function readableRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, /(_at|_until)$/.test(column) && typeof value === 'number' && value > 1e11 ? new Date(value).toISOString() : value]));
}

/** fflate's asynchronous ZIP: compressed on worker threads, so a large copy does not hold up other requests. */
const zipAsync = promisify(zip) as (data: AsyncZippable, options: { level: 6; mtime: Date }) => Promise<Uint8Array>;

/** The uploads a copy holds at most, in bytes (the avatar in use first): more are listed in the manifest, not included. */
export const UPLOADS_MAX_BYTES = 25 * 1024 * 1024;

/** "25 MB" as the language writes it (its digits and unit). */
function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}

/**
 * A file name that every unzip tool accepts and shows as it is: no folders, no control characters,
 * no direction marks or overrides (a name cannot pose as another extension).
 */
export function safeName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069/\\:*?"<>|]/g, '_').slice(0, 120) || 'file';
}

export interface BuiltArchive {
  zip: Uint8Array;
  /** Each file's path and, for a table, how many rows it holds. */
  files: Array<{ path: string; rows?: number }>;
  /** Uploads left out for the size limit. */
  notIncluded: Array<{ id: string; name: string }>;
}

/** Collects the person's data from every store and writes the ZIP. */
export async function buildArchive(ctx: Ctx, region: RegionCode, account: AccountTable, language: string, uploadsMaxBytes = UPLOADS_MAX_BYTES): Promise<BuiltArchive> {
  const texts = archiveTexts(language);
  const data = await collectPersonalData(ctx, region, account);
  // The avatar in use first, then the newest: what a size limit leaves out is the oldest.
  const uploads = (await personalUploads(ctx, account)).sort((a, b) => Number(b.id === account.avatar_file_id) - Number(a.id === account.avatar_file_id) || b.createdAt - a.createdAt);
  const entries: AsyncZippable = {};
  const notIncluded: BuiltArchive['notIncluded'] = [];
  let uploadBytes = 0;
  const files: BuiltArchive['files'] = [];
  const describe = (path: string) => {
    const [feature = '', name = ''] = path.replace(/\.json$/, '').split('/');
    return texts.files[feature]?.[name] ?? fill(texts.other, { table: name, feature });
  };
  const lines: string[] = [];
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  for (const table of data.rows) {
    entries[table.file] = json(table.rows.map(readableRow));
    files.push({ path: table.file, rows: table.rows.length });
    lines.push(`${table.file} (${table.rows.length})\n    ${describe(table.file)}`);
  }
  for (const [path, value] of Object.entries(data.extra)) {
    entries[path] = json(value);
    files.push({ path });
    lines.push(`${path}\n    ${describe(path)}`);
  }
  for (const upload of uploads) {
    if (!upload.data) continue;
    if (uploadBytes + upload.data.byteLength > uploadsMaxBytes) {
      notIncluded.push({ id: upload.id, name: upload.name });
      continue;
    }
    uploadBytes += upload.data.byteLength;
    const path = `uploads/${upload.kind}-${upload.id.slice(0, 8)}-${safeName(upload.name)}`;
    entries[path] = [new Uint8Array(upload.data), { level: 0 }];
    files.push({ path });
    lines.push(`${path}\n    ${texts.uploads}`);
  }
  const madeAt = new Date(ctx.now()).toISOString();
  entries['manifest.json'] = json({ format: 1, madeAt, account: { id: account.id, email: account.email, region }, files, notIncluded });
  const readme = [
    texts.title,
    '',
    texts.intro,
    fill(texts.made, { date: madeAt, email: account.email }),
    '',
    // The standard's name and an example of it are code, not words: never translated, never in another script's digits.
    fill(texts.times, { format: 'ISO 8601', example: '2026-01-31T09:30:00.000Z' }),
    texts.withheld,
    '',
    texts.filesHeading,
    '',
    'manifest.json',
    `    ${texts.manifest}`,
    ...lines,
    ...(notIncluded.length ? ['', fill(texts.notIncluded, { size: megabytes(uploadsMaxBytes, language) })] : []),
    '',
  ].join('\n');
  entries['README.txt'] = strToU8(readme);
  // A fixed time in every entry: the same data makes the same ZIP.
  return { zip: await zipAsync(entries, { level: 6, mtime: new Date(ctx.now()) }), files, notIncluded };
}
