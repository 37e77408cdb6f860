import { ApiError, ERROR_CODES, type MessageKey, type MfaErrorResult, toApiError } from '@portal/plugin-api';

/** What a two-factor dialog shows for a failed call: a key of the security namespace and its values, or the catalogue message. */
export type DialogProblem =
  | { key: MessageKey<'security'>; values?: Record<string, unknown>; kind: 'error' | 'warning'; locks?: boolean; newKey?: boolean }
  | { error: ApiError; kind: 'error' };

/** MFA codes of spec section 8 as the enrolment and confirm dialogs show them. */
export function dialogProblem(error: unknown): DialogProblem {
  const apiError = toApiError(error);
  const result = apiError.result as (MfaErrorResult & { retryAfterSeconds?: number }) | undefined;
  switch (apiError.code) {
    case ERROR_CODES.tokenFailure:
      return { key: 'dialog.sessionTimeout', kind: 'warning', locks: true };
    case ERROR_CODES.mfaCodeError:
      return typeof result?.remainAttempts === 'number'
        ? { key: 'dialog.wrongCode', values: { attempts: result.remainAttempts }, kind: 'error' }
        : { key: 'dialog.wrongCodeNoCount', kind: 'error' };
    case ERROR_CODES.verificationCodeInvalid:
      return { key: 'dialog.resendTip', kind: 'error' };
    case ERROR_CODES.mfaTooManyWrong:
      return { key: 'dialog.locked', values: { count: result?.lockedMinutes ?? 10 }, kind: 'error', locks: true };
    case ERROR_CODES.totpSecretExpired:
    case ERROR_CODES.totpSecretMissing:
      return { key: 'dialog.keyExpired', kind: 'warning', newKey: true };
    case ERROR_CODES.mfaTypeEnabled:
      return { key: 'dialog.alreadyEnabled', kind: 'warning', locks: true };
    case ERROR_CODES.mfaTypeDisabled:
      return { key: 'dialog.notEnabled', kind: 'warning', locks: true };
    default:
      return { error: apiError, kind: 'error' };
  }
}
