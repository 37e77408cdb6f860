import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryNamer, isLanguageCode, languageByCode, type Member } from '@portal/plugin-api';

/** The page language as a BCP 47 tag, for Intl. */
export function useBcp47(): string {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? languageByCode(i18n.language).bcp47 : 'en-US';
}

/** Dates (joined, applied) in the page language; '' for none. */
export function useDateFormat(): (ms: number | null | undefined) => string {
  const bcp47 = useBcp47();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(bcp47, { dateStyle: 'medium' });
    return (ms) => (ms ? format.format(new Date(ms)) : '');
  }, [bcp47]);
}

/** Country names in the page language. */
export function useCountryName(): (code: string) => string {
  const bcp47 = useBcp47();
  return useMemo(() => countryNamer(bcp47), [bcp47]);
}

/** A member's name, or '' while the invited address has no account yet. */
export const memberName = (m: Pick<Member, 'firstName' | 'lastName'>): string => [m.firstName, m.lastName].filter(Boolean).join(' ');
