import type { PortalServices } from '../app/context';
import { enabledPluginIds, pluginsForRegion } from '../config/loadConfig';
import type { DeploymentConfig } from '../config/types';
import type { RegionCode } from '../contract/regions';
import type { HttpClient } from '../http/client';
import { CORE_POINTS } from '../registry/corePoints';
import { buildRegistry, Registry } from '../registry/registry';
import { CORE_GUARDS } from '../router/coreGuards';
import { type Catalogue, type CatalogueGroup, loadManifests } from './loadPlugins';

/** The portal's services for a data region: that region's plugins, registered and frozen. */
export type ServicesFor = (region: RegionCode) => Promise<PortalServices>;

/**
 * One registry per region, built on first use and kept: only the manifests of the plugins
 * that region enables are fetched, so a plugin turned off there costs nothing. A failed
 * build (a chunk that did not load) is forgotten, so asking again tries again.
 */
export function servicesForRegion(config: DeploymentConfig, http: HttpClient, catalogue: Catalogue, groups: readonly CatalogueGroup[] = []): ServicesFor {
  const cache = new Map<RegionCode, Promise<PortalServices>>();

  async function build(region: RegionCode): Promise<PortalServices> {
    const registry = new Registry();
    for (const point of CORE_POINTS) registry.declareCorePoint(point);
    CORE_GUARDS.forEach(registry.apiFor('core').addGuard);
    const manifests = await loadManifests(enabledPluginIds(config, region), catalogue, groups);
    await buildRegistry(manifests, pluginsForRegion(config, region), config, registry);
    return { config, registry, http, region };
  }

  return (region) => {
    let services = cache.get(region);
    if (!services) {
      services = build(region);
      cache.set(region, services);
      services.catch(() => cache.delete(region));
    }
    return services;
  };
}
