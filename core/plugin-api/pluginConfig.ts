import { usePluginConfig as useConfigOf } from '../app/context';
import type { PluginConfigRef } from './configRef';

export { pluginConfig, type PluginConfigRef } from './configRef';

/** The plugin's validated settings (its `configSchema` filled in defaults), typed by its handle. */
export function usePluginConfig<C extends object>(ref: PluginConfigRef<C>): C {
  return useConfigOf<C>(ref.pluginId);
}
