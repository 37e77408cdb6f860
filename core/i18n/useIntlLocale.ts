import { useTranslation } from 'react-i18next';
import { intlLocale } from './numbers';

/**
 * The page language's Intl locale (`sr_RS` → `sr-Latn-RS`), for every Intl formatter, name list
 * and collator a component makes: the one place that maps portal codes to Intl, so dates, country
 * names and sorting are in the script and order of the page's texts.
 */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.language);
}
