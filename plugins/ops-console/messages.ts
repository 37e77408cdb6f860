/** What an operator reads for a failed console call: the console's own words where it has them. */
import { ApiError, ERROR_CODES as E, errorMessage, type ErrorMessageT } from '@portal/plugin-api';
import type { TFunction } from 'i18next';

const OWN: Partial<Record<number, string>> = {
  0: 'errors.noAnswer',
  [E.wrongCredentials]: 'errors.wrongCredentials',
  [E.mfaCodeError]: 'errors.factorRefused',
  [E.invalidToken]: 'errors.invitationInvalid',
  [E.invalidPasswordFormat]: 'errors.passwordRule',
  [E.permissionDenied]: 'errors.notAllowed',
  [E.userExists]: 'errors.alreadyOperator',
  [E.rateLimited]: 'errors.tooMany',
  [E.unauthorized]: 'errors.signedOut',
};

export function consoleError(error: unknown, t: TFunction<['ops-console', 'core']>): string {
  if (error instanceof ApiError) {
    if (error.code === E.permissionDenied && (error.result as { lastAdmin?: unknown } | undefined)?.lastAdmin === true) return t('ops-console:errors.lastAdmin');
    const own = OWN[error.code];
    if (own) return t(`ops-console:${own}` as 'ops-console:errors.noAnswer');
  }
  return errorMessage(error, t as unknown as ErrorMessageT);
}
