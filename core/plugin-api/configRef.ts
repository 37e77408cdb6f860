/** A typed handle of one plugin's settings: `usePluginConfig(ref)` returns them as `C`. */
export interface PluginConfigRef<C extends object> {
  readonly pluginId: string;
  /** Carries `C` for the type checker only; never set. */
  readonly __config?: C;
}

/**
 * Name a plugin's settings type once, beside its `configSchema`:
 * `export const helpConfig = pluginConfig<HelpConfig>('help')`. Views then call
 * `usePluginConfig(helpConfig)` and get `HelpConfig`, with no type argument to get wrong.
 */
export function pluginConfig<C extends object>(pluginId: string): PluginConfigRef<C> {
  return { pluginId };
}
