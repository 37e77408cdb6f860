import { addNamespace } from '../i18n/namespaces';
import { parsePluginSettings } from '../config/pluginSettings';
import type { DeploymentConfig, PluginSwitch } from '../config/types';
import { allow, next, type Guard, type GuardedRoute } from '../router/guardTypes';
import { grantSession } from '../session/grant';
import type { ExtensionPoint } from './extensionPoints';
import type {
  ContributionApi,
  ErrorHandler,
  LoginViewContribution,
  MenuEntry,
  PluginManifest,
  RouteContribution,
} from './types';

export { PluginConfigError } from '../config/pluginSettings';

/** `module=newPassword` on /login opens that view: id `<plugin>/new-password-link`. */
function moduleLinkGuard(pluginId: string, module: string): Guard {
  const kebab = module.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return { id: `${pluginId}/${kebab}-link`, route: 'login', order: 30, run: (ctx) => (ctx.query.get('module') === module ? allow : next) };
}

/** A contribution with the id of the plugin that made it. */
export interface Owned<T> {
  pluginId: string;
  value: T;
}

/**
 * Everything the enabled plugins contributed. Built once at start-up in two phases:
 * register() for every plugin, then bootstrap() for every plugin; then frozen.
 * Each check of a contribution throws before the contribution changes anything, so the
 * offline check (CollectingRegistry, collect.ts) can note the problem and go on.
 */
export class Registry {
  readonly routes: Owned<RouteContribution>[] = [];
  readonly menu: Owned<MenuEntry>[] = [];
  readonly loginViews: Owned<LoginViewContribution>[] = [];
  readonly guards: Owned<Guard>[] = [];
  private readonly handlers = new Map<number, (Owned<ErrorHandler> & { priority?: number })[]>();
  private readonly points = new Map<string, string>(); // point id -> declaring plugin
  private readonly contributions = new Map<string, Owned<unknown>[]>();
  readonly pluginConfigs = new Map<string, unknown>();
  readonly namespaces: Owned<string>[] = [];
  private frozen = false;

  get pluginIds(): string[] {
    return [...this.pluginConfigs.keys()];
  }

  /** The plugins' handlers of a code, highest priority first. */
  errorHandlers(code: number): Owned<ErrorHandler>[] {
    return (this.handlers.get(code) ?? []).map(({ pluginId, value }) => ({ pluginId, value }));
  }

  guardsFor(route: GuardedRoute): Guard[] {
    return this.guards
      .map((g) => g.value)
      .filter((g) => g.route === route)
      .sort((a, b) => a.order - b.order);
  }

  /** Declare a point owned by the core (no plugin). */
  declareCorePoint(point: ExtensionPoint<unknown>): void {
    this.points.set(point.id, 'core');
  }

  getContributions<T>(point: ExtensionPoint<T>): T[] {
    if (!this.points.has(point.id)) throw new Error(`Extension point '${point.id}' was never declared`);
    return this.getOwnedContributions(point).map((c) => c.value);
  }

  /** Contributions with the id of the plugin that made each (for boundaries and per-client narrowing). */
  getOwnedContributions<T>(point: ExtensionPoint<T>): Owned<T>[] {
    if (!this.points.has(point.id)) throw new Error(`Extension point '${point.id}' was never declared`);
    return (this.contributions.get(point.id) ?? []) as Owned<T>[];
  }

