import { useMemo } from 'react';
import { countryNamer, type Member, useFormatMoment, useIntlLocale } from '@portal/plugin-api';

/** Days (joined, applied) by the one clock (useFormatMoment: page language, the profile's zone); '' for none. */
export function useDateFormat(): (ms: number | null | undefined) => string {
  const moment = useFormatMoment();
  return useMemo(() => (ms) => (ms ? moment(ms, { dateOnly: true }) : ''), [moment]);
}

/** Country names in the page language. */
export function useCountryName(): (code: string) => string {
  const bcp47 = useIntlLocale();
  return useMemo(() => countryNamer(bcp47), [bcp47]);
}

/** A member's name, or '' while the invited address has no account yet. */
export const memberName = (m: Pick<Member, 'firstName' | 'lastName'>): string => [m.firstName, m.lastName].filter(Boolean).join(' ');
