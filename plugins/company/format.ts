import { useMemo } from 'react';
import { countryNamer, type Member, useIntlLocale } from '@portal/plugin-api';

/** Dates (joined, applied) in the page language; '' for none. */
export function useDateFormat(): (ms: number | null | undefined) => string {
  const bcp47 = useIntlLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(bcp47, { dateStyle: 'medium' });
    return (ms) => (ms ? format.format(new Date(ms)) : '');
  }, [bcp47]);
}

/** Country names in the page language. */
export function useCountryName(): (code: string) => string {
  const bcp47 = useIntlLocale();
  return useMemo(() => countryNamer(bcp47), [bcp47]);
}

/** A member's name, or '' while the invited address has no account yet. */
export const memberName = (m: Pick<Member, 'firstName' | 'lastName'>): string => [m.firstName, m.lastName].filter(Boolean).join(' ');
