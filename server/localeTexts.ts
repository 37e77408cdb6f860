/**
 * Reading the server's own texts from locales/<lang>/*.json (mails, the captcha frame): a text must
 * be there and not blank, and a text in plural forms must have every form the language has.
 */
import { languageByCode, type LanguageCode } from '../core/i18n/languages';

export const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export const pluralRules = (lang: LanguageCode) => new Intl.PluralRules(languageByCode(lang).bcp47);

/** `key`'s forms (`key_one`, `key_other` …) in `part`, one per plural category of the language; throws `<missing>_<form>` for the first one missing. */
export function readPluralForms(part: Readonly<Record<string, unknown>> | undefined, key: string, lang: LanguageCode, missing: string): Partial<Record<Intl.LDMLPluralRule, string>> {
  return Object.fromEntries(
    pluralRules(lang)
      .resolvedOptions()
      .pluralCategories.map((form) => {
        const value = part?.[`${key}_${form}`];
        if (!nonEmpty(value)) throw new Error(`${missing}_${form}`);
        return [form, value];
      }),
  );
}
