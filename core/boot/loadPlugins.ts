import { ConfigError } from '../config/loadConfig';
import type { PluginManifest, PluginModule } from '../registry/types';
import { type ManifestGroup, pickManifestGroup } from './manifestGroups';

export type Catalogue = Record<string, () => Promise<PluginModule>>;
/** One chunk of several plugins' manifests (core/boot/manifestGroups.ts). */
export type CatalogueGroup = ManifestGroup<() => Promise<Record<string, PluginModule>>>;

/**
 * Fetch the manifests of the enabled plugins only; the catalogue's other entries cost nothing.
 * A group whose plugins are all enabled comes as one chunk; the rest one by one.
 */
export async function loadManifests(ids: readonly string[], catalogue: Catalogue, groups: readonly CatalogueGroup[] = []): Promise<PluginManifest[]> {
  const missing = ids.filter((id) => !catalogue[id]);
  if (missing.length) {
    throw new ConfigError(`Deployment config enables plugin(s) ${missing.map((m) => `'${m}'`).join(', ')}, but plugins/ has no such folder`);
  }
  const group = pickManifestGroup(groups, ids);
  const grouped = group ? group.value() : null;
  const modules = await Promise.all(
    ids.map((id) => (grouped && group!.plugins.includes(id) ? grouped.then((all) => all[id] ?? catalogue[id]!()) : catalogue[id]!())),
  );
  return modules.map((mod, i) => {
    const manifest = mod.default;
    if (manifest.id !== ids[i]) throw new ConfigError(`plugins/${ids[i]} declares the id '${manifest.id}'; folder and id must match`);
    return manifest;
  });
}