  /** The contribution API handed to one plugin; everything it adds is tagged with its id. */
  apiFor(pluginId: string): ContributionApi {
    const guard = () => {
      if (this.frozen) throw new Error(`Plugin '${pluginId}' contributed after start-up; contribute in register()`);
    };
    return {
      addRoute: (route) => {
        guard();
        const key = `${route.parent ?? ''}:${route.path}`;
        const clash = this.routes.find((r) => `${r.value.parent ?? ''}:${r.value.path}` === key);
        if (clash) throw new Error(`Route '${route.path}' is contributed by both '${clash.pluginId}' and '${pluginId}'`);
        this.routes.push({ pluginId, value: route });
      },
      addMenuEntry: (entry) => {
        guard();
        this.menu.push({ pluginId, value: entry });
      },
      addLoginView: (view) => {
        guard();
        const clash = this.loginViews.find((v) => v.value.id === view.id);
        if (clash) throw new Error(`Login view '${view.id}' is contributed by both '${clash.pluginId}' and '${pluginId}'`);
        this.loginViews.push({ pluginId, value: view });
        // A view with its own `module` is a page a link opens (a mailed link): the login guards
        // let that link through, signed in or not, with or without a login session.
        if (view.module) this.guards.push({ pluginId, value: moduleLinkGuard(pluginId, view.module) });
      },
      addErrorHandler: (code, handler, options) => {
        guard();
        const priority = options?.priority;
        const list = this.handlers.get(code) ?? [];
        for (const other of list) {
          const both = other.pluginId === pluginId ? `twice by '${pluginId}'` : `by both '${other.pluginId}' and '${pluginId}'`;
          if (other.priority === undefined || priority === undefined) {
            throw new Error(`Error code ${code} is handled ${both}; give each handler a priority (the higher runs first)`);
          }
          if (other.priority === priority) {
            throw new Error(`Error code ${code} is handled ${both}, both with priority ${priority}; give them different priorities`);
          }
        }
        list.push({ pluginId, value: handler, priority });
        list.sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
        this.handlers.set(code, list);
      },
      addGuard: (g) => {
        guard();
        this.guards.push({ pluginId, value: g });
      },
      addNamespace: (ns, loader) => {
        guard();
        addNamespace(ns, loader);
        this.namespaces.push({ pluginId, value: ns });
      },
      declareExtensionPoint: (point) => {
        guard();
        const owner = this.points.get(point.id);
        if (owner) throw new Error(`Extension point '${point.id}' is declared by both '${owner}' and '${pluginId}'`);
        this.points.set(point.id, pluginId);
      },
      contribute: (point, value) => {
        guard();
        const list = this.contributions.get(point.id) ?? [];
        list.push({ pluginId, value });
        this.contributions.set(point.id, list);
      },
    };
  }

  /** After register(): every contribution must target a declared point. */
  checkContributions(): void {
    const [first] = this.undeclaredContributions();
    if (first) throw new Error(first);
  }

  /** Each point that plugins contributed to and no enabled plugin declares, one message each. */
  undeclaredContributions(): string[] {
    return [...this.contributions]
      .filter(([pointId]) => !this.points.has(pointId))
      .map(([pointId, list]) => `Plugin(s) ${[...new Set(list.map((c) => c.pluginId))].join(', ')} contributed to extension point '${pointId}', which no enabled plugin declares`);
  }

  freeze(): void {
    this.frozen = true;
  }
}

/** Validate a plugin's config block against its schema; the message names plugin and field. */
export function validatePluginConfig(manifest: PluginManifest, sw: PluginSwitch): unknown {
  return parsePluginSettings(manifest.id, manifest.configSchema, sw.config);
}

/**
 * Run both phases for the loaded manifests. The declarative fields of a manifest are
 * applied as if its register() had called the matching add…() itself.
 */
export async function buildRegistry(
  manifests: PluginManifest[],
  switches: Record<string, PluginSwitch>,
  deployment: DeploymentConfig,
  registry = new Registry(),
): Promise<Registry> {
  const configs = manifests.map((m) => {
    const sw = switches[m.id] ?? { enabled: true };
    return validatePluginConfig(m, sw);
  });
  for (const [i, m] of manifests.entries()) {
    const api = registry.apiFor(m.id);
    registry.pluginConfigs.set(m.id, configs[i]);
    m.routes.forEach(api.addRoute);
    m.menu.forEach(api.addMenuEntry);
    m.loginViews.forEach(api.addLoginView);
    m.guards.forEach(api.addGuard);
    for (const [code, handler] of Object.entries(m.errorHandlers)) {
      if (typeof handler === 'function') api.addErrorHandler(Number(code), handler);
      else api.addErrorHandler(Number(code), handler.handle, { priority: handler.priority });
    }
    for (const [ns, loader] of Object.entries(m.locales)) api.addNamespace(ns, loader);
    await m.register?.({ ...api, pluginId: m.id, config: configs[i], deployment, session: grantSession(m.id) });
  }
  registry.checkContributions();
  for (const [i, m] of manifests.entries()) {
    await m.bootstrap?.({
      pluginId: m.id,
      config: configs[i],
      deployment,
      getContributions: (point) => registry.getContributions(point),
      isEnabled: (id) => registry.pluginConfigs.has(id),
    });
  }
  registry.freeze();
  return registry;
}
