import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './languages';

/** Every locale has exactly English's keys, in every namespace; values are non-empty strings. */
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const read = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(`locales/${lang}/${ns}`, 'utf8')) as Tree);
const namespaces = readdirSync(`locales/${DEFAULT_LANGUAGE}`).filter((f) => f.endsWith('.json'));
const interpolations = (s: string) => [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has a folder for each language of core/i18n/languages.ts and nothing else', () => {
    const folders = readdirSync('locales').filter((f) => !f.includes('.'));
    expect(folders.sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(LANGUAGE_CODES.filter((l) => l !== DEFAULT_LANGUAGE))('%s', (lang) => {
    it.each(namespaces)('%s has the same keys as English, with the same placeholders', (ns) => {
      expect(existsSync(`locales/${lang}/${ns}`), `locales/${lang}/${ns} is missing`).toBe(true);
      const english = read(DEFAULT_LANGUAGE, ns);
      const local = read(lang, ns);
      expect([...english.keys()].filter((k) => !local.has(k)), 'keys English has that this locale lacks').toEqual([]);
      expect([...local.keys()].filter((k) => !english.has(k)), 'keys this locale has that English lacks').toEqual([]);
      for (const [key, value] of local) {
        expect(value.trim(), `${key} is empty`).not.toBe('');
        expect(interpolations(value), `${key} placeholders`).toEqual(interpolations(english.get(key)!));
      }
    });

    it('is really translated, not an English copy', () => {
      let same = 0;
      let total = 0;
      for (const ns of namespaces) {
        const english = read(DEFAULT_LANGUAGE, ns);
        for (const [key, value] of read(lang, ns)) {
          total += 1;
          if (value === english.get(key) && value.length > 12) same += 1;
        }
      }
      // Brand names and codes may stay as they are; whole sentences may not.
      expect(same / total).toBeLessThan(0.1);
    });
  });
});
