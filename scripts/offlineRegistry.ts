/**
 * The browser's plugin registry, built in Node for every config × region before any browser runs it
 * (`npm run config:check`, and CI through scripts/config-check.test.ts). A Vite server in middleware
 * mode with the project's virtual modules (portalVirtualModules, as vitest and Storybook use them)
 * evaluates the real manifests (plugins/<id>/index.ts, through virtual:plugin-catalogue) and the real
 * registry: core/boot/loadPlugins.ts checks each folder against its manifest's id, and buildRegistry
 * runs every register() then every bootstrap() on a CollectingRegistry (core/registry/collect.ts),
 * which notes every problem the browser would stop at, with the browser's messages.
 *
 * Each config is one page: a module runner of its own, so module state (the locale namespaces, a
 * plugin's once-per-page start) is that page's, and its regions share it as a page's do.
 *
 * Views stay unloaded (they are lazy imports); locale files load only if a register() asks for one.
 * No DOM: the one browser global a register() reads is `window` (partner-app reads its launch from
 * the address and the cookie), given for the registry phases only as the smallest honest stand-in:
 * a page at the portal's root with no query and no cookie, that is a visit no app launched.
 *
 * config:check runs it in a Node process of its own (checkRegistriesApart, scripts/offlineRegistryProcess.mjs);
 * tests run it in theirs (checkRegistries). Vite is a devDependency, and the check costs seconds, so the
 * server's start does not run it; config:check and CI do.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DeploymentConfig } from '../core/config/types';
import { REGION_CODES, type RegionCode } from '../core/contract/regions';
import type { RegistryProblem, RegistryTarget } from '../server/config/configReport';
import type { OfflinePortal, PortalPage } from './offlinePortal.mjs';

type CollectModule = typeof import('../core/registry/collect');
type CorePointsModule = typeof import('../core/registry/corePoints');
type CoreGuardsModule = typeof import('../core/router/coreGuards');
type LoadConfigModule = typeof import('../core/config/loadConfig');
type LoadPluginsModule = typeof import('../core/boot/loadPlugins');
type I18nModule = typeof import('../core/i18n/i18n');
type CatalogueModule = { catalogue: import('../core/boot/loadPlugins').Catalogue };
type CollectingRegistry = InstanceType<CollectModule['CollectingRegistry']>;

/**
 * How long after the last region's start-up a page is watched for contributions made late (a
 * timer, an import not awaited): what a plugin adds later still fails in the browser but is not seen here.
 */
const SETTLE_MS = 50;

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.trim();
}

/** The smallest stand-in for the page's `window` that a register() reads (see the top of this file). */
function pageWindow(): unknown {
  return { location: new URL('https://portal.invalid/'), document: { cookie: '' } };
}

/** A page's registries, one per region, each built as core/boot/servicesForRegion.ts builds it, every problem noted. */
export interface PageRegistries {
  regions: Record<RegionCode, CollectingRegistry>;
  /** Build the registries (manifests are loaded already; `window` may be given now). */
  build(): Promise<void>;
}

/**
 * Load what a page needs for one config (its plugins' manifests, the texts' start), ready to build
 * each region's registry. The set-up mirrors core/boot/servicesForRegion.ts: the core's points and
 * guards, the region's enabled manifests through loadManifests, then buildRegistry.
 */
export async function prepareRegistries(page: PortalPage, config: DeploymentConfig): Promise<PageRegistries> {
  const [{ CollectingRegistry, collectRegistry }, { CORE_POINTS }, { CORE_GUARDS }, { enabledPluginIds, pluginsForRegion, ConfigError }, { loadManifests }, { initI18n }, { catalogue }] =
    await Promise.all([
      page.import<CollectModule>('/core/registry/collect.ts'),
      page.import<CorePointsModule>('/core/registry/corePoints.ts'),
      page.import<CoreGuardsModule>('/core/router/coreGuards.ts'),
      page.import<LoadConfigModule>('/core/config/loadConfig.ts'),
      page.import<LoadPluginsModule>('/core/boot/loadPlugins.ts'),
      page.import<I18nModule>('/core/i18n/i18n.ts'),
      page.import<CatalogueModule>('virtual:plugin-catalogue'),
    ]);
  const regions = {} as Record<RegionCode, CollectingRegistry>;
  for (const region of REGION_CODES) regions[region] = new CollectingRegistry();

  /** Each manifest on its own, so every folder whose id is wrong (or that does not load) is named. */
  const manifestsFor = async (ids: readonly string[], problems: string[]) => {
    const loaded = await Promise.all(
      ids.map((id) =>
        loadManifests([id], catalogue).then(
          (manifests) => ({ manifests, problem: null }),
          (err: unknown) => ({ manifests: [], problem: err instanceof ConfigError ? firstLine(err) : `plugins/${id}/index.ts did not load: ${firstLine(err)}` }),
        ),
      ),
    );
    for (const { problem } of loaded) if (problem) problems.push(problem);
    return loaded.flatMap((l) => l.manifests);
  };

  // Load every manifest any region needs before `window` exists: modules see Node as it is.
  await manifestsFor([...new Set(REGION_CODES.flatMap((region) => enabledPluginIds(config, region)))], []);
  // The page starts its texts beside the registry (core/boot/boot.ts); a register() may load a namespace.
  await initI18n(config.defaultLanguage, ['core']);

  return {
    regions,
    async build() {
      for (const region of REGION_CODES) {
        const registry = regions[region];
        for (const point of CORE_POINTS) registry.declareCorePoint(point);
        CORE_GUARDS.forEach(registry.apiFor('core').addGuard);
        const manifests = await manifestsFor(enabledPluginIds(config, region), registry.problems);
        await collectRegistry(manifests, pluginsForRegion(config, region), config, registry);
      }
    },
  };
}

