import { catalogue } from 'virtual:plugin-catalogue';
import type { PluginManifest } from '../registry/types';

/**
 * Manifests of other plugins, for a story or test that shows several together (the whole login
 * page, the sign-in form with the help-desk notice). They are loaded by id through the build's
 * catalogue, as boot() loads them: a plugin's code, its stories and tests never import another plugin.
 */
export async function pluginsById(...ids: string[]): Promise<PluginManifest[]> {
  return Promise.all(
    ids.map(async (id) => {
      const load = catalogue[id];
      if (!load) throw new Error(`No plugin '${id}' under plugins/`);
      return (await load()).default;
    }),
  );
}
