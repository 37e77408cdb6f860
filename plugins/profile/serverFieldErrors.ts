import { type ApiError, ERROR_CODES, messageKeyFor, type TranslationKey } from '@portal/plugin-api';
import { NEW_POSITION } from './positions';
import type { ProfileField } from './profileSchema';

/** Codes the server ties to one profile field whatever its result says. */
const FIELD_OF_CODE: Partial<Record<number, ProfileField>> = {
  [ERROR_CODES.invalidNickname]: 'nickname',
  [ERROR_CODES.regionCodeInvalid]: 'country',
  [ERROR_CODES.regionCodeInvalid2]: 'country',
  [ERROR_CODES.regionCodeInvalid3]: 'country',
};

/** Codes whose result names the field (`{ field }`): invalid parameter, XSS guard. */
const CODES_WITH_FIELD: readonly number[] = [ERROR_CODES.invalidParameter, ERROR_CODES.invalidParameter2, ERROR_CODES.xssInRequest];

const FORM_FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'nickname', 'jobTitle', 'newPosition', 'phone', 'country', 'timezone'];

export const HANDLED_FIELD_CODES: readonly number[] = [...Object.keys(FIELD_OF_CODE).map(Number), ...CODES_WITH_FIELD];

/**
 * The form field a failed save belongs on, with the catalogue message key, or null when the
 * error is not about one field (then the core's handler shows it). A job title the user typed
 * as a new position is shown on that text field.
 */
export function fieldErrorOf(error: ApiError, jobTitleChoice: string): { field: ProfileField; message: TranslationKey } | null {
  let field: ProfileField | undefined = FIELD_OF_CODE[error.code];
  if (!field && CODES_WITH_FIELD.includes(error.code)) {
    const named = (error.result as { field?: unknown } | undefined)?.field;
    if (typeof named === 'string' && (FORM_FIELDS as readonly string[]).includes(named)) field = named as ProfileField;
  }
  if (!field) return null;
  if (field === 'jobTitle' && jobTitleChoice === NEW_POSITION) field = 'newPosition';
  return { field, message: `core:errors.${messageKeyFor(error.code) ?? 'unknown'}` };
}
