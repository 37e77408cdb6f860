import type { TFunction } from 'i18next';
import { formatLockDuration } from '@portal/plugin-api';

/** "25 min", "2 h" or "1 h 30 min" in the page language (no plural forms to get wrong). */
export function lockText(t: TFunction<readonly ['sign-in', 'core']>, minutes: number): string {
  const d = formatLockDuration(minutes);
  if (d.unit === 'minutes') return t('sign-in:duration.minutes', { minutes: d.minutes });
  if (d.unit === 'hours') return t('sign-in:duration.hours', { hours: d.hours });
  return t('sign-in:duration.hoursMinutes', { hours: d.hours, minutes: d.minutes });
}
