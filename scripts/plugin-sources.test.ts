// Where plugins come from (core/build/pluginSources.mjs): plugins/<id>/ folders and npm packages the
// deployment depends on whose package.json declares `"portal": { "plugin": "<id>" }`, each checked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notPluginSources, packageLocaleFiles, pluginDir, pluginOfFile, pluginSources } from '../core/build/pluginSources.mjs';
import { allLocaleFiles } from '../core/build/virtualModules.mjs';

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

type Files = Record<string, string | object>;
/** A scratch repository: its package.json's dependencies, and files by path. */
function repo(dependencies: Record<string, string>, files: Files, field: 'dependencies' | 'devDependencies' = 'dependencies'): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-plugin-sources-'));
  scratch.push(root);
  const all: Files = { 'package.json': { name: 'portal', [field]: dependencies }, 'plugins/help/index.ts': 'export default {};\n', ...files };
  for (const [file, content] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

const pluginPackage = (name: string, id: unknown, extra: Files = {}): Files => ({
  [`node_modules/${name}/package.json`]: { name, version: '2.0.0', portal: { plugin: id } },
  [`node_modules/${name}/index.ts`]: 'export default {};\n',
  ...Object.fromEntries(Object.entries(extra).map(([file, content]) => [`node_modules/${name}/${file}`, content])),
});

describe('plugin sources', () => {
  it("finds folders and the dependencies that declare a plugin, and nothing else (a real folder in node_modules, as npm installs from the registry)", () => {
    const root = repo({ '@acme/stamps': '^2.0.0', leftpad: '1.0.0' }, { ...pluginPackage('@acme/stamps', 'stamps'), 'node_modules/leftpad/package.json': { name: 'leftpad' } });
    expect(pluginSources(root)).toEqual([
      { id: 'help', dir: path.join(root, 'plugins', 'help'), origin: 'folder', label: 'plugins/help' },
      { id: 'stamps', dir: path.join(root, 'node_modules', '@acme', 'stamps'), origin: 'package', package: '@acme/stamps', version: '2.0.0', label: '@acme/stamps (node_modules/@acme/stamps)' },
    ]);
    expect(pluginDir(root, 'stamps')).toBe(path.join(root, 'node_modules', '@acme', 'stamps'));
    expect(pluginOfFile(root, path.join(root, 'node_modules', '@acme', 'stamps', 'server', 'index.ts'))?.id).toBe('stamps');
    expect(pluginOfFile(root, path.join(root, 'node_modules', 'leftpad', 'index.js'))).toBeNull();
  });

  it('reads devDependencies too, and skips a dependency not installed yet', () => {
    const root = repo({ '@acme/stamps': '^2.0.0', missing: '1.0.0' }, pluginPackage('@acme/stamps', 'stamps'), 'devDependencies');
    expect(pluginSources(root).map((s) => s.id)).toEqual(['help', 'stamps']);
  });

  it('refuses two plugins with one id, naming both', () => {
    const root = repo({ 'acme-help': '1.0.0' }, pluginPackage('acme-help', 'help'));
    expect(() => pluginSources(root)).toThrow("two plugins claim the id 'help': plugins/help and acme-help (node_modules/acme-help); a deployment can run only one of them");
  });

  it('refuses an id that is not one, and a package without its manifest', () => {
    expect(() => pluginSources(repo({ bad: '1' }, pluginPackage('bad', 'Bad Id')))).toThrow('bad (node_modules/bad): package.json "portal.plugin" must be a plugin id (lower-case letters, digits and dashes), not "Bad Id"');
    const root = repo({ hollow: '1' }, { 'node_modules/hollow/package.json': { name: 'hollow', portal: { plugin: 'hollow' } } });
    expect(() => pluginSources(root)).toThrow('hollow (node_modules/hollow): a plugin package has its manifest in index.ts beside its package.json');
  });

  it("lists an outside plugin's texts per language, null where it ships none, and refuses a namespace not named after it", () => {
    const root = repo({ '@acme/stamps': '1' }, pluginPackage('@acme/stamps', 'stamps', { 'locales/en_US/stamps.json': {}, 'locales/de_DE/stamps.json': {} }));
    expect(packageLocaleFiles(root, ['en_US', 'de_DE', 'fr_FR'])).toEqual([
      { plugin: 'stamps', lang: 'en_US', ns: 'stamps', file: path.join(root, 'node_modules/@acme/stamps/locales/en_US/stamps.json') },
      { plugin: 'stamps', lang: 'de_DE', ns: 'stamps', file: path.join(root, 'node_modules/@acme/stamps/locales/de_DE/stamps.json') },
      { plugin: 'stamps', lang: 'fr_FR', ns: 'stamps', file: null },
    ]);
    const squatter = repo({ squat: '1' }, pluginPackage('squat', 'squat', { 'locales/en_US/core.json': {} }));
    expect(() => packageLocaleFiles(squatter, ['en_US'])).toThrow("squat (node_modules/squat): locales/en_US/core.json: a plugin's namespaces are named after it ('squat' or 'squat-…')");
  });

  it("refuses a namespace the portal's locales have, or that two plugins ship", () => {
    const portalHas = repo({ '@acme/stamps': '1' }, { 'locales/en_US/stamps-extra.json': {}, ...pluginPackage('@acme/stamps', 'stamps', { 'locales/en_US/stamps-extra.json': {} }) });
    expect(() => allLocaleFiles(portalHas)).toThrow("Plugin 'stamps' ships the locale namespace 'stamps-extra', which the portal's own locales/ already has");
    const twice = repo({ a: '1', 'a-b': '1' }, { 'locales/en_US/core.json': {}, ...pluginPackage('a', 'a', { 'locales/en_US/a-b.json': {} }), ...pluginPackage('a-b', 'a-b', { 'locales/en_US/a-b.json': {} }) });
    expect(() => allLocaleFiles(twice)).toThrow("Plugins 'a' and 'a-b' both ship the locale namespace 'a-b'");
  });

  it("compiles a plugin package's sources and leaves every other package alone", () => {
    const root = repo({ '@acme/stamps': '1' }, pluginPackage('@acme/stamps', 'stamps'));
    const skip = notPluginSources(root);
    expect(skip.test('/app/node_modules/react/index.js')).toBe(true);
    expect(skip.test('/app/node_modules/@acme/stamps/StampsPage.tsx')).toBe(false);
    expect(skip.test('/app/node_modules/@acme/stamps-other/x.ts')).toBe(true);
  });
});
