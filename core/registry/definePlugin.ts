import type { PluginDefinition, PluginManifest } from './types';

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;

/**
 * Declare a plugin. The manifest module should stay tiny: views are lazy imports,
 * so loading a manifest costs a few hundred bytes until a view is shown.
 */
export function definePlugin<C extends object = Record<string, never>>(def: PluginDefinition<C>): PluginManifest {
  if (!ID_PATTERN.test(def.id)) throw new Error(`Plugin id '${def.id}' must be kebab-case`);
  return {
    id: def.id,
    configSchema: def.configSchema,
    routes: def.routes ?? [],
    menu: def.menu ?? [],
    loginViews: def.loginViews ?? [],
    errorHandlers: def.errorHandlers ?? {},
    guards: def.guards ?? [],
    locales: def.locales ?? {},
    // The config was validated against configSchema, so C is what arrives.
    register: def.register as PluginManifest['register'],
    bootstrap: def.bootstrap as PluginManifest['bootstrap'],
  };
}
