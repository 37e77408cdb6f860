import { createContext, useContext } from 'react';
import type { DeploymentConfig } from '../config/types';
import type { RegionCode } from '../contract/regions';
import type { HttpClient } from '../http/client';
import type { Registry } from '../registry/registry';
import { portalSession, type PortalSession } from '../session/grant';

/** The services the core hands to every view; plugins reach the core only through these. */
export interface PortalServices {
  config: DeploymentConfig;
  registry: Registry;
  http: HttpClient;
  /** The data region whose plugin switches are in effect. */
  region: RegionCode;
}

export const PortalContext = createContext<PortalServices | null>(null);

/** What a view gets from `usePortal()`: the services, and the session capability the core grants views. */
export interface Portal extends PortalServices {
  /** Changes to the session a view may ask for (sign-in hand-off, sign-out, user info, security token); each is logged in development. */
  session: PortalSession;
}

const portals = new WeakMap<PortalServices, Portal>();

/** The services of the portal's current data region, and the session capability; one object per set of services. */
export function usePortal(): Portal {
  const services = useContext(PortalContext);
  if (!services) throw new Error('usePortal() outside <PortalContext.Provider>');
  let portal = portals.get(services);
  if (!portal) {
    portal = { ...services, session: portalSession(services) };
    portals.set(services, portal);
  }
  return portal;
}

/** The portal's HTTP client (usePortal().http): the current region's hosts, tokens and refresh handled. */
export const useHttp = (): HttpClient => usePortal().http;
/** The deployment config in effect (usePortal().config), validated at start-up. */
export const useDeploymentConfig = (): DeploymentConfig => usePortal().config;

/** The validated config block of a plugin (its schema's type is the caller's to name). */
export function usePluginConfig<C>(pluginId: string): C {
  const { registry } = usePortal();
  if (!registry.pluginConfigs.has(pluginId)) throw new Error(`Plugin '${pluginId}' is not enabled`);
  return registry.pluginConfigs.get(pluginId) as C;
}
