import { describe, expect, it } from 'vitest';
import { formulaTrace, humanTrace, type Trace } from './captchaTraces';
import { TRACE_RULES, traceFault } from './trace';

/** A keyboard trace as the frame records it: one sample per key press, then one for Enter. */
function keyboardTrace(presses: number, step: number, gap = 140, pause = 400): Trace {
  const trace: Trace = [[0, 0, 0]];
  for (let i = 1; i <= presses; i++) trace.push([i * gap + (i % 2) * 9, i * step, 0]);
  trace.push([presses * gap + pause, presses * step, 0]);
  return trace;
}

/** Playwright's mouse.move with 30 steps of 16 ms (tests/e2e): even steps in place, uneven in time. */
function steppedMouseTrace(x: number): Trace {
  const trace: Trace = [[0, 0, 0]];
  let t = 0;
  for (let i = 1; i <= 30; i++) {
    t += 17 + ((i * 5) % 3);
    trace.push([t, Math.round((x * i) / 30), (i % 3) - 1]);
  }
  trace.push([t + 18, x, 0]);
  return trace;
}

describe('traceFault: what a person’s drag looks like', () => {
  it('passes a hand drag, a stepped mouse drag and a keyboard trace', () => {
    for (const x of [40, 97, 224]) {
      expect(traceFault(humanTrace(x), x)).toBeNull();
      expect(traceFault(steppedMouseTrace(x), x)).toBeNull();
    }
    expect(traceFault(keyboardTrace(6, 10), 60)).toBeNull();
    // Arrow presses of 2 px after Shift presses of 10 px, ending a pixel off the drop.
    const mixed = keyboardTrace(5, 10);
    mixed.splice(-1, 0, [800, 52, 0], [900, 54, 0]);
    mixed[mixed.length - 1] = [1300, 54, 0];
    expect(traceFault(mixed, 55)).toBeNull();
  });

  it('refuses too few samples, or too many', () => {
    expect(traceFault([], 100)).toBe('points');
    expect(traceFault([[0, 0, 0], [200, 50, 0], [400, 100, 0], [600, 100, 0]], 100)).toBe('points');
    const long = humanTrace(100);
    while (long.length <= TRACE_RULES.maxPoints) long.splice(1, 0, [0, 0, 0]);
    expect(traceFault(long, 100)).toBe('points');
  });

  it('refuses time that runs backwards or below zero', () => {
    const back = humanTrace(100);
    back[5] = [back[3]![0] - 1, back[5]![1], 0];
    expect(traceFault(back, 100)).toBe('time');
    const negative = humanTrace(100);
    negative[0] = [-5, 0, 0];
    expect(traceFault(negative, 100)).toBe('time');
  });

  it('refuses a drag faster than a person, or one that lasted minutes', () => {
    expect(traceFault(humanTrace(150, TRACE_RULES.minMs - 100), 150)).toBe('duration');
    expect(traceFault(humanTrace(150, TRACE_RULES.maxMs), 150)).toBe('duration');
  });

  it('refuses a trace that does not start where the slider rests', () => {
    const jumped = humanTrace(150).map(([t, x, y]): [number, number, number] => [t, Math.max(x, 30), y]);
    expect(traceFault(jumped, 150)).toBe('start');
  });

  it('refuses a trace that ends elsewhere than the answer sent with it', () => {
    expect(traceFault(humanTrace(150), 150 + TRACE_RULES.endSlack + 1)).toBe('end');
    expect(traceFault(humanTrace(150), 150 + TRACE_RULES.endSlack)).toBeNull();
  });

  it('refuses a jump without positions in between', () => {
    expect(traceFault([[0, 0, 0], [100, 0, 0], [250, 0, 0], [400, 120, 0], [500, 120, 0]], 120)).toBe('intermediate');
    expect(traceFault([[0, 0, 0], [100, 60, 0], [250, 90, 0], [400, 120, 0], [500, 120, 0]], 120)).toBe('intermediate');
  });

  it('refuses one constant speed throughout, also rounded to whole pixels', () => {
    for (const x of [70, 100, 173]) {
      expect(traceFault(formulaTrace(x), x)).toBe('constantSpeed');
      expect(traceFault(formulaTrace(x, 900, 40), x)).toBe('constantSpeed');
    }
  });
});
