import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

type Tree = { [key: string]: string | Tree };
const values = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));

/** A run of Western digits that is not part of a Latin token (us-east-1, IPv4, http://). */
const WESTERN_NUMBER = /(?<![A-Za-z\-./:_])[0-9]+(?![A-Za-z\-_/])/g;

/**
 * The numbers a translator writes into a text must match the ones the app fills in (numbers.ts):
 * a language whose numbers are not Western digits (Arabic: ٠١٢) writes its own digits.
 */
const ownDigits = LANGUAGES.filter((l) => new Intl.NumberFormat(l.bcp47).resolvedOptions().numberingSystem !== 'latn');

it('Arabic is among the languages with digits of their own', () => {
  expect(ownDigits.map((l) => l.code)).toEqual(['ar_SA']);
});

describe.each(ownDigits)('$code texts', (language) => {
  // Every file of the language, the plugins' mail texts (mail/<plugin>.json) included.
  const files = readdirSync(`locales/${language.code}`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
  it.each(files)('%s writes numbers in the language’s own digits', (file) => {
    const texts = values(JSON.parse(readFileSync(`locales/${language.code}/${file}`, 'utf8')) as Tree);
    expect(texts.flatMap((text) => [...text.matchAll(WESTERN_NUMBER)].map((m) => `${m[0]} in “${text}”`))).toEqual([]);
  });
});
