/** Country/region (ISO 3166-1 alpha-2) → data region (spec section 1: Use, Aps, Euw). */
import type { RegionCode } from '../../core/contract/regions';
import { isRegionCode } from '../../core/contract/regions';

const GROUPS: Record<RegionCode, string> = {
  Use: 'AG AI AR AW BB BL BM BO BQ BR BS BZ CA CL CO CR CU CW DM DO EC FK GD GF GL GP GT GY HN HT JM KN KY LC MF MQ MS MX NI PA PE PM PR PY SR SV SX TC TT UM US UY VC VE VG VI',
  Aps: 'AF AS AU BD BN BT CC CK CN CX FJ FM GU HK ID IN IO JP KG KH KI KP KR KZ LA LK MH MM MN MO MP MV MY NC NF NP NR NU NZ PF PG PH PK PN PW SB SG TH TJ TK TL TM TO TV TW UZ VN VU WF WS',
  Euw: 'AD AE AL AM AO AQ AT AX AZ BA BE BF BG BH BI BJ BV BW BY CD CF CG CH CI CM CV CY CZ DE DJ DK DZ EE EG EH ER ES ET FI FO FR GA GB GE GG GH GI GM GN GQ GR GS GW HM HR HU IE IL IM IQ IR IS IT JE JO KE KM KW LB LI LR LS LT LU LV LY MA MC MD ME MG MK ML MR MT MU MW MZ NA NE NG NL NO OM PL PS PT QA RE RO RS RU RW SA SC SD SE SH SI SJ SK SL SM SN SO SS ST SY SZ TD TF TG TN TR TZ UA UG VA YE YT ZA ZM ZW',
};

export const REGION_WHITE_LIST: Record<RegionCode, string[]> = {
  Use: GROUPS.Use.split(' '),
  Aps: GROUPS.Aps.split(' '),
  Euw: GROUPS.Euw.split(' '),
};

const BY_COUNTRY = new Map<string, RegionCode>();
for (const [region, list] of Object.entries(REGION_WHITE_LIST) as Array<[RegionCode, string[]]>) {
  for (const country of list) BY_COUNTRY.set(country, region);
}

export function regionOfCountry(country: string | null | undefined): RegionCode | null {
  if (!country) return null;
  return BY_COUNTRY.get(country.toUpperCase()) ?? null;
}

export function isCountryCode(value: string): boolean {
  return BY_COUNTRY.has(value.toUpperCase());
}

/** A form's regionCode: a country code (→ its data region) or a data region itself. */
export function resolveRegionChoice(value: string): { region: RegionCode; country: string | null } | null {
  if (isRegionCode(value)) return { region: value, country: null };
  const region = regionOfCountry(value);
  return region ? { region, country: value.toUpperCase() } : null;
}
