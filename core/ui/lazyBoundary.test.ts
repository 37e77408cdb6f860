import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Performance guard (login route < 150 KB gzip): everything index.ts exposes must
 * be free of headlessui, statically. Modal, ModalHost and Select are reached only
 * through dynamic import(), which the bundler splits into lazy chunks.
 */
const here = dirname(fileURLToPath(import.meta.url));
const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function staticGraph(entry: string, seen = new Set<string>(), packages = new Set<string>()) {
  if (seen.has(entry)) return { files: seen, packages };
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const match of source.matchAll(STATIC_IMPORT)) {
    const spec = match[1] ?? match[2]!;
    // `import type` is erased at build time and costs nothing.
    if (/^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
    if (spec.startsWith('.')) {
      const base = resolve(dirname(entry), spec);
      const file = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => exists(f));
      if (file?.startsWith(here)) staticGraph(file, seen, packages);
    } else {
      packages.add(spec);
    }
  }
  return { files: seen, packages };
}

function exists(file: string) {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

describe('lazy boundary of core/ui', () => {
  const { files, packages } = staticGraph(join(here, 'index.ts'));
  const names = [...files].map((f) => f.slice(here.length + 1));

  it('index.ts reaches no headlessui or positioning library', () => {
    expect([...packages].filter((p) => p.startsWith('@headlessui') || p.includes('floating-ui'))).toEqual([]);
  });

  it('index.ts does not statically reach Modal, ModalHost or Select', () => {
    expect(names).toEqual(expect.arrayContaining(['Button.tsx', 'ToastHost.tsx', 'LazyModalHost.tsx', 'CodeInput.tsx', 'Tooltip.tsx']));
    expect(names).not.toContain('Modal.tsx');
    expect(names).not.toContain('ModalHost.tsx');
    expect(names).not.toContain('Select.tsx');
  });

  it('LazyModalHost loads ModalHost only through a dynamic import', () => {
    const source = readFileSync(join(here, 'LazyModalHost.tsx'), 'utf8');
    expect(source).toMatch(/import\(['"]\.\/ModalHost['"]\)/);
  });

  it('the graph walker sees headlessui where it is used', () => {
    expect(staticGraph(join(here, 'Select.tsx')).packages.has('@headlessui/react')).toBe(true);
    expect(staticGraph(join(here, 'ModalHost.tsx')).packages.has('@headlessui/react')).toBe(true);
  });
});
