/**
 * Which built files carry a plugin's code, from dist/preload.json (core/build/preloadManifest.mjs):
 * the chunk of its manifest, of each of its modules, and every manifest group holding it. Tests use
 * it to prove a plugin that is off costs nothing, whatever chunk its manifest travels in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PreloadManifest } from '../../server/http/preloadHints';

export function readPreloadManifest(dist = path.resolve('dist')): PreloadManifest {
  return JSON.parse(readFileSync(path.join(dist, 'preload.json'), 'utf8')) as PreloadManifest;
}

export function chunksOfPlugin(manifest: PreloadManifest, id: string): string[] {
  const own = manifest.plugins[id];
  if (!own) throw new Error(`no plugin ${id} in preload.json`);
  // The first file of each list is the chunk that holds the module; the rest are chunks it imports (shared).
  const files = [own.manifest[0], ...Object.values(own.modules).map((list) => list[0])];
  for (const group of manifest.groups ?? []) if (group.plugins.includes(id)) files.push(group.files[0]);
  return [...new Set(files.filter((f): f is string => Boolean(f)))];
}

export function groupChunks(manifest: PreloadManifest): string[] {
  return (manifest.groups ?? []).map((g) => g.files[0]!).filter(Boolean);
}

/** The built files that hold an npm package's code, found by the package's sources in each chunk's source map. */
export function chunksOfPackage(pkg: string, dist = path.resolve('dist')): string[] {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js.map'))
    .filter((f) => (JSON.parse(readFileSync(path.join(assets, f), 'utf8')) as { sources: string[] }).sources.some((s) => s.includes(`node_modules/${pkg}/`)))
    .map((f) => `/assets/${f.slice(0, -'.map'.length)}`);
}
