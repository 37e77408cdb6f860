import { intlLocale } from './numbers';

/**
 * The one clock of the account pages (themes/design.md, "Dates and times"): every date and time is
 * written by this function, in the page language's Intl locale and in one zone: the one a story or
 * test pins, else the profile's time zone when this browser knows it, else the browser's. A moment
 * (date and time) names its zone ("Nov 27, 2026, 9:24 PM GMT+1"), so two cards never show the same
 * moment two ways; a day alone ("Nov 27, 2026": joined, added) is that day in the same zone.
 */
export function formatMoment(ms: number, language: string, options: { timeZone?: string; dateOnly?: boolean } = {}): string {
  const { dateOnly = false } = options;
  const timeZone = usableTimeZone(options.timeZone);
  const zone = timeZone ? { timeZone } : {};
  if (dateOnly) return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', ...zone }).format(ms);
  // dateStyle/timeStyle cannot name the zone: the same fields written out (medium date, short time).
  return new Intl.DateTimeFormat(intlLocale(language), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', ...zone }).format(ms);
}

/** A time zone this browser knows, else undefined (the browser's own): an old profile may name one it does not. */
export function usableTimeZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}
