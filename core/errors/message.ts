import { ApiError } from '../http/ApiError';
import type { ErrorMessageKey } from '../i18n/resources';
import { messageKeyFor } from './catalogue';

/** A `t` that knows the core's error messages: one of `useTranslation([..., 'core'])`. */
export type ErrorMessageT = (key: `core:errors.${ErrorMessageKey}`) => string;

/** Spec section 8 lookup: catalogue message by code, else the server's message, else 'Unknown error'. */
export function errorMessage(error: unknown, t: ErrorMessageT): string {
  if (error instanceof ApiError) {
    const key = messageKeyFor(error.code);
    if (key) return t(`core:errors.${key}`);
    if (error.serverMessage) return error.serverMessage;
  }
  return t('core:errors.unknown');
}
