import type { TFunction } from 'i18next';
import { ApiError } from '../http/ApiError';
import { messageKeyFor } from './catalogue';

/** Spec section 8 lookup: catalogue message by code, else the server's message, else 'Unknown error'. */
export function errorMessage(error: unknown, t: TFunction | ((key: string) => string)): string {
  if (error instanceof ApiError) {
    const key = messageKeyFor(error.code);
    if (key) return (t as (k: string) => string)(`core:errors.${key}`);
    if (error.serverMessage) return error.serverMessage;
  }
  return (t as (k: string) => string)('core:errors.unknown');
}
