/** A lock length as the spec words it: minutes, whole hours, or hours plus minutes. */
export type LockDuration =
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number }
  | { unit: 'hoursMinutes'; hours: number; minutes: number };

/** A lock's length in minutes as minutes, or hours and minutes, for its message. */
export function formatLockDuration(totalMinutes: number): LockDuration {
  const whole = Math.max(1, Math.ceil(totalMinutes));
  if (whole < 60) return { unit: 'minutes', minutes: whole };
  const hours = Math.floor(whole / 60);
  const minutes = whole % 60;
  return minutes === 0 ? { unit: 'hours', hours } : { unit: 'hoursMinutes', hours, minutes };
}
