/**
 * Default of the subscription checkbox (spec section 4): on, except for the countries
 * below, where marketing mail needs an explicit opt-in. The default follows the chosen
 * country until the user touches the checkbox.
 */

/**
 * The spec's "28 listed European-area country codes". We read them as the EU-28: the 27
 * member states of the European Union plus the United Kingdom, i.e. the Union as it stood
 * from 2013 (Croatia joined) until 2020 (the UK left), when this rule was written. ISO
 * 3166-1 alpha-2 codes (Greece is GR, not EL).
 */
export const EUROPEAN_AREA_CODES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB',
] as const;

/** Named separately by the spec: the United Kingdom and South Korea. */
export const UK_AND_KOREA = ['GB', 'KR'] as const;

/**
 * The spec's "one other region also off" is not named there; we take Switzerland (CH),
 * whose data-protection act (revDSG, 2023) also asks for opt-in marketing consent.
 */
export const OTHER_OPT_IN_REGION = 'CH';

const OPT_IN: ReadonlySet<string> = new Set<string>([...EUROPEAN_AREA_CODES, ...UK_AND_KOREA, OTHER_OPT_IN_REGION]);

/** True when the subscription checkbox starts ticked for this country (or for no country yet). */
export function subscriptionDefault(country: string | null | undefined): boolean {
  return !country || !OPT_IN.has(country.toUpperCase());
}
