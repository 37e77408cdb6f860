import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './languages';
import { intlLocale } from './numbers';
import { packageLocaleFiles } from '../build/pluginSources.mjs';

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
// The plugins' mail texts (locales/<lang>/mail/<plugin>.json, read by the server) are checked like a namespace.
const namespaces = [
  ...readdirSync(`locales/${DEFAULT_LANGUAGE}`).filter((f) => f.endsWith('.json')),
  ...(existsSync(`locales/${DEFAULT_LANGUAGE}/mail`) ? readdirSync(`locales/${DEFAULT_LANGUAGE}/mail`).map((f) => `mail/${f}`) : []),
];
const interpolations = (s: string) => [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/**
 * i18next's plural keys: English's `x_one` and `x_other` stand for the forms the language's own
 * plural rules name (Arabic: zero, one, two, few, many, other; Japanese: other only). A form may
 * leave out `{{count}}` (Arabic says "one code" in words) but keeps every other placeholder.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralForms = (lang: string) => new Intl.PluralRules(intlLocale(lang)).resolvedOptions().pluralCategories;

/** The keys a language must have, given English's: each plural base with the language's forms. */
function expectedKeys(english: Map<string, string>, lang: string): Map<string, string> {
  const expected = new Map<string, string>();
  for (const [key, value] of english) {
    if (!PLURAL.test(key)) expected.set(key, value);
    else if (key.endsWith('_other')) for (const form of pluralForms(lang)) expected.set(key.replace(PLURAL, `_${form}`), value);
  }
  return expected;
}
const withoutCount = (names: Array<string | undefined>) => names.filter((n) => n !== 'count');

describe('locales', () => {
  it('has a folder for each language of core/i18n/languages.ts and nothing else', () => {
    const folders = readdirSync('locales').filter((f) => !f.includes('.'));
    expect(folders.sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it.each(namespaces)("English's %s has exactly one and other of each plural key, both with {{count}}", (ns) => {
    const english = read(DEFAULT_LANGUAGE, ns);
    for (const key of english.keys()) {
      if (!PLURAL.test(key)) continue;
      expect(key, 'English plural forms').toMatch(/_(one|other)$/);
      expect(english.has(key.replace(PLURAL, '_one')) && english.has(key.replace(PLURAL, '_other')), `${key}: both forms`).toBe(true);
      expect(interpolations(english.get(key)!), `${key} placeholders`).toContain('count');
    }
  });

  describe.each(LANGUAGE_CODES.filter((l) => l !== DEFAULT_LANGUAGE))('%s', (lang) => {
    it.each(namespaces)('%s has the same keys as English, with the same placeholders', (ns) => {
      expect(existsSync(`locales/${lang}/${ns}`), `locales/${lang}/${ns} is missing`).toBe(true);
      const english = expectedKeys(read(DEFAULT_LANGUAGE, ns), lang);
      const local = read(lang, ns);
      expect([...english.keys()].filter((k) => !local.has(k)), 'keys English has that this locale lacks').toEqual([]);
      expect([...local.keys()].filter((k) => !english.has(k)), 'keys this locale has that English lacks').toEqual([]);
      for (const [key, value] of local) {
        expect(value.trim(), `${key} is empty`).not.toBe('');
        if (PLURAL.test(key)) expect(withoutCount(interpolations(value)), `${key} placeholders`).toEqual(withoutCount(interpolations(english.get(key)!)));
        else expect(interpolations(value), `${key} placeholders`).toEqual(interpolations(english.get(key)!));
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

    it('is written in its locale’s one script (Serbian in Latin letters, sr-Latn-RS)', () => {
      const script = new Intl.Locale(intlLocale(lang)).maximize().script;
      // Latin-script languages have no Cyrillic letter (a Serbian page half in Cyrillic was found so).
      if (script !== 'Latn') return;
      for (const ns of namespaces) {
        const cyrillic = [...read(lang, ns)].filter(([, value]) => /\p{Script=Cyrillic}/u.test(value)).map(([key]) => key);
        expect([ns, cyrillic]).toEqual([ns, []]);
      }
    });
  });
});

/**
 * An outside plugin (an npm package, core/build/pluginSources.mjs) may ship fewer languages than the
 * portal, and fewer keys in one: the page shows English there. What it does ship must fit English:
 * no key English lacks, the same placeholders, no empty text.
 */
describe('outside plugins’ texts', () => {
  const shipped = packageLocaleFiles(process.cwd(), [...LANGUAGE_CODES]).filter((f) => f.file !== null && f.lang !== DEFAULT_LANGUAGE);
  const englishOf = (plugin: string, ns: string) => packageLocaleFiles(process.cwd(), [DEFAULT_LANGUAGE]).find((f) => f.plugin === plugin && f.ns === ns)!.file!;
  const flat = (file: string) => flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);

  it('finds the fixture package’s German', () => {
    expect(shipped.map((f) => `${f.plugin}:${f.lang}/${f.ns}`)).toContain('stamps:de_DE/stamps');
  });

  it.each(shipped.map((f) => [`${f.plugin}: ${f.lang}/${f.ns}`, f] as const))('%s has only English’s keys, with their placeholders', (_name, f) => {
    const english = expectedKeys(flat(englishOf(f.plugin, f.ns)), f.lang);
    const local = flat(f.file!);
    expect([...local.keys()].filter((k) => !english.has(k)), 'keys this file has that English lacks').toEqual([]);
    for (const [key, value] of local) {
      expect(value.trim(), `${key} is empty`).not.toBe('');
      if (PLURAL.test(key)) expect(withoutCount(interpolations(value)), `${key} placeholders`).toEqual(withoutCount(interpolations(english.get(key)!)));
      else expect(interpolations(value), `${key} placeholders`).toEqual(interpolations(english.get(key)!));
    }
  });
});