/** The problems of a page's regions, one entry per message with every region it happens in. */
function byMessage(regions: Record<RegionCode, CollectingRegistry>): RegistryProblem[] {
  const found = new Map<string, RegionCode[]>();
  for (const region of REGION_CODES) {
    for (const message of new Set(regions[region].problems)) found.set(message, [...(found.get(message) ?? []), region]);
  }
  return [...found].map(([message, where]) => ({ message, regions: where }));
}

/**
 * Build each config's registry in every region, as the browser would at start, and return what it
 * would refuse, by file (an empty list: the browser starts). Every page loads its manifests first,
 * with no `window`, as modules see Node; then each page builds its registries with a `window` of its own.
 */
export async function checkRegistries(root: string, targets: readonly RegistryTarget[], portal?: OfflinePortal): Promise<Map<string, RegistryProblem[]>> {
  const own = portal ? null : await (await import('./offlinePortal.mjs')).openOfflinePortal(root);
  const server = portal ?? own!;
  const pages: { file: string; page: PortalPage; registries?: PageRegistries; failed?: string }[] = [];
  const hadWindow = 'window' in globalThis;
  const fail = (entry: (typeof pages)[number], err: unknown) => {
    // The core itself did not load or start (a syntax error in core/, a virtual module): no registry to speak of.
    entry.failed = `the portal's core did not load: ${firstLine(err)}`;
  };
  try {
    for (const { file, config } of targets) {
      const entry: (typeof pages)[number] = { file, page: await server.page() };
      pages.push(entry);
      entry.registries = await prepareRegistries(entry.page, config).catch((err: unknown) => void fail(entry, err));
    }
    for (const entry of pages) {
      if (!entry.registries) continue;
      if (!hadWindow) Object.defineProperty(globalThis, 'window', { value: pageWindow(), configurable: true, writable: true });
      await entry.registries.build().catch((err: unknown) => fail(entry, err));
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const found = new Map<string, RegistryProblem[]>();
    for (const { file, registries, failed } of pages) {
      found.set(file, failed || !registries ? [{ message: failed ?? 'not built', regions: [...REGION_CODES] }] : byMessage(registries.regions));
    }
    return found;
  } finally {
    if (!hadWindow) delete (globalThis as { window?: unknown }).window;
    await Promise.all(pages.map(({ page }) => page.close()));
    await own?.close();
  }
}

/**
 * checkRegistries in a Node process of its own, without tsx's loader hooks (scripts/offlineRegistryProcess.mjs):
 * faster by a second, and whatever a plugin does at start stays there. A process that stops before it
 * answers is a problem of every file, with what it said.
 */
export function checkRegistriesApart(root: string, targets: readonly RegistryTarget[]): Promise<Map<string, RegistryProblem[]>> {
  return new Promise((resolve) => {
    const child = fork(fileURLToPath(new URL('./offlineRegistryProcess.mjs', import.meta.url)), [], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    let answered = false;
    const everyFile = (message: string) => new Map(targets.map(({ file }) => [file, [{ message, regions: [...REGION_CODES] }]]));
    child.once('message', (reply: { found?: [string, RegistryProblem[]][]; error?: string }) => {
      answered = true;
      resolve(reply.found ? new Map(reply.found) : everyFile(`the registry check failed: ${firstLine(reply.error)}`));
    });
    // 'close', not 'exit': by then every message the process sent has arrived.
    child.once('close', (code, signal) => {
      if (answered) return;
      const lines = said.trim().split('\n');
      const why = lines.find((line) => /^\w*Error( \[\w+\])?: /.test(line)) ?? lines[0] ?? '';
      resolve(everyFile(`the registry check stopped (${signal ?? `exit code ${code}`}) before it answered${why ? `: ${why.trim()}` : ''}`));
    });
    child.send({ root, targets });
  });
}
