import type { TFunction } from 'i18next';
import { type ApiError, ERROR_CODES, type FailedLoginResult, formatLockDuration } from '@portal/plugin-api';

/**
 * Why the server refused an unlock password. The unlock counts towards the sign-in lock
 * (spec section 4: five consecutive failures lock the account, with a warning before), so it
 * reads the same failed-login result the sign-in form does.
 */
export type UnlockRefusal =
  | { kind: 'wrong'; remainAttempts: number | null }
  | { kind: 'lastAttempt'; lockedMinutes: number }
  | { kind: 'locked'; lockedMinutes: number | null };

/** The refusal an unlock error stands for; null when it is no password refusal. */
export function unlockRefusal(error: ApiError): UnlockRefusal | null {
  const result = (error.result as Partial<FailedLoginResult> | undefined) ?? {};
  const minutes = typeof result.lockedMinutes === 'number' && result.lockedMinutes > 0 ? result.lockedMinutes : null;
  switch (error.code) {
    case ERROR_CODES.wrongCredentials: {
      const remain = result.remainAttempts;
      if (typeof remain !== 'number') return { kind: 'wrong', remainAttempts: null };
      if (remain <= 0) return { kind: 'locked', lockedMinutes: minutes };
      if (remain === 1 && minutes !== null) return { kind: 'lastAttempt', lockedMinutes: minutes };
      return { kind: 'wrong', remainAttempts: remain };
    }
    case ERROR_CODES.accountLocked:
    case ERROR_CODES.tooManyRequests:
      return { kind: 'locked', lockedMinutes: minutes };
    default:
      return null;
  }
}

/** "25 min", "2 h" or "1 h 30 min" in the page language; each part takes the plural form of its own number. */
export function lockDurationText(t: TFunction<readonly ['security', 'core']>, minutes: number): string {
  const d = formatLockDuration(minutes);
  const mins = (count: number) => t('security:lock.duration.minutes', { count });
  const hours = (count: number) => t('security:lock.duration.hours', { count });
  if (d.unit === 'minutes') return mins(d.minutes);
  if (d.unit === 'hours') return hours(d.hours);
  return t('security:lock.duration.hoursMinutes', { hours: hours(d.hours), minutes: mins(d.minutes) });
}
