import type { RegionWhiteList } from '../contract/account';
import { REGION_CODES, type RegionCode } from '../contract/regions';
import type { SelectOption } from '../ui/selectFilter';

/** The data region (Use, Aps, Euw) that stores accounts of a country, from the white-list. */
export function regionOfCountry(list: RegionWhiteList, country: string | null | undefined): RegionCode | null {
  if (!country) return null;
  for (const region of REGION_CODES) if (list[region]?.includes(country)) return region;
  return null;
}

/** Country names in the page language; the code itself when the runtime has no name. */
export function countryNamer(bcp47: string): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([bcp47], { type: 'region' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/**
 * Other names people type for a country (former, short and everyday names), in English because
 * they are mostly abbreviations used in every language; never shown, only searched.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  AE: ['UAE', 'Emirates'],
  BA: ['Bosnia'],
  CD: ['DR Congo', 'DRC'],
  CI: ['Ivory Coast'],
  CV: ['Cape Verde'],
  CZ: ['Czech Republic'],
  GB: ['UK', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  KP: ['DPRK'],
  KR: ['Korea', 'Republic of Korea'],
  LA: ['Laos'],
  MK: ['Macedonia'],
  MM: ['Burma'],
  NL: ['Holland'],
  RU: ['Russian Federation'],
  SZ: ['Swaziland'],
  TR: ['Turkey'],
  US: ['USA', 'America', 'United States of America'],
  VA: ['Vatican', 'Holy See'],
};

/**
 * A country's search keywords: its aliases and, when the page is in another language, its
 * English name (an English speaker on a German page still finds "Germany").
 */
export function countryKeywords(code: string, label: string, englishName: (code: string) => string): string[] {
  const english = englishName(code);
  return [...(english !== label && english !== code ? [english] : []), ...(COUNTRY_ALIASES[code] ?? [])];
}

/**
 * Options for the country/region selector: grouped by data region (spec section 3, "region
 * list grouped by them"), sorted by name inside a group, each with its data-storage hint.
 */
export function countryOptions(
  list: RegionWhiteList,
  /** The page's Intl locale (intlLocale): names sort in its order, Czech "ch" after "h". */
  locale: string,
  nameOf: (code: string) => string,
  regionLabel: (region: RegionCode) => string,
  storageHint: (region: RegionCode) => string,
  englishName: (code: string) => string = nameOf,
): SelectOption<string>[] {
  const collator = new Intl.Collator(locale);
  return REGION_CODES.flatMap((region) =>
    (list[region] ?? [])
      .map((code) => {
        const label = nameOf(code);
        return { value: code, label, group: regionLabel(region), hint: storageHint(region), keywords: countryKeywords(code, label, englishName) };
      })
      .sort((a, b) => collator.compare(a.label, b.label)),
  );
}
