import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../session/session';
import { formatMoment, usableTimeZone } from './dates';

/** Writes a moment (or a day, `dateOnly`) by the one clock: see formatMoment. */
export type MomentFormatter = (ms: number, options?: { dateOnly?: boolean }) => string;

/**
 * The one clock for a component: the page language, and the zone `pinned` (stories, tests) or else
 * the signed-in profile's time zone (`timezone` of /user-info) or else the browser's. A profile
 * saved with another zone, or another page language, re-renders with it.
 */
export function useFormatMoment(pinned?: string): MomentFormatter {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const profileZone = useAtomValue(userAtom)?.timezone;
  const timeZone = usableTimeZone(pinned) ?? usableTimeZone(profileZone);
  return useCallback((ms, options) => formatMoment(ms, language, { timeZone, dateOnly: options?.dateOnly }), [language, timeZone]);
}
