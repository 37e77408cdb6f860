import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  countryNamer,
  REGION_CODES,
  type SelectOption,
  useIntlLocale,
  useRegionWhiteList,
} from '@portal/plugin-api';
import { NEW_POSITION, POSITIONS, positionOf } from './positions';
import { timeZoneEntries, utcOffsetMinutes, formatOffset } from './timeZones';

/** Positions in the page language, then "add a new position". */
export function usePositionOptions(): SelectOption<string>[] {
  const { t } = useTranslation('profile');
  return useMemo(
    () => [...POSITIONS.map((p) => ({ value: p.value, label: t(`positions.${p.id}`) })), { value: NEW_POSITION, label: t('addPosition') }],
    [t],
  );
}

/** A stored job title as the user reads it: a listed position translated, anything else as typed. */
export function useJobTitleLabel(): (jobTitle: string | null) => string | null {
  const { t } = useTranslation('profile');
  return (jobTitle) => {
    if (!jobTitle) return null;
    const listed = positionOf(jobTitle);
    return listed ? t(`positions.${listed.id}`) : jobTitle;
  };
}

/** Time zones with their UTC offset at `at`; a stored zone the list lacks is kept selectable. */
export function useTimeZoneOptions(at: Date, current: string | null): SelectOption<string>[] {
  return useMemo(() => {
    const entries = timeZoneEntries(at);
    const options = entries.map((e) => ({ value: e.id, label: e.label }));
    if (current && !entries.some((e) => e.id === current)) options.unshift({ value: current, label: current });
    return options;
  }, [at, current]);
}

/** "(UTC+01:00) Europe/Berlin" for a stored zone, or the id when the runtime does not know it. */
export function timeZoneLabel(zone: string, at: Date): string {
  const offset = utcOffsetMinutes(zone, at);
  return offset === null ? zone : `(${formatOffset(offset)}) ${zone.replace(/_/g, ' ')}`;
}

/** Every country/region of the white-list (about 240 codes), by name in the page language. */
export function useCountryOptions(): { options: SelectOption<string>[]; loading: boolean; failed: boolean; retry: () => void } {
  const { list, failed, retry } = useRegionWhiteList();
  const locale = useIntlLocale();
  const options = useMemo(() => {
    if (!list) return [];
    const nameOf = countryNamer(locale);
    const collator = new Intl.Collator(locale);
    return REGION_CODES.flatMap((region) => list[region] ?? [])
      .map((code) => ({ value: code, label: nameOf(code) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [list, locale]);
  return { options, loading: !list && !failed, failed, retry };
}
