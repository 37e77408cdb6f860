import { createContext, useContext } from 'react';
import type { DeploymentConfig } from '../config/types';
import type { RegionCode } from '../contract/regions';
import type { HttpClient } from '../http/client';
import type { Registry } from '../registry/registry';

/** The services the core hands to every view; plugins reach the core only through these. */
export interface PortalServices {
  config: DeploymentConfig;
  registry: Registry;
  http: HttpClient;
  /** The data region whose plugin switches are in effect. */
  region: RegionCode;
}

export const PortalContext = createContext<PortalServices | null>(null);

export function usePortal(): PortalServices {
  const services = useContext(PortalContext);
  if (!services) throw new Error('usePortal() outside <PortalContext.Provider>');
  return services;
}

export const useHttp = (): HttpClient => usePortal().http;
export const useDeploymentConfig = (): DeploymentConfig => usePortal().config;

/** The validated config block of a plugin (its schema's type is the caller's to name). */
export function usePluginConfig<C>(pluginId: string): C {
  const { registry } = usePortal();
  if (!registry.pluginConfigs.has(pluginId)) throw new Error(`Plugin '${pluginId}' is not enabled`);
  return registry.pluginConfigs.get(pluginId) as C;
}
