import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionWhiteList } from '../contract/account';
import { useIntlLocale } from '../i18n/useIntlLocale';
import { Select } from '../ui/Select';
import { countryNamer, countryOptions, regionOfCountry } from './countryRegions';

export interface CountryRegionSelectProps {
  list: RegionWhiteList;
  value: string | null;
  onChange: (country: string | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  forceOpen?: boolean;
  /** Said before the data-storage hint, e.g. why the field is locked. */
  note?: string;
}

const englishNames = countryNamer('en');

/**
 * Searchable country/region list grouped by data region; the hint under the field says where
 * the account's data will be stored (spec section 2, register and region confirmation).
 */
export function CountryRegionSelect({ list, value, onChange, onBlur, label, error, disabled, required, inputRef, forceOpen, note }: CountryRegionSelectProps) {
  const { t } = useTranslation('core');
  const bcp47 = useIntlLocale();
  const options = useMemo(
    () =>
      countryOptions(
        list,
        bcp47,
        countryNamer(bcp47),
        (region) => t(`regions.${region}`),
        (region) => t('regions.storedIn', { region: t(`regions.${region}`) }),
        englishNames,
      ),
    [list, bcp47, t],
  );
  const region = regionOfCountry(list, value);
  const storage = region ? t('regions.storedIn', { region: t(`regions.${region}`) }) : t('regions.storageHint');
  return (
    <Select<string>
      label={label}
      options={options}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      hint={note ? `${note} ${storage}` : storage}
      disabled={disabled}
      required={required}
      inputRef={inputRef}
      forceOpen={forceOpen}
      placeholder={t('regions.placeholder')}
    />
  );
}
