/**
 * The plugins' scheduled jobs (a server half's `jobs`): each runs every `everyMs` in the
 * background, never twice at once, for the regions where its plugin is on at that moment (a live
 * config edit applies at the next run); where it is on in no region it does not run at all. A
 * failure is logged and tried again next time.
 */
import { REGION_CODES, type RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { ServerPlugin } from '../plugin-api';

export interface PluginJobs {
  stop(): Promise<void>;
}

type JobCtx = Pick<Ctx, 'switches'>;

/** The regions a plugin is on in for the web, where its jobs run. */
export function jobRegions(ctx: JobCtx, plugin: string): RegionCode[] {
  return REGION_CODES.filter((region) => ctx.switches.state(plugin, { region, appType: null }) === 'on');
}

export function startPluginJobs<C extends JobCtx>(halves: readonly ServerPlugin[], ctx: C, warn: (message: string) => void = (m) => console.warn(m)): PluginJobs {
  const running = new Set<Promise<void>>();
  const timers: Array<ReturnType<typeof setInterval>> = [];
  for (const half of halves) {
    for (const job of half.jobs ?? []) {
      let current: Promise<void> | null = null;
      const timer = setInterval(() => {
        if (current) return; // the last run is still going: no second one beside it
        const regions = jobRegions(ctx, half.id);
        if (regions.length === 0) return;
        current = (async () => {
          try {
            await job.run(ctx as unknown as Ctx, regions);
          } catch (err) {
            warn(`plugin ${half.id}: job ${job.name} failed: ${(err as Error).message}`);
          }
        })().finally(() => {
          if (current) running.delete(current);
          current = null;
        });
        running.add(current);
      }, job.everyMs);
      timer.unref();
      timers.push(timer);
    }
  }
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
