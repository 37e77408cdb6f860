import { object, string, type InferType } from 'yup';
import { genericPhoneRule, ILLEGAL_CHARACTERS, isBmpOnly, LIMITS, MSG, nameRule, type TranslationKey } from '@portal/plugin-api';
import { NEW_POSITION } from './positions';

/**
 * Profile form rules (spec section 5), matching what the reference server enforces in
 * `updateInfo` (server/domain/accounts.ts): names and a job title by its name rule (at most
 * 100 characters, BMP only, no illegal characters), a nickname at most 100 characters
 * without the illegal characters or '>' (else -20620), the generic 4-12 digit phone.
 */
export const PROFILE_MSG = {
  nicknameTooLong: 'profile:validation.nicknameTooLong',
  positionTooLong: 'profile:validation.positionTooLong',
  nicknameCharacters: 'profile:validation.nicknameCharacters',
} as const;

/** The nickname also refuses '>' (the server's -20620 check does). */
const NICKNAME_ILLEGAL = /["'\\;:<>@]/;
// Control characters are refused by the server's name check; say so before it does.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

const optionalText = (tooLong: TranslationKey, illegal: RegExp, illegalMessage: TranslationKey) =>
  string()
    .trim()
    .default('')
    .max(LIMITS.nameMax, tooLong)
    .test('bmp', MSG.nameCharacters, (v) => !v || (isBmpOnly(v) && !CONTROL.test(v)))
    .test('illegal', illegalMessage, (v) => !v || !illegal.test(v));

export const profileSchema = object({
  firstName: nameRule(),
  lastName: nameRule(),
  nickname: optionalText(PROFILE_MSG.nicknameTooLong, NICKNAME_ILLEGAL, PROFILE_MSG.nicknameCharacters),
  /** A listed position's value, NEW_POSITION, or '' for none. */
  jobTitle: string().default(''),
  /** Only checked when "add a new position" is chosen. */
  newPosition: string()
    .default('')
    .when('jobTitle', {
      is: NEW_POSITION,
      then: () => optionalText(PROFILE_MSG.positionTooLong, ILLEGAL_CHARACTERS, MSG.illegalCharacters).required(MSG.required),
      otherwise: (s) => s,
    }),
  phone: genericPhoneRule().default(''),
  country: string().default(''),
  timezone: string().default(''),
});

export type ProfileFormValues = InferType<typeof profileSchema>;
export type ProfileField = keyof ProfileFormValues;
