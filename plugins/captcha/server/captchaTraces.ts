/** Drag traces for captcha tests, in the frame's format [t ms, x, y] (trace.ts beside it). */
export type Trace = Array<[number, number, number]>;

/**
 * A person's drag to `x` as the frame records it: pressed at 0, eased moves at uneven
 * intervals with a little vertical wobble, then the release sample at the same place.
 */
export function humanTrace(x: number, ms = 600): Trace {
  const steps = 24;
  const trace: Trace = [[0, 0, 0]];
  for (let i = 1; i <= steps; i++) {
    const u = i / steps;
    const t = Math.round(ms * u) - ((i * 37) % 7) + 3;
    trace.push([Math.max(trace[trace.length - 1]![0], t), Math.round(x * (1 - (1 - u) ** 3)), (i % 3) - 1]);
  }
  trace.push([ms + 80, x, 0]);
  return trace;
}

/** A path drawn by a formula: evenly spaced in time and place (what a naive script posts). */
export function formulaTrace(x: number, ms = 350, points = 8): Trace {
  return Array.from({ length: points }, (_, i) => [Math.round((ms * i) / (points - 1)), Math.round((x * i) / (points - 1)), 0]);
}
