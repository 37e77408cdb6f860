/** What an operator reads for a failed switches call. */
import { ApiError, ERROR_CODES as E, errorMessage, type ErrorMessageT } from '@portal/plugin-api';
import type { TFunction } from 'i18next';

export type SwitchesT = TFunction<['ops-switches', 'core']>;

export function switchesError(error: unknown, t: SwitchesT): string {
  if (error instanceof ApiError) {
    if (error.code === 0) return t('ops-switches:errors.noAnswer');
    if (error.code === E.permissionDenied) {
      const fields = (error.result as { fields?: unknown } | undefined)?.fields;
      if (Array.isArray(fields) && fields.length) return t('ops-switches:errors.deploymentFields', { fields: fields.join(', ') });
      return t('ops-switches:errors.notAllowed');
    }
    const problems = (error.result as { problems?: unknown } | undefined)?.problems;
    if (Array.isArray(problems) && problems.length) return t('ops-switches:errors.invalid', { problems: problems.join('; ') });
  }
  return errorMessage(error, t as unknown as ErrorMessageT);
}

/** The version another operator applied meanwhile, from a 409 answer; null for any other failure. */
export function conflictVersion(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = (error.result as { current?: unknown } | undefined)?.current;
  return typeof current === 'number' ? current : null;
}
