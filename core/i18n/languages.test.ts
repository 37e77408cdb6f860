import { describe, expect, it } from 'vitest';
import { detectLanguage } from './i18n';
import { LANGUAGES, languageFromServer, matchBrowserLanguage, RTL_SERVER_CODE } from './languages';
import { storage } from '../session/storage';

describe('language choice', () => {
  it('the lang query wins, then the stored choice, then the browser, then the deployment default', () => {
    storage.set('lang', 'fr_FR');
    expect(detectLanguage('?lang=ja_JP', ['de-DE'])).toBe('ja_JP');
    expect(detectLanguage('?lang=xx', ['de-DE'])).toBe('fr_FR');
    storage.remove('lang');
    expect(detectLanguage('', ['xx', 'de-AT'])).toBe('de_DE');
    expect(detectLanguage('', ['xx'], 'ko_KR')).toBe('ko_KR');
    expect(detectLanguage('', [])).toBe('en_US');
  });

  it('matches browser tags by region, then by language', () => {
    expect(matchBrowserLanguage('zh-TW')).toBe('zh_TW');
    expect(matchBrowserLanguage('pt-BR')).toBe('pt_PT');
    expect(matchBrowserLanguage('sr')).toBe('sr_RS');
    expect(matchBrowserLanguage('ar')).toBeUndefined();
  });

  it('maps server language codes; 16 is the reserved RTL code and no shipped language uses it', () => {
    expect(languageFromServer(3)).toBe('de_DE');
    expect(languageFromServer('it_IT')).toBe('it_IT');
    expect(languageFromServer(RTL_SERVER_CODE)).toBeUndefined();
    expect(new Set(LANGUAGES.map((l) => l.serverCode)).size).toBe(20);
  });
});
