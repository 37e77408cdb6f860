import { describe, expect, it } from 'vitest';
import { formatLockDuration } from './lockDuration';

describe('lock durations (minutes, whole hours, or hours plus minutes)', () => {
  it('under an hour: minutes', () => {
    expect(formatLockDuration(30)).toEqual({ unit: 'minutes', minutes: 30 });
    expect(formatLockDuration(0.2)).toEqual({ unit: 'minutes', minutes: 1 });
  });
  it('whole hours', () => {
    expect(formatLockDuration(60)).toEqual({ unit: 'hours', hours: 1 });
    expect(formatLockDuration(1440)).toEqual({ unit: 'hours', hours: 24 });
  });
  it('hours plus minutes', () => expect(formatLockDuration(90)).toEqual({ unit: 'hoursMinutes', hours: 1, minutes: 30 }));
});
