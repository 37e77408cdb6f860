import { describe, expect, it } from 'vitest';
import { jobTitleFromForm, jobTitleToForm, NEW_POSITION, POSITIONS, positionOf } from './positions';
import { FALLBACK_TIME_ZONES, formatOffset, timeZoneEntries, timeZoneIds, utcOffsetMinutes } from './timeZones';

const WINTER = new Date(Date.UTC(2024, 0, 15, 12));
const SUMMER = new Date(Date.UTC(2024, 6, 15, 12));

describe('time zones', () => {
  it('lists the runtime zones, or the static fallback when Intl cannot enumerate them', () => {
    expect(timeZoneIds().length).toBeGreaterThan(300);
    expect(timeZoneIds({ ...Intl, supportedValuesOf: undefined } as unknown as typeof Intl)).toEqual([...FALLBACK_TIME_ZONES]);
    const throwing = { ...Intl, supportedValuesOf: () => { throw new RangeError('no'); } } as unknown as typeof Intl;
    expect(timeZoneIds(throwing)).toContain('Europe/Berlin');
    expect(timeZoneIds({ ...Intl, supportedValuesOf: () => ['Europe/Paris'] } as unknown as typeof Intl)).toEqual(['UTC', 'Europe/Paris']);
  });

  it('every fallback zone resolves in this runtime', () => {
    for (const zone of FALLBACK_TIME_ZONES) expect(utcOffsetMinutes(zone, WINTER), zone).not.toBeNull();
  });

  it('computes offsets at the given instant, including half hours and daylight saving time', () => {
    expect(utcOffsetMinutes('UTC', WINTER)).toBe(0);
    expect(utcOffsetMinutes('Asia/Kolkata', WINTER)).toBe(330);
    expect(utcOffsetMinutes('America/St_Johns', WINTER)).toBe(-210);
    expect(utcOffsetMinutes('Europe/Berlin', WINTER)).toBe(60);
    expect(utcOffsetMinutes('Europe/Berlin', SUMMER)).toBe(120);
    expect(utcOffsetMinutes('Not/AZone', WINTER)).toBeNull();
  });

  it('formats offsets as UTC±hh:mm', () => {
    expect(formatOffset(0)).toBe('UTC+00:00');
    expect(formatOffset(330)).toBe('UTC+05:30');
    expect(formatOffset(-210)).toBe('UTC-03:30');
    expect(formatOffset(-600)).toBe('UTC-10:00');
  });

  it('sorts entries by offset then id and drops unknown zones', () => {
    const entries = timeZoneEntries(WINTER, ['Asia/Tokyo', 'Europe/Berlin', 'Europe/Amsterdam', 'Not/AZone', 'America/New_York']);
    expect(entries.map((e) => e.label)).toEqual(['(UTC-05:00) America/New York', '(UTC+01:00) Europe/Amsterdam', '(UTC+01:00) Europe/Berlin', '(UTC+09:00) Asia/Tokyo']);
  });
});

describe('positions', () => {
  it('has the eleven positions of spec section 3', () => {
    expect(POSITIONS).toHaveLength(11);
  });

  it('recognises a listed position whatever its case', () => {
    expect(positionOf('it manager')?.id).toBe('itManager');
    expect(positionOf('Chief of fun')).toBeNull();
    expect(positionOf(null)).toBeNull();
  });

  it('maps stored job titles to the form and back', () => {
    expect(jobTitleToForm('Developer')).toEqual({ jobTitle: 'Developer', newPosition: '' });
    expect(jobTitleToForm('Chief of fun')).toEqual({ jobTitle: NEW_POSITION, newPosition: 'Chief of fun' });
    expect(jobTitleToForm(null)).toEqual({ jobTitle: '', newPosition: '' });
    expect(jobTitleFromForm(NEW_POSITION, '  Chief of fun ')).toBe('Chief of fun');
    expect(jobTitleFromForm(NEW_POSITION, '   ')).toBeNull();
    expect(jobTitleFromForm('CEO', 'ignored')).toBe('CEO');
    expect(jobTitleFromForm('', '')).toBeNull();
  });
});
