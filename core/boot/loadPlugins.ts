import { ConfigError } from '../config/loadConfig';
import type { PluginManifest, PluginModule } from '../registry/types';
import { type ManifestGroup, pickManifestGroup } from './manifestGroups';

export type Catalogue = Record<string, () => Promise<PluginModule>>;
/** One chunk of several plugins' manifests (core/boot/manifestGroups.ts). */
export type CatalogueGroup = ManifestGroup<() => Promise<Record<string, PluginModule>>>;

/**
 * Each plugin's module as this page loaded it, per catalogue. A group holds its own copy of each
 * manifest, so a plugin must come one way only: a second region's registry reuses what the first
 * loaded (a module's state stays one), and takes a group only when none of its plugins is loaded yet.
 */
const loadedBy = new WeakMap<Catalogue, Map<string, Promise<PluginModule>>>();

/**
 * Fetch the manifests of the enabled plugins only; the catalogue's other entries cost nothing.
 * A group whose plugins are all enabled (and none loaded yet) comes as one chunk; the rest one by one.
 */
export async function loadManifests(ids: readonly string[], catalogue: Catalogue, groups: readonly CatalogueGroup[] = []): Promise<PluginManifest[]> {
  const missing = ids.filter((id) => !catalogue[id]);
  if (missing.length) {
    throw new ConfigError(`Deployment config enables plugin(s) ${missing.map((m) => `'${m}'`).join(', ')}, but plugins/ has no such folder`);
  }
  let loaded = loadedBy.get(catalogue);
  if (!loaded) loadedBy.set(catalogue, (loaded = new Map()));
  const known = loaded;
  const group = pickManifestGroup(
    groups.filter((g) => g.plugins.every((id) => !known.has(id))),
    ids,
  );
  const grouped = group ? group.value() : null;
  for (const id of ids) {
    if (known.has(id)) continue;
    const load = grouped && group!.plugins.includes(id) ? grouped.then((all) => all[id] ?? catalogue[id]!()) : catalogue[id]!();
    known.set(id, load);
    // A chunk that did not load is forgotten, so asking again tries again.
    load.catch(() => known.delete(id));
  }
  const modules = await Promise.all(ids.map((id) => known.get(id)!));
  return modules.map((mod, i) => {
    const manifest = mod.default;
    if (manifest.id !== ids[i]) throw new ConfigError(`plugins/${ids[i]} declares the id '${manifest.id}'; folder and id must match`);
    return manifest;
  });
}
