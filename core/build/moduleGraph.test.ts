import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleGraph } from './moduleGraph.mjs';

/** The graph a build writes must be the same from any clone: the visual run compares it with one made elsewhere (CI). */
function graphOf(root: string, modules: Record<string, { importedIds?: string[]; code?: string }>) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-')), 'graph.json');
  const plugin = moduleGraph({ root, file });
  const context = {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => ({ importedIds: modules[id]!.importedIds ?? [], dynamicallyImportedIds: [], code: modules[id]!.code ?? null }),
  };
  plugin.generateBundle.call(context);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { modules: Record<string, { imports: string[]; code?: string }> };
}

const storybookAnnotations = (root: string, hash: number) => ({
  importedIds: [`${root}/.storybook/preview.tsx`],
  code: `import * as preview_${hash} from "${root}/.storybook/preview.tsx";\nconst configs = [preview_${hash}];`,
});

describe('core/build/moduleGraph.mjs', () => {
  it('writes the same graph from two clones: paths relative, path hashes in generated names left out', () => {
    const a = graphOf('/work/main', { '\0virtual:annotations': storybookAnnotations('/work/main', 4128381991), '/work/main/.storybook/preview.tsx': {} });
    const b = graphOf('/tmp/ci/main', { '\0virtual:annotations': storybookAnnotations('/tmp/ci/main', 4007119460), '/tmp/ci/main/.storybook/preview.tsx': {} });
    expect(a).toEqual(b);
    expect(a.modules['virtual:annotations']).toEqual({ imports: ['./.storybook/preview.tsx'], code: 'import * as preview_# from "<root>/.storybook/preview.tsx";\nconst configs = [preview_#];' });
  });

  it("counts a file's helper modules as the file, and keeps a file's code out (the digest reads the file)", () => {
    const g = graphOf('/r', { '/r/a.ts': { importedIds: ['\0/r/node_modules/x/index.js?commonjs-proxy'], code: 'x' }, '\0/r/node_modules/x/index.js?commonjs-proxy': { importedIds: ['/r/node_modules/x/index.js'] } });
    expect(g.modules['./a.ts']).toEqual({ imports: ['./node_modules/x/index.js'] });
    expect(g.modules['./node_modules/x/index.js']).toEqual({ imports: [] });
  });
});
