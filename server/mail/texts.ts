/**
 * Mail texts: a subject and a body for every mail kind in every portal language. They live with
 * the language's other texts, in `locales/<lang>/mail.json` (`subject.<kind>`, `body.<kind>`), so
 * adding a language is translating its locale folder; core/i18n/locales.test.ts checks that every
 * language has every key with English's placeholders. A mail is always written in the user's
 * language, and only an unknown language code falls back to English (en_US). Placeholders look
 * like {{name}}; values are plain text (HTML is escaped by the renderer), and a value given as a
 * number is written as the mail's language writes numbers (core/i18n/numbers.ts: Arabic-Indic
 * digits in Arabic; a code passed as a string stays as it is). "Unified ID" is a
 * product name and stays untranslated. A file that lacks a text stops the server at start.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '../../core/i18n/languages';
import { localiseInterpolated } from '../../core/i18n/numbers';

/** `noAccount` and `alreadyRegistered` go out only under enumeration protection (ENUMERATION_PROTECTION=1). */
export const MAIL_KINDS = ['activation', 'reset', 'emailCode', 'invitation', 'passwordChanged', 'noAccount', 'alreadyRegistered', 'newDeviceSignIn', 'recoveryCodeUsed'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

type Texts = Readonly<Record<MailKind, string>>;
/** A mail's placeholders; numbers are localised when filled in. */
export type MailVars = Readonly<Record<string, string | number>>;

function readTexts(lang: LanguageCode): { subject: Texts; body: Texts } {
  const file = new URL(`../../locales/${lang}/mail.json`, import.meta.url);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<'subject' | 'body', Record<string, unknown>>;
  const part = (name: 'subject' | 'body'): Texts =>
    Object.fromEntries(
      MAIL_KINDS.map((kind) => {
        const text = json[name]?.[kind];
        if (typeof text !== 'string' || !text.trim()) throw new Error(`locales/${lang}/mail.json lacks ${name}.${kind}`);
        return [kind, text];
      }),
    ) as Texts;
  return { subject: part('subject'), body: part('body') };
}

const TEXTS = new Map(LANGUAGE_CODES.map((lang) => [lang, readTexts(lang)] as const));
const table = (part: 'subject' | 'body') =>
  Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, TEXTS.get(lang)![part]])) as Readonly<Record<LanguageCode, Texts>>;

export const SUBJECTS = table('subject');
export const BODIES = table('body');

export function fill(template: string, vars: MailVars, language: LanguageCode = DEFAULT_LANGUAGE): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, key: string) => {
    const value = vars[key];
    return value === undefined ? m : String(localiseInterpolated(value, key, language));
  });
}

/** Subject and body of a mail in `language`; an unknown language code gets English. */
export function mailText(kind: MailKind, language: string, vars: MailVars): { subject: string; text: string } {
  const lang: LanguageCode = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  return { subject: fill(SUBJECTS[lang][kind], vars, lang), text: fill(BODIES[lang][kind], vars, lang) };
}
