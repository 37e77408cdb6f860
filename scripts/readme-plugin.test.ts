// docs/plugins.md "Writing a plugin" must build as written: its code blocks (each starting with a
// `// plugins/help/<file>` line) are written into a temporary project that sees the repository's
// plugin API and packages, type-checked with the project's compiler options, and linted with the
// project's rules as if they were plugins/help/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The plugin author's guide (the README links to it). */
const GUIDE = 'docs/plugins.md';

/** The code blocks of the guide's "Writing a plugin" section that name a file of plugins/help/ or its English locale file. */
function readmePluginFiles(readme: string): Map<string, string> {
  const start = readme.indexOf('\n## Writing a plugin\n');
  if (start < 0) throw new Error(`${GUIDE} has no "Writing a plugin" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const files = new Map<string, string>();
  for (const block of section.matchAll(/```(?:tsx?|jsonc)\n([\s\S]*?)```/g)) {
    const code = block[1]!;
    const name = /^\/\/ (plugins\/help\/[\w.]+\.tsx?|locales\/en_US\/help\.json)\n/.exec(code)?.[1];
    // A JSON file has no comments: its block names it in its first line.
    if (name) files.set(name, name.endsWith('.json') ? code.slice(code.indexOf('\n') + 1) : code);
  }
  return files;
}

const files = readmePluginFiles(readFileSync(path.join(ROOT, GUIDE), 'utf8'));
const temp = mkdtempSync(path.join(os.tmpdir(), 'readme-plugin-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('docs/plugins.md "Writing a plugin"', () => {
  it('shows a manifest, its config, a view, a test, a story and its English text', () => {
    expect([...files.keys()].sort()).toEqual([
      'locales/en_US/help.json',
      'plugins/help/HelpPage.stories.tsx',
      'plugins/help/HelpPage.test.tsx',
      'plugins/help/HelpPage.tsx',
      'plugins/help/config.ts',
      'plugins/help/index.ts',
    ]);
  });

  it('type-checks as written against the plugin API', () => {
    for (const [name, code] of files) {
      mkdirSync(path.dirname(path.join(temp, name)), { recursive: true });
      writeFileSync(path.join(temp, name), code);
    }
    // Packages resolve from the repository, as they would for a folder under plugins/.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(temp, 'node_modules'), 'dir');
    const ambient = ['core/build/virtual.d.ts', 'core/build/vite-env.d.ts', 'themes/emotion.d.ts'].map((f) => path.join(ROOT, f));
    writeFileSync(
      path.join(temp, 'tsconfig.json'),
      JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), include: ['plugins/**/*', ...ambient] }),
    );
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '--noEmit', '-p', path.join(temp, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 240_000);

  it('obeys the lint rules and boundaries of a plugin', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const [name, code] of files) {
      if (name.endsWith('.json')) continue;
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, name) });
      expect(result!.messages.map((m) => `${name}:${m.line} ${m.ruleId}: ${m.message}`)).toEqual([]);
    }
  }, 60_000);
});
