import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegionCode } from '../../core/contract/regions';
import { defineServerPlugin } from '../plugin-api';
import { startPluginJobs } from './jobs';
import type { Asker } from './switches';

afterEach(() => {
  vi.useRealTimers();
});

/** Switches that turn `plugin` on in the regions of `on` (changeable, like a live config edit). */
function switches(on: { regions: RegionCode[] }) {
  return { switches: { state: (_id: string, asker: Asker) => (asker.region && on.regions.includes(asker.region) ? 'on' : 'off-here') } } as never;
}

describe('plugin jobs', () => {
  it('run on their interval for the regions the plugin is on in, and not at all where it is on nowhere', async () => {
    vi.useFakeTimers();
    const calls: RegionCode[][] = [];
    const half = defineServerPlugin({ id: 'loyalty', jobs: [{ name: 'expire points', everyMs: 60_000, run: async (_ctx, regions) => void calls.push(regions) }] });
    const on = { regions: ['Aps', 'Euw'] as RegionCode[] };
    const jobs = startPluginJobs([half], switches(on));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([['Aps', 'Euw']]);
    on.regions = [];
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
    on.regions = ['Use'];
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([['Aps', 'Euw'], ['Use']]);
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(2);
  });

  it('never overlap, log a failure and run again next time; stop waits for a run under way', async () => {
    vi.useFakeTimers();
    const warnings: string[] = [];
    let started = 0;
    let release: () => void = () => undefined;
    const half = defineServerPlugin({
      id: 'loyalty',
      jobs: [
        {
          name: 'slow',
          everyMs: 1000,
          run: () => {
            started++;
            if (started === 1) return Promise.reject(new Error('store away'));
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
      ],
    });
    const jobs = startPluginJobs([half], switches({ regions: ['Euw'] }), (m) => warnings.push(m));
    await vi.advanceTimersByTimeAsync(1000);
    expect(warnings).toEqual(['plugin loyalty: job slow failed: store away']);
    await vi.advanceTimersByTimeAsync(5000); // the second run hangs: no third beside it
    expect(started).toBe(2);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
