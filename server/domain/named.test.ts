import { describe, expect, it } from 'vitest';
import type { SlidingCounter } from './limits';
import { namedCounters, namedKeys } from './named';

describe('counters by name', () => {
  it('makes each once and refuses another window for a name in use', () => {
    const counter = namedCounters((name, windowMs) => ({ name, windowMs }) as unknown as SlidingCounter);
    expect(counter('puzzles', 1000)).toBe(counter('puzzles', 1000));
    expect(() => counter('puzzles', 2000)).toThrow('counter puzzles counts over 1000 ms, not 2000 ms');
  });
});

describe('keys by name', () => {
  it('loads each once, and loads again after a failed load', async () => {
    let calls = 0;
    const key = namedKeys(async (name) => {
      calls++;
      if (calls === 1) throw new Error('store busy');
      return Buffer.from(name);
    });
    await expect(key('tickets')).rejects.toThrow('store busy');
    expect((await key('tickets')).toString()).toBe('tickets');
    expect((await key('tickets')).toString()).toBe('tickets');
    expect(calls).toBe(2);
  });
});
