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
 * Options for the country/region selector: grouped by data region (spec section 3, "region
 * list grouped by them"), sorted by name inside a group, each with its data-storage hint.
 */
export function countryOptions(
  list: RegionWhiteList,
  nameOf: (code: string) => string,
  regionLabel: (region: RegionCode) => string,
  storageHint: (region: RegionCode) => string,
): SelectOption<string>[] {
  const collator = new Intl.Collator();
  return REGION_CODES.flatMap((region) =>
    (list[region] ?? [])
      .map((code) => ({ value: code, label: nameOf(code), group: regionLabel(region), hint: storageHint(region) }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  );
}
