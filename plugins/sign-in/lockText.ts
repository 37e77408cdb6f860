import type { TFunction } from 'i18next';
import { formatLockDuration } from '@portal/plugin-api';

/** "25 min", "2 h" or "1 h 30 min" in the page language; each part takes the plural form of its own number. */
export function lockText(t: TFunction<readonly ['sign-in', 'core']>, minutes: number): string {
  const d = formatLockDuration(minutes);
  const mins = (count: number) => t('sign-in:duration.minutes', { count });
  const hours = (count: number) => t('sign-in:duration.hours', { count });
  if (d.unit === 'minutes') return mins(d.minutes);
  if (d.unit === 'hours') return hours(d.hours);
  return t('sign-in:duration.hoursMinutes', { hours: hours(d.hours), minutes: mins(d.minutes) });
}
