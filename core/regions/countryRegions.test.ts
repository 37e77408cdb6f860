import { describe, expect, it } from 'vitest';
import { countryNamer, countryOptions, regionOfCountry } from './countryRegions';

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
    const options = countryOptions(list, countryNamer('en-US'), (r) => `R:${r}`, (r) => `stored in ${r}`);
    expect(options.map((o) => o.value)).toEqual(['CA', 'US', 'SG', 'KR', 'AT', 'DE']);
    expect(options[0]).toMatchObject({ group: 'R:Use', hint: 'stored in Use' });
  });
});
