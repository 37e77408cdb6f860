import { beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, detectLanguage, i18n, initI18n, showLanguage } from './i18n';
import { LANGUAGE_CODES, LANGUAGES, languageFromServer, matchBrowserLanguage, RTL_SERVER_CODE } from './languages';
import { storage } from '../session/storage';

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('en_US', []);
});

describe('language choice', () => {
  it('the lang query wins, then the stored choice, then the deployment default; the browser is not asked', () => {
    storage.set('lang', 'fr_FR');
    expect(detectLanguage('?lang=ja_JP', 'de_DE')).toBe('ja_JP');
    expect(detectLanguage('?lang=xx', 'de_DE')).toBe('fr_FR');
    storage.remove('lang');
    expect(detectLanguage('', 'ko_KR')).toBe('ko_KR');
    expect(detectLanguage('')).toBe('en_US');
  });

  it('a language picked by the visitor is remembered and put in the address without navigating', async () => {
    window.history.replaceState({ keep: 1 }, '', '/login?session_code=sc&lang=en_US#main');
    const before = window.history.length;
    await chooseLanguage('de_DE');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/login?session_code=sc&lang=de_DE#main');
    expect(window.history.length).toBe(before);
    expect(window.history.state).toEqual({ keep: 1 });
    expect(storage.get('lang')).toBe('de_DE');
    expect(i18n.language).toBe('de_DE');
    expect(document.documentElement.lang).toBe('de-DE');
    // A reload of that address starts in that language.
    expect(detectLanguage(window.location.search, 'en_US')).toBe('de_DE');
  });

  it("a client's language is shown, not remembered as the visitor's choice", async () => {
    storage.remove('lang');
    await showLanguage('it_IT');
    expect(i18n.language).toBe('it_IT');
    expect(storage.get('lang')).toBeNull();
  });

  it('matches browser tags by region, then by language', () => {
    expect(matchBrowserLanguage('zh-TW')).toBe('zh_TW');
    expect(matchBrowserLanguage('pt-BR')).toBe('pt_PT');
    expect(matchBrowserLanguage('sr')).toBe('sr_RS');
    expect(matchBrowserLanguage('ar-EG')).toBe('ar_SA');
    expect(matchBrowserLanguage('he')).toBeUndefined();
  });

  it('maps server language codes; 16 is the right-to-left language, Arabic', () => {
    expect(languageFromServer(3)).toBe('de_DE');
    expect(languageFromServer('it_IT')).toBe('it_IT');
    expect(languageFromServer(RTL_SERVER_CODE)).toBe('ar_SA');
    expect(new Set(LANGUAGES.map((l) => l.serverCode)).size).toBe(LANGUAGES.length);
    expect(LANGUAGES.filter((l) => l.dir === 'rtl').map((l) => l.serverCode)).toEqual([RTL_SERVER_CODE]);
  });

  it('turns the whole page right to left with Arabic and back to left to right with another language', async () => {
    storage.remove('lang');
    await chooseLanguage('ar_SA');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(storage.get('lang')).toBe('ar_SA');
    await showLanguage('fr_FR');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('fr-FR');
    await initI18n('ar_SA', []);
    expect(document.documentElement.dir).toBe('rtl');
    await showLanguage('en_US');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('declares each language once: unique codes and tags, the code list derived from the declarations', () => {
    expect(new Set(LANGUAGE_CODES).size).toBe(LANGUAGES.length);
    expect(LANGUAGE_CODES).toEqual(LANGUAGES.map((l) => l.code));
    expect(new Set(LANGUAGES.map((l) => l.bcp47)).size).toBe(LANGUAGES.length);
    for (const l of LANGUAGES) expect(l.code).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
  });
});
