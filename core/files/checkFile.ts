/**
 * Upload rules of spec section 5, checked before any byte is sent: the avatar is a PNG or
 * JPG up to 1 MB; a business licence or other upload is up to 5 MB with a name under 256
 * characters. The server checks the same again (-11000/-11001/-11002).
 */
export interface UploadRule {
  /** Accepted MIME types; empty means any. */
  types: readonly string[];
  /** Accepted name extensions (lowercase, with the dot), used when the browser gives no type. */
  extensions: readonly string[];
  maxBytes: number;
  /** Names must be shorter than this. */
  maxNameLength: number;
}

/** What an avatar may be: PNG or JPEG, at most 1 MB. */
export const AVATAR_RULE: UploadRule = {
  types: ['image/png', 'image/jpeg'],
  extensions: ['.png', '.jpg', '.jpeg'],
  maxBytes: 1024 * 1024,
  maxNameLength: 256,
};

/** The reference server takes a PDF, PNG or JPG licence (it sniffs the bytes too). */
export const LICENSE_RULE: UploadRule = {
  types: ['application/pdf', 'image/png', 'image/jpeg'],
  extensions: ['.pdf', '.png', '.jpg', '.jpeg'],
  maxBytes: 5 * 1024 * 1024,
  maxNameLength: 256,
};

/** Why checkFile refuses a file. */
export type FileProblem = 'type' | 'size' | 'name' | 'empty';

/** The first rule a file breaks, or null when it may be uploaded. */
export function checkFile(file: Pick<File, 'name' | 'size' | 'type'>, rule: UploadRule): FileProblem | null {
  if (file.size === 0) return 'empty';
  if (rule.types.length > 0) {
    const dot = file.name.lastIndexOf('.');
    const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
    const typeOk = file.type ? rule.types.includes(file.type) : rule.extensions.includes(extension);
    if (!typeOk) return 'type';
  }
  if (file.size > rule.maxBytes) return 'size';
  // Code points, as the server counts them: an emoji is one character, not two.
  if ([...file.name].length >= rule.maxNameLength) return 'name';
  return null;
}
