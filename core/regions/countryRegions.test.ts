import { describe, expect, it } from 'vitest';
import { filterOptions } from '../ui/selectFilter';
import { countryKeywords, countryNamer, countryOptions, regionOfCountry } from './countryRegions';

const list = { Use: ['US', 'CA'], Aps: ['SG', 'KR'], Euw: ['DE', 'AT'] };

describe('country regions', () => {
  it('finds the data region of a country', () => {
    expect(regionOfCountry(list, 'SG')).toBe('Aps');
    expect(regionOfCountry(list, 'DE')).toBe('Euw');
    expect(regionOfCountry(list, 'ZZ')).toBeNull();
    expect(regionOfCountry(list, null)).toBeNull();
  });
  it('names countries in the page language', () => {
    expect(countryNamer('de-DE')('DE')).toBe('Deutschland');
    expect(countryNamer('en-US')('KR')).toMatch(/Korea/);
  });
  it('groups options by data region, sorted by name, with the storage hint', () => {
    const options = countryOptions(list, 'en-US', countryNamer('en-US'), (r) => `R:${r}`, (r) => `stored in ${r}`);
    expect(options.map((o) => o.value)).toEqual(['CA', 'US', 'SG', 'KR', 'AT', 'DE']);
    expect(options[0]).toMatchObject({ group: 'R:Use', hint: 'stored in Use' });
  });
  it("sorts names in the page language's order: Czech puts \"ch\" after \"h\"", () => {
    const czech = countryOptions({ Use: [], Aps: ['HK'], Euw: ['HR', 'IN', 'CZ', 'HN', 'CL'] }, 'cs-CZ', countryNamer('cs-CZ'), (r) => r, (r) => r);
    expect(czech.map((o) => o.label)).toEqual(['Hongkong – ZAO Číny', 'Česko', 'Honduras', 'Chile', 'Chorvatsko', 'Indie']);
  });
});

describe('country search keywords', () => {
  it('adds the English name on other-language pages and the everyday aliases', () => {
    const en = countryNamer('en');
    expect(countryKeywords('DE', 'Deutschland', en)).toEqual(['Germany']);
    expect(countryKeywords('DE', 'Germany', en)).toEqual([]);
    expect(countryKeywords('KR', 'South Korea', en)).toEqual(['Korea', 'Republic of Korea']);
  });
  it('"Korea" finds South Korea first and "Netherlands" the Netherlands before the Caribbean Netherlands', () => {
    const all = { Use: ['BQ', 'US'], Aps: ['KP', 'KR'], Euw: ['NL', 'DE'] };
    const options = countryOptions(all, 'en-US', countryNamer('en-US'), (r) => r, (r) => r, countryNamer('en'));
    expect(filterOptions(options, 'Korea').map((o) => o.value)).toEqual(['KR', 'KP']);
    expect(filterOptions(options, 'Netherlands').map((o) => o.value)).toEqual(['NL', 'BQ']);
    expect(filterOptions(options, 'usa').map((o) => o.value)).toEqual(['US']);
    const german = countryOptions(all, 'de-DE', countryNamer('de-DE'), (r) => r, (r) => r, countryNamer('en'));
    expect(filterOptions(german, 'germany').map((o) => o.label)).toEqual(['Deutschland']);
    expect(filterOptions(german, 'Korea').map((o) => o.value)[0]).toBe('KR');
  });
});
