import {
  AVATAR_RULE,
  type AvatarUpdateRequest,
  type AvatarUploadResult,
  checkFile,
  ERROR_CODES,
  type FileProblem,
  type HttpClient,
  isUploadRefusedResult,
  md5OfFile,
  type TranslationKey,
  type UserProfile,
} from '@portal/plugin-api';

/** Upload codes of spec section 8 shown beside the avatar instead of as a toast. */
export const AVATAR_CODES: readonly number[] = [ERROR_CODES.avatarNameTooLong, ERROR_CODES.avatarTooLarge, ERROR_CODES.avatarSaveFailed];

/**
 * What to tell the user about a file refused before upload: the catalogue message of the code
 * the server would answer with (-11000 name, -11001 size), or a local one (type, empty file).
 */
export function localProblemKey(problem: FileProblem): TranslationKey {
  switch (problem) {
    case 'name':
      return 'core:errors.avatarNameTooLong';
    case 'size':
      return 'core:errors.avatarTooLarge';
    case 'type':
      return 'profile:avatar.wrongType';
    case 'empty':
      return 'profile:avatar.empty';
  }
}

/**
 * What to tell the user when the server refuses the file by its content (-10020 with an
 * `UploadRefusedResult`): e.g. a picture named .png that is no PNG. Null for any other -10020.
 */
export function refusedUploadKey(result: unknown): TranslationKey | null {
  if (!isUploadRefusedResult(result)) return null;
  if (result.reason === 'type') return 'profile:avatar.notAnImage';
  if (result.reason === 'empty') return 'profile:avatar.empty';
  return 'profile:avatar.checksum';
}

export function checkAvatar(file: File): FileProblem | null {
  return checkFile(file, AVATAR_RULE);
}

/**
 * Uploads a picked avatar (multipart: file, md5 of its bytes computed here, accountId), then
 * makes it the account's avatar. Resolves the updated profile.
 */
export async function uploadAvatar(http: HttpClient, file: File, accountId: string): Promise<UserProfile> {
  const md5 = await md5OfFile(file);
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('md5', md5);
  form.append('accountId', accountId);
  const uploaded = await http.post<AvatarUploadResult>('/accounts/avatar/upload', undefined, { form });
  const body: AvatarUpdateRequest = { avatarFileId: uploaded.avatarFileId, accountId };
  return http.post<UserProfile>('/accounts/avatar/update', body);
}
