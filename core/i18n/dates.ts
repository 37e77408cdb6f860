import { intlLocale } from './numbers';

/**
 * A moment as the account pages show it: medium date and short time (or the date alone) in the
 * page language's Intl locale, in `timeZone` when given (stories and tests pin UTC so screenshots
 * do not depend on the machine), else the browser's.
 */
export function formatMoment(ms: number, language: string, options: { timeZone?: string; dateOnly?: boolean } = {}): string {
  const { timeZone, dateOnly = false } = options;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', ...(dateOnly ? {} : { timeStyle: 'short' }), ...(timeZone ? { timeZone } : {}) }).format(ms);
}
