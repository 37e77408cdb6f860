import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './numbers';

/**
 * For a number a component prints itself, outside a message (a countdown, "3 / 10", a badge):
 * written as the page language writes numbers, like the numbers inside messages.
 */
export function useFormatNumber(): (value: number, options?: Intl.NumberFormatOptions) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((value, options) => formatNumber(value, language, options), [language]);
}
