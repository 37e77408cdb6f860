/**
 * Numbers in the reader's language: Arabic-Indic digits in Arabic (١٢), grouping as the language
 * writes it (1,000 / 1.000 / 1 000). Shared by the SPA (every number interpolated into a message,
 * through i18next's formatter, and every number a component prints) and the server's mails.
 *
 * The rule: a number interpolated into a message is localised, unless its placeholder names
 * something the reader types back or compares with another copy (a code, an error code, an id, a
 * port, a year written next to Western-digit data): those stay as given, in Western digits. Strings
 * are never touched, so a code passed as a string (a verification code, an IP) is safe whatever
 * its name. Digits in code inputs stay Western too (CodeInput).
 */
import { isLanguageCode, languageByCode } from './languages';

/** Placeholders whose number is an identifier, not a quantity: never localised. */
export const RAW_NUMBER_KEYS: ReadonlySet<string> = new Set(['code', 'errorCode', 'id', 'port', 'year']);

const formats = new Map<string, Intl.NumberFormat>();

/** The Intl locale of a portal language code (`ar_SA` → `ar-SA`, `sr_RS` → `sr-Latn-RS`); an unknown code reads as English. */
export function intlLocale(language: string | undefined): string {
  return languageByCode(isLanguageCode(language) ? language : 'en_US').bcp47;
}

/** `value` written as `language` writes numbers (`ar_SA`: ٣٠). */
export function formatNumber(value: number, language: string | undefined, options?: Intl.NumberFormatOptions): string {
  const locale = intlLocale(language);
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format.format(value);
}

/** An interpolated value as a message shows it: a finite number localised unless its placeholder is in RAW_NUMBER_KEYS; anything else as it came. */
export function localiseInterpolated<T>(value: T, key: string | undefined, language: string | undefined): T | string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  if (key !== undefined && RAW_NUMBER_KEYS.has(key)) return String(value);
  return formatNumber(value, language);
}

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as Western ones: what a code field keeps when an Arabic keyboard types or pastes a code. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}
