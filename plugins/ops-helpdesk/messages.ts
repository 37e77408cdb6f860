/** What an operator reads for a failed help-desk call: the help desk's own words where it has them. */
import { ApiError, ERROR_CODES as E, errorMessage, type ErrorMessageT } from '@portal/plugin-api';
import type { TFunction } from 'i18next';

export type HelpdeskT = TFunction<['ops-helpdesk', 'security', 'core']>;

const OWN: Partial<Record<number, 'noAnswer' | 'notAllowed' | 'tooMany' | 'signedOut' | 'noAccount' | 'alreadyActivated'>> = {
  0: 'noAnswer',
  [E.permissionDenied]: 'notAllowed',
  [E.rateLimited]: 'tooMany',
  [E.unauthorized]: 'signedOut',
  [E.accountNotExist]: 'noAccount',
  [E.alreadyActivated]: 'alreadyActivated',
};

export function helpdeskError(error: unknown, t: HelpdeskT): string {
  if (error instanceof ApiError) {
    if ((error.result as { nothingToDo?: unknown } | undefined)?.nothingToDo) return t('ops-helpdesk:errors.nothingToDo');
    if (error.code === E.regionUnavailable) return t('ops-helpdesk:errors.switchedOff');
    if (error.code === E.invalidParameter) return t('ops-helpdesk:reasonRequired');
    const own = OWN[error.code];
    if (own) return t(`ops-helpdesk:errors.${own}`);
  }
  return errorMessage(error, t as unknown as ErrorMessageT);
}
