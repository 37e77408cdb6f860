import { ConfigError } from '../config/loadConfig';
import type { PluginManifest, PluginModule } from '../registry/types';

export type Catalogue = Record<string, () => Promise<PluginModule>>;

/** Fetch the manifests of the enabled plugins only; the catalogue's other entries cost nothing. */
export async function loadManifests(ids: readonly string[], catalogue: Catalogue): Promise<PluginManifest[]> {
  const missing = ids.filter((id) => !catalogue[id]);
  if (missing.length) {
    throw new ConfigError(`Deployment config enables plugin(s) ${missing.map((m) => `'${m}'`).join(', ')}, but plugins/ has no such folder`);
  }
  const modules = await Promise.all(ids.map((id) => catalogue[id]!()));
  return modules.map((mod, i) => {
    const manifest = mod.default;
    if (manifest.id !== ids[i]) throw new ConfigError(`plugins/${ids[i]} declares the id '${manifest.id}'; folder and id must match`);
    return manifest;
  });
}
