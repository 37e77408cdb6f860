import type { DeploymentConfig, PluginSwitch } from '../config/types';
import { buildRegistry, Registry } from './registry';
import type { ContributionApi, PluginManifest } from './types';

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The registry with every problem noted instead of the first thrown: for checking a config before
 * any browser runs it (`npm run config:check` builds each config's registry in each region in Node,
 * scripts/offlineRegistry.ts). The checks are the Registry's own, as the browser runs them; a
 * contribution a check refuses is left out, as a throwing check leaves it out, and the next goes on.
 * The browser never imports this module: it builds a plain Registry, which stops at the first problem.
 */
export class CollectingRegistry extends Registry {
  /** What the browser would have thrown, in the order it happened; several where it stops at one. */
  readonly problems: string[] = [];

  private attempt<A extends unknown[]>(method: (...args: A) => void): (...args: A) => void {
    return (...args) => {
      try {
        method(...args);
      } catch (err) {
        this.problems.push(messageOf(err));
      }
    };
  }

  override apiFor(pluginId: string): ContributionApi {
    const api = super.apiFor(pluginId);
    return {
      addRoute: this.attempt(api.addRoute),
      addMenuEntry: this.attempt(api.addMenuEntry),
      addLoginView: this.attempt(api.addLoginView),
      addErrorHandler: this.attempt(api.addErrorHandler),
      addGuard: this.attempt(api.addGuard),
      addNamespace: this.attempt(api.addNamespace),
      declareExtensionPoint: this.attempt(api.declareExtensionPoint),
      contribute: this.attempt(api.contribute),
    };
  }

  /** Every point contributed to and not declared, not only the first. */
  override checkContributions(): void {
    this.problems.push(...this.undeclaredContributions());
  }
}

/**
 * A plugin whose register() or bootstrap() throws is named with what it threw, and one that does not
 * finish in `timeoutMs` (the browser would wait for ever: no page) is named too; the others still run.
 */
function guarded(manifest: PluginManifest, registry: CollectingRegistry, timeoutMs: number): PluginManifest {
  const phase =
    <C>(name: 'register' | 'bootstrap', run: ((ctx: C) => void | Promise<void>) | undefined) =>
    run &&
    (async (ctx: C) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), timeoutMs)));
      try {
        if ((await Promise.race([run(ctx), hung])) === 'hung') registry.problems.push(`Plugin '${manifest.id}' ${name}() did not finish within ${timeoutMs / 1000} s`);
      } catch (err) {
        registry.problems.push(`Plugin '${manifest.id}' failed in ${name}(): ${messageOf(err)}`);
      } finally {
        clearTimeout(timer);
      }
    });
  return { ...manifest, register: phase('register', manifest.register), bootstrap: phase('bootstrap', manifest.bootstrap) };
}

/**
 * buildRegistry (both phases, then frozen) with every problem noted on the registry: the same
 * function the browser runs, with the registry above and each plugin's phases guarded.
 */
export async function collectRegistry(
  manifests: PluginManifest[],
  switches: Record<string, PluginSwitch>,
  deployment: DeploymentConfig,
  registry = new CollectingRegistry(),
  { phaseTimeoutMs = 10_000 }: { phaseTimeoutMs?: number } = {},
): Promise<CollectingRegistry> {
  try {
    await buildRegistry(
      manifests.map((m) => guarded(m, registry, phaseTimeoutMs)),
      switches,
      deployment,
      registry,
    );
  } catch (err) {
    // Only a plugin's settings can still throw here (checked before any plugin runs), and config:check names those itself.
    registry.problems.push(messageOf(err));
  }
  return registry;
}
