/**
 * Manifest groups (issue 17): the production build puts the manifests of the plugins a shipped
 * config (config/*.json) enables everywhere into one chunk per config, beside the usual chunk per
 * manifest. A page uses a group only when the active config enables every plugin in it, so a
 * plugin that is off never costs a byte; any other config (one chosen at serve time, a region's
 * overrides) falls back to the manifests one by one. The server's preload hints make the same
 * choice (server/http/preloadHints.ts).
 */
export interface ManifestGroup<T> {
  plugins: readonly string[];
  value: T;
}

/** The largest group whose plugins are all enabled, or null. */
export function pickManifestGroup<T>(groups: ReadonlyArray<ManifestGroup<T>>, enabled: readonly string[]): ManifestGroup<T> | null {
  const on = new Set(enabled);
  let best: ManifestGroup<T> | null = null;
  for (const group of groups) {
    if (group.plugins.length < 2 || !group.plugins.every((id) => on.has(id))) continue;
    if (!best || group.plugins.length > best.plugins.length) best = group;
  }
  return best;
}
