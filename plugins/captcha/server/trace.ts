/**
 * Is a drag trace one a person could have made? The frame records a sample [t ms, x, y] when the
 * handle is pressed, on every pointer move (or key press) and when it is released. These rules
 * are deliberately simple: they stop a script that posts a bare answer or a naive synthetic
 * path; a script that fakes a convincing path passes them, and is held back by the small chance
 * of a blind guess and the per-client and per-account limits (captcha.ts).
 *
 * A trace is refused when
 * 1. it has fewer than `minPoints` samples, or more than `maxPoints`;
 * 2. a time is negative or lower than the one before it (time runs forward);
 * 3. it lasts under `minMs` or over `maxMs`;
 * 4. it does not start where the slider rests (x within `startSlack` of 0);
 * 5. its last x is more than `endSlack` away from the answer submitted with it;
 * 6. fewer than `minIntermediate` samples lie strictly between the start and the end position;
 * 7. every sample lies within rounding (half a pixel, and half a millisecond at the drag's mean
 *    speed) of the straight line in time and place from the first sample to the last: one constant speed throughout, a path drawn by a formula. A hand
 *    speeds up and slows down, and the frame's release sample comes after the last move.
 * A keyboard trace (one sample per key press, then one for Enter) passes the same rules.
 */
export type TraceSample = readonly [number, number, number];

export const TRACE_RULES = {
  minPoints: 5,
  maxPoints: 500,
  minMs: 300,
  maxMs: 120_000,
  startSlack: 2,
  endSlack: 1,
  minIntermediate: 3,
} as const;

export type TraceFault = 'points' | 'time' | 'duration' | 'start' | 'end' | 'intermediate' | 'constantSpeed';

/** The first rule a trace breaks, or null when it looks like a person's drag ending at `x`. */
export function traceFault(trace: readonly TraceSample[], x: number): TraceFault | null {
  const R = TRACE_RULES;
  if (trace.length < R.minPoints || trace.length > R.maxPoints) return 'points';
  for (let i = 0; i < trace.length; i++) {
    const t = trace[i]![0];
    if (!Number.isFinite(t) || t < 0 || (i > 0 && t < trace[i - 1]![0])) return 'time';
  }
  const first = trace[0]!;
  const last = trace[trace.length - 1]!;
  const duration = last[0] - first[0];
  if (duration < R.minMs || duration > R.maxMs) return 'duration';
  if (Math.abs(first[1]) > R.startSlack) return 'start';
  if (Math.abs(last[1] - x) > R.endSlack) return 'end';
  const lo = Math.min(first[1], last[1]);
  const hi = Math.max(first[1], last[1]);
  if (trace.filter(([, px]) => px > lo && px < hi).length < R.minIntermediate) return 'intermediate';
  const speed = duration > 0 ? (last[1] - first[1]) / duration : 0;
  const slack = 0.5 + 0.5 * Math.abs(speed);
  if (trace.every(([t, px]) => Math.abs(px - (first[1] + speed * (t - first[0]))) <= slack)) return 'constantSpeed';
  return null;
}
