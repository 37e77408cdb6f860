import { describe, expect, it } from 'vitest';
import { portalLanguage } from './uiLocales';

describe('ui_locales to the portal language', () => {
  it.each([
    ['fr-CA de', 'fr_FR'],
    ['zh-TW', 'zh_TW'],
    ['PT-br', 'pt_PT'],
    ['xx en-GB', 'en_US'],
    ['de-AT', 'de_DE'],
    ['xx yy', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (tags, expected) => {
    expect(portalLanguage(tags)).toBe(expected);
  });
});
