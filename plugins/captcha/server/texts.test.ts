import { readFileSync } from 'node:fs';
import { LANGUAGE_CODES } from '@portal/server-api';
import { FRAME_TEXT_KEYS, frameLanguage, frameTexts, parseFrameTexts } from './texts';

const english = JSON.parse(readFileSync('locales/en_US/captcha-frame.json', 'utf8')) as Record<string, string>;

describe('captcha frame texts', () => {
  it('are read for every portal language, each in its own words', () => {
    for (const lang of LANGUAGE_CODES) {
      const texts = frameTexts(lang);
      for (const key of FRAME_TEXT_KEYS) expect(texts[key].trim(), `${lang} ${key}`).not.toBe('');
      expect(texts.position.other, `${lang} position`).toContain('{{x}}');
      if (lang !== 'en_US') expect(texts.hint, lang).not.toBe(frameTexts('en_US').hint);
    }
    expect(frameTexts('ja_JP').title).toBe('セキュリティ確認');
  });

  it('fall back to English only for a code the portal does not have', () => {
    expect(frameLanguage('pl_PL')).toBe('pl_PL');
    expect(frameLanguage('ar_SA')).toBe('ar_SA');
    expect(frameLanguage('xx_XX')).toBe('en_US');
    expect(frameLanguage('pl')).toBe('en_US');
    expect(frameLanguage(undefined)).toBe('en_US');
  });

  it('take the position in every plural form of the language', () => {
    expect(Object.keys(frameTexts('ar_SA').position).sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    expect(frameTexts('ar_SA').position.one).toBe('القطعة عند {{x}} من بكسل واحد');
    expect(Object.keys(frameTexts('en_US').position).sort()).toEqual(['one', 'other']);
  });

  it('stop the server at start when a language lacks a text or a plural form', () => {
    const { hint: _hint, ...noHint } = english;
    expect(() => parseFrameTexts(noHint, 'de_DE')).toThrow('locales/de_DE/captcha-frame.json lacks hint');
    expect(() => parseFrameTexts({ ...english, reload: '  ' }, 'de_DE')).toThrow('lacks reload');
    // English's two forms are not enough for Polish, which also has few and many.
    expect(() => parseFrameTexts(english, 'pl_PL')).toThrow('locales/pl_PL/captcha-frame.json lacks position_few');
    expect(parseFrameTexts(english, 'en_US').position).toEqual({ one: english.position_one, other: english.position_other });
  });
});
