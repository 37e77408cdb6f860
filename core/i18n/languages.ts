/**
 * The portal's languages (spec section 9), declared here once: everything that lists languages
 * derives from LANGUAGES (the language menu, i18next, the config shape and config/schema.json,
 * the server's checks, the mail texts read from each language's locale folder, the tests).
 * `code` is the portal's language id (also the locales/ folder name and the `lang` query value);
 * `serverCode` is the numeric id the server's login-page info uses; 16 is the right-to-left
 * language the spec mentions (Arabic). To add a language, follow "Adding a language" in docs/plugins.md.
 */
interface LanguageSpec {
  code: string;
  /** Name of the language in itself, shown in the language menu. */
  nativeName: string;
  /** BCP 47 tag for `<html lang>` and Intl. */
  bcp47: string;
  serverCode: number;
  dir: 'ltr' | 'rtl';
}

const DECLARED = [
  { code: 'en_US', nativeName: 'English', bcp47: 'en-US', serverCode: 1, dir: 'ltr' },
  { code: 'cs_CZ', nativeName: 'Čeština', bcp47: 'cs-CZ', serverCode: 2, dir: 'ltr' },
  { code: 'de_DE', nativeName: 'Deutsch', bcp47: 'de-DE', serverCode: 3, dir: 'ltr' },
  { code: 'fr_FR', nativeName: 'Français', bcp47: 'fr-FR', serverCode: 4, dir: 'ltr' },
  { code: 'es_ES', nativeName: 'Español', bcp47: 'es-ES', serverCode: 5, dir: 'ltr' },
  { code: 'nl_NL', nativeName: 'Nederlands', bcp47: 'nl-NL', serverCode: 6, dir: 'ltr' },
  { code: 'it_IT', nativeName: 'Italiano', bcp47: 'it-IT', serverCode: 7, dir: 'ltr' },
  { code: 'pl_PL', nativeName: 'Polski', bcp47: 'pl-PL', serverCode: 8, dir: 'ltr' },
  { code: 'pt_PT', nativeName: 'Português', bcp47: 'pt-PT', serverCode: 9, dir: 'ltr' },
  { code: 'ru_RU', nativeName: 'Русский', bcp47: 'ru-RU', serverCode: 10, dir: 'ltr' },
  { code: 'tr_TR', nativeName: 'Türkçe', bcp47: 'tr-TR', serverCode: 11, dir: 'ltr' },
  { code: 'ja_JP', nativeName: '日本語', bcp47: 'ja-JP', serverCode: 12, dir: 'ltr' },
  { code: 'zh_TW', nativeName: '繁體中文', bcp47: 'zh-TW', serverCode: 13, dir: 'ltr' },
  { code: 'ko_KR', nativeName: '한국어', bcp47: 'ko-KR', serverCode: 14, dir: 'ltr' },
  { code: 'sk_SK', nativeName: 'Slovenčina', bcp47: 'sk-SK', serverCode: 15, dir: 'ltr' },
  { code: 'hu_HU', nativeName: 'Magyar', bcp47: 'hu-HU', serverCode: 17, dir: 'ltr' },
  { code: 'ro_RO', nativeName: 'Română', bcp47: 'ro-RO', serverCode: 18, dir: 'ltr' },
  { code: 'bg_BG', nativeName: 'Български', bcp47: 'bg-BG', serverCode: 19, dir: 'ltr' },
  { code: 'uk_UA', nativeName: 'Українська', bcp47: 'uk-UA', serverCode: 20, dir: 'ltr' },
  { code: 'sr_RS', nativeName: 'Srpski', bcp47: 'sr-Latn-RS', serverCode: 21, dir: 'ltr' },
  { code: 'ar_SA', nativeName: 'العربية', bcp47: 'ar-SA', serverCode: 16, dir: 'rtl' },
] as const satisfies readonly LanguageSpec[];

/** A language code the portal speaks (en_US, de_DE…). */
export type LanguageCode = (typeof DECLARED)[number]['code'];
export interface Language extends LanguageSpec {
  code: LanguageCode;
}

export const LANGUAGES: readonly Language[] = DECLARED;
/** The code of every portal language, in the order of LANGUAGES (a language list's options, a check over all of them). */
export const LANGUAGE_CODES: readonly LanguageCode[] = DECLARED.map((l) => l.code);

/** The language used when nothing else chooses one: en_US. */
export const DEFAULT_LANGUAGE: LanguageCode = 'en_US';
/** The server's numeric id of the right-to-left language (spec section 2). */
export const RTL_SERVER_CODE = 16;

/** Whether `value` is one of the portal's language codes. */
export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** A language's names and direction, by its code. */
export function languageByCode(code: LanguageCode): Language {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0]!;
}

/** Language id from a server numeric code or a portal code; undefined when unknown. */
export function languageFromServer(value: number | string | undefined): LanguageCode | undefined {
  if (typeof value === 'number') return LANGUAGES.find((l) => l.serverCode === value)?.code;
  if (isLanguageCode(value)) return value;
  return undefined;
}

/** Best match for a browser language tag such as 'de', 'de-AT' or 'pt-BR'. */
export function matchBrowserLanguage(tag: string): LanguageCode | undefined {
  const lower = tag.toLowerCase().replace('_', '-');
  const exact = LANGUAGES.find((l) => l.bcp47.toLowerCase() === lower);
  if (exact) return exact.code;
  const primary = lower.split('-')[0];
  return LANGUAGES.find((l) => l.bcp47.toLowerCase().split('-')[0] === primary)?.code;
}
