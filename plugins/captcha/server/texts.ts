/**
 * The captcha frame's texts, in every portal language: `locales/<lang>/captcha-frame.json`, beside
 * the language's other texts (the SPA never loads this namespace; the server writes it into the
 * frame page). core/i18n/locales.test.ts checks every language has English's keys and placeholders;
 * a file that lacks a text or a plural form stops the server at start, as the mail texts do.
 *
 * `position` (the slider's spoken value) comes in the language's plural forms of its `{{count}}`
 * (the slider's length); frame.js picks the form and writes both numbers in the page language's
 * digits (Arabic-Indic in Arabic), as core/i18n/numbers.ts does elsewhere.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, nonEmpty, readPluralForms, type LanguageCode } from '@portal/server-api';

export const FRAME_TEXT_KEYS = ['title', 'hint', 'loading', 'success', 'failed', 'error', 'reload', 'handle', 'keys', 'limited'] as const;
export type FrameTextKey = (typeof FRAME_TEXT_KEYS)[number];

export type FrameTexts = Readonly<Record<FrameTextKey, string>> & {
  /** `position` by Intl.PluralRules category of the slider's length. */
  readonly position: Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;
};

/** One language's frame texts from its parsed captcha-frame.json; throws naming the first missing key. */
export function parseFrameTexts(json: Readonly<Record<string, unknown>>, lang: LanguageCode): FrameTexts {
  const lacks = (key: string) => new Error(`locales/${lang}/captcha-frame.json lacks ${key}`);
  const texts: Partial<Record<FrameTextKey, string>> = {};
  for (const key of FRAME_TEXT_KEYS) {
    const value = json[key];
    if (!nonEmpty(value)) throw lacks(key);
    texts[key] = value;
  }
  const position = readPluralForms(json, 'position', lang, `locales/${lang}/captcha-frame.json lacks position`);
  return { ...(texts as Record<FrameTextKey, string>), position };
}

function readFrameTexts(lang: LanguageCode): FrameTexts {
  const file = new URL(`../../../locales/${lang}/captcha-frame.json`, import.meta.url);
  return parseFrameTexts(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, lang);
}

// Read once, at start: a language without its texts stops the server here.
const TEXTS = new Map(LANGUAGE_CODES.map((lang) => [lang, readFrameTexts(lang)] as const));

/** The frame's language for a `lang` query value: a portal language, or English for anything else. */
export function frameLanguage(lang: string | undefined): LanguageCode {
  return isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE;
}

export function frameTexts(lang: LanguageCode): FrameTexts {
  return TEXTS.get(lang)!;
}
