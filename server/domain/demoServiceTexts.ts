/**
 * The demo service's banner slides in every portal language: `locales/<lang>/demo-service.json`,
 * beside the language's other texts (the SPA never loads this namespace; the server hands the texts
 * to the login page in the slides' `texts`, and the page shows its own language's).
 * core/i18n/locales.test.ts checks every language has English's keys; a file that lacks a text stops
 * the server at start, as the mail texts do.
 */
import { readFileSync } from 'node:fs';
import type { CarouselTexts } from '../../core/contract/auth';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../core/i18n/languages';
import { nonEmpty } from '../localeTexts';

const KEYS = ['oneId', 'company', 'learnMore'] as const;
type Key = (typeof KEYS)[number];

function read(lang: LanguageCode): Record<Key, string> {
  const file = new URL(`../../locales/${lang}/demo-service.json`, import.meta.url);
  const slides = (JSON.parse(readFileSync(file, 'utf8')) as { slides?: Record<string, unknown> }).slides;
  return Object.fromEntries(
    KEYS.map((key) => {
      const value = slides?.[key];
      if (!nonEmpty(value)) throw new Error(`locales/${lang}/demo-service.json lacks slides.${key}`);
      return [key, value];
    }),
  ) as Record<Key, string>;
}

// Read once, at start.
const TEXTS = new Map(LANGUAGE_CODES.map((lang) => [lang, read(lang)] as const));

/** One text of the demo slides: English as the plain text, every language's in `texts`. */
export function demoSlideText(description: Key, linkText?: Key): { description: string; linkText?: string; texts: Record<string, CarouselTexts> } {
  const english = TEXTS.get(DEFAULT_LANGUAGE)!;
  return {
    description: english[description],
    ...(linkText ? { linkText: english[linkText] } : {}),
    texts: Object.fromEntries([...TEXTS].map(([lang, t]) => [lang, { description: t[description], ...(linkText ? { linkText: t[linkText] } : {}) }])),
  };
}
