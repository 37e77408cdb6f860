// A Rollup/Vite plugin that writes the build's whole module graph to a JSON file:
//   { modules: { [id]: { imports: string[], code?: string } } }
// ids are relative to root ('./plugins/x/index.ts'); a virtual module (no file behind it) keeps its
// id and carries its generated code, with root written as '<root>' and path hashes left out (the
// graph is compared across clones). Storybook's own stats (--stats-json) leave out what virtual modules import, so a story
// that reaches its plugins through virtual:plugin-catalogue would look as if it did not depend on them.
// Used by scripts/visual-digests.mjs to tell which stories' inputs changed (tests/visual/README.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** @param {{ root: string, file: string }} options */
export function moduleGraph({ root, file }) {
  // A file's helper modules (commonjs proxies: '\0/abs/file.js?commonjs-module') count as the file.
  const name = (id) => {
    const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
    if (!path.isAbsolute(clean)) return clean;
    return `./${path.relative(root, clean).split(path.sep).join('/')}`;
  };
  return {
    name: 'portal-module-graph',
    apply: 'build',
    generateBundle() {
      const modules = {};
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        const own = name(id);
        const entry = (modules[own] ??= { imports: [] });
        entry.imports = [...new Set([...entry.imports, ...[...info.importedIds, ...info.dynamicallyImportedIds].map(name)])].filter((i) => i !== own).sort();
        // A file is read from disk by the digest; a module without one is known only by its code.
        // Storybook names its imports after a hash of the file's absolute path (`preview_4128381991`):
        // that number, like the path, differs between clones.
        if (!own.startsWith('./') && info.code) entry.code = info.code.split(root).join('<root>').replace(/\b([A-Za-z_$][\w$]*?)_\d{6,}\b/g, '$1_#');
      }
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ modules }));
    },
  };
}
