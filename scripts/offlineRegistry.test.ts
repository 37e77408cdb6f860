// config:check builds each config's plugin registry in every region, in Node, with the real manifests and
// the real registry, and names every clash a browser would stop at, with the browser's message. The clashes
// come from scratch plugins in a temporary copy of what a plugin needs (core, themes, locales; node_modules
// linked), so plugins/ is never touched; the control is the repository itself.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../core/config/loadConfig';
import type { DeploymentConfig } from '../core/config/types';
import { REGION_CODES } from '../core/contract/regions';
import { configReport, type RegistryCheck } from '../server/config/configReport';
import { freshConfigVocabulary } from '../server/config/knownNames';
import { openOfflinePortal, type OfflinePortal } from './offlinePortal.mjs';
import { checkRegistries, checkRegistriesApart, prepareRegistries } from './offlineRegistry';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const api = { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } };

/** The scratch plugins: each a manifest as a plugin author writes it. */
const SCRATCH: Record<string, string> = {
  help: `export default definePlugin({ id: 'help', routes: [{ path: 'help', parent: 'accountSetting', view: () => import('./View') }] });`,
  faq: `export default definePlugin({ id: 'faq', routes: [{ path: 'help', parent: 'accountSetting', view: () => import('./View') }], menu: [{ id: 'faq', path: 'help', labelKey: 'core:x' as never, order: 5 }] });`,
  'toast-a': `export default definePlugin({ id: 'toast-a', errorHandlers: { [-19999]: () => true } });`,
  'toast-b': `export default definePlugin({ id: 'toast-b', register(ctx) { ctx.addErrorHandler(-19999, () => true); } });`,
  misnamed: `export default definePlugin({ id: 'renamed' });`,
  orphan: `const ENTRIES = defineExtensionPoint<{ q: string }>('faq/entries/v1');\nexport default definePlugin({ id: 'orphan', register(ctx) { ctx.contribute(ENTRIES, { q: 'Why?' }); } });`,
  late: `export default definePlugin({ id: 'late', register(ctx) { setTimeout(() => ctx.addMenuEntry({ id: 'late', path: 'late', labelKey: 'core:x' as never, order: 1 }), 0); } });`,
  'bad-id': `export default definePlugin({ id: 'Bad_Id' });`,
  'toast-c': `export default definePlugin({ id: 'toast-c', register(ctx) { ctx.addErrorHandler(-19999, () => true, { priority: 9 }); } });`,
  crash: `export default definePlugin({ id: 'crash', register() { setTimeout(() => { throw new RangeError('the crash plugin gave up'); }, 0); } });`,
  about: `export default definePlugin({ id: 'about', routes: [{ path: 'about', parent: 'accountSetting', view: () => import('./View') }], errorHandlers: { [-19999]: { handle: () => true, priority: 5 } } });`,
};

let temp = '';
let portal: OfflinePortal;
let check: RegistryCheck;

/** A copy of what a plugin needs, with the scratch plugins as its only plugins. */
function copyWithScratchPlugins(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'offline-registry-'));
  for (const part of ['core', 'themes', 'locales', 'tsconfig.json', 'package.json']) cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const [id, source] of Object.entries(SCRATCH)) {
    mkdirSync(path.join(dir, 'plugins', id), { recursive: true });
    writeFileSync(path.join(dir, 'plugins', id, 'index.ts'), `import { definePlugin, defineExtensionPoint } from '@portal/plugin-api';\nvoid defineExtensionPoint;\n${source}\n`);
    writeFileSync(path.join(dir, 'plugins', id, 'View.tsx'), 'export default function View() {\n  return null;\n}\n');
  }
  mkdirSync(path.join(dir, 'config'));
  return dir;
}

/** A deployment config in the copy, with these plugins on (and `regions` overrides). */
function config(name: string, on: string[], regions: Record<string, unknown> = {}): string {
  const file = path.join(temp, 'config', `${name}.json`);
  writeFileSync(file, JSON.stringify({ name, api, plugins: Object.fromEntries(on.map((id) => [id, { enabled: true }])), regions }));
  return file;
}

async function failLines(...files: string[]): Promise<string[]> {
  const report = await configReport(files, await freshConfigVocabulary(temp), {}, check);
  return report.text.split('\n').filter((line) => line.startsWith('FAIL'));
}

beforeAll(async () => {
  temp = copyWithScratchPlugins();
  portal = await openOfflinePortal(temp);
  check = (targets) => checkRegistries(temp, targets, portal);
}, 120_000);
afterAll(async () => {
  await portal?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('config:check builds the plugin registry offline', () => {
  it('names two plugins claiming one route, with the file and the regions', async () => {
    const everywhere = config('routes', ['help', 'faq', 'about']);
    const inUse = config('routes-use', ['help', 'about'], { Use: { plugins: { faq: { enabled: true } } } });
    expect(await failLines(everywhere, inUse)).toEqual([
      `FAIL  ${everywhere} (regions Use, Aps, Euw): Route 'help' is contributed by both 'help' and 'faq'`,
      `FAIL  ${inUse} (region Use): Route 'help' is contributed by both 'help' and 'faq'`,
    ]);
  });

  it('names an error code handled twice without priority', async () => {
    const file = config('handlers', ['toast-a', 'toast-b']);
    expect(await failLines(file)).toEqual([
      `FAIL  ${file} (regions Use, Aps, Euw): Error code -19999 is handled by both 'toast-a' and 'toast-b'; give each handler a priority (the higher runs first)`,
    ]);
  });

  it('names a manifest whose id is not its folder', async () => {
    const file = config('misnamed', ['misnamed']);
    expect(await failLines(file)).toEqual([`FAIL  ${file} (regions Use, Aps, Euw): plugins/misnamed declares the id 'renamed'; folder and id must match`]);
  });

  it('names a contribution to an extension point no enabled plugin declares', async () => {
    const file = config('orphan', ['orphan']);
    expect(await failLines(file)).toEqual([`FAIL  ${file} (regions Use, Aps, Euw): Plugin(s) orphan contributed to extension point 'faq/entries/v1', which no enabled plugin declares`]);
  });

  it('names every problem of every file at once, where the browser stops at the first', async () => {
    const all = config('all', ['bad-id', 'help', 'faq', 'toast-a', 'about', 'toast-b', 'misnamed', 'orphan', 'late'], { Aps: { plugins: { faq: { enabled: false } } } });
    const fine = config('fine', ['help', 'toast-a']);
    const report = await configReport([all, fine], await freshConfigVocabulary(temp), {}, check);
    expect(report.ok).toBe(false);
    expect(report.text.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([
      `FAIL  ${all} (regions Use, Aps, Euw): plugins/bad-id/index.ts did not load: Plugin id 'Bad_Id' must be kebab-case`,
      `FAIL  ${all} (regions Use, Aps, Euw): plugins/misnamed declares the id 'renamed'; folder and id must match`,
      `FAIL  ${all} (regions Use, Euw): Route 'help' is contributed by both 'help' and 'faq'`,
      `FAIL  ${all} (regions Use, Aps, Euw): Error code -19999 is handled by both 'toast-a' and 'about'; give each handler a priority (the higher runs first)`,
      `FAIL  ${all} (regions Use, Aps, Euw): Error code -19999 is handled by both 'toast-a' and 'toast-b'; give each handler a priority (the higher runs first)`,
      `FAIL  ${all} (regions Use, Aps, Euw): Plugin(s) orphan contributed to extension point 'faq/entries/v1', which no enabled plugin declares`,
      `FAIL  ${all} (regions Use, Aps, Euw): Plugin 'late' contributed after start-up; contribute in register()`,
    ]);
    expect(report.text).toContain(`ok    ${fine} (fine; web)`);
    expect(report.text).toContain("Some configs' plugins clash: a browser would refuse to start with them");
  });

  it('passes plugins that fit together, and says it built their registry', async () => {
    const file = config('fits', ['help', 'about', 'toast-c']);
    const report = await configReport([file], await freshConfigVocabulary(temp), {}, check);
    expect(report.ok, report.text).toBe(true);
    expect(report.text).toContain('The plugin registry of each deployment config builds in every region (Use, Aps, Euw) as the browser builds it.');
  });
});

describe('config:check runs the check in a Node process of its own', () => {
  it('with the same answer as in this one', async () => {
    const file = config('apart', ['help', 'faq', 'misnamed']);
    const targets = [{ file, config: parseDeploymentConfig(JSON.parse(readFileSync(file, 'utf8'))) }];
    const apart = await checkRegistriesApart(temp, targets);
    expect(apart).toEqual(await check(targets));
    expect(apart.get(file)!.map((p) => p.message)).toEqual(["plugins/misnamed declares the id 'renamed'; folder and id must match", "Route 'help' is contributed by both 'help' and 'faq'"]);
  }, 120_000);

  it('names a process that stops before it answers (a plugin that throws in a timer) for every file', async () => {
    const file = config('crash', ['crash']);
    const apart = await checkRegistriesApart(temp, [{ file, config: parseDeploymentConfig(JSON.parse(readFileSync(file, 'utf8'))) }]);
    expect(apart.get(file)).toEqual([{ message: 'the registry check stopped (exit code 1) before it answered: RangeError: the crash plugin gave up', regions: [...REGION_CODES] }]);
  }, 120_000);
});

describe("the repository's configs (the control)", () => {
  const shipped = readdirSync(path.join(ROOT, 'config'))
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .map((f) => path.join(ROOT, 'config', f));
  const read = (file: string): DeploymentConfig => parseDeploymentConfig(JSON.parse(readFileSync(file, 'utf8')));

  it('every shipped config builds its registry in every region without a problem', async () => {
    const found = await checkRegistries(
      ROOT,
      shipped.map((file) => ({ file, config: read(file) })),
    );
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(shipped.map((file) => [file, []])));
  }, 120_000);

  it("builds the same registry as the browser's own start-up (core/boot/servicesForRegion.ts)", async () => {
    const repo = await openOfflinePortal(ROOT);
    const hadWindow = 'window' in globalThis;
    try {
      for (const file of shipped) {
        const page = await repo.page();
        const registries = await prepareRegistries(page, read(file));
        // As offlineRegistry.ts gives it: partner-app's register() reads the page's address and cookie.
        if (!hadWindow) Object.assign(globalThis, { window: { location: new URL('https://portal.invalid/'), document: { cookie: '' } } });
        await registries.build();
        const { servicesForRegion } = await page.import<typeof import('../core/boot/servicesForRegion')>('/core/boot/servicesForRegion.ts');
        const { catalogue } = await page.import<{ catalogue: import('../core/boot/loadPlugins').Catalogue }>('virtual:plugin-catalogue');
        const servicesFor = servicesForRegion(read(file), {} as never, catalogue);
        for (const region of REGION_CODES) {
          const browser = (await servicesFor(region)).registry;
          const offline = registries.regions[region];
          const shape = (r: typeof browser) => ({
            plugins: r.pluginIds,
            configs: [...r.pluginConfigs],
            routes: r.routes.map((x) => [x.pluginId, x.value.parent, x.value.path]),
            menu: r.menu.map((x) => [x.pluginId, x.value.id]),
            loginViews: r.loginViews.map((x) => [x.pluginId, x.value.id]),
            guards: r.guards.map((x) => [x.pluginId, x.value.id]),
            namespaces: r.namespaces.map((x) => [x.pluginId, x.value]),
          });
          expect(offline.problems, `${file} ${region}`).toEqual([]);
          expect(shape(offline), `${file} ${region}`).toEqual(shape(browser));
        }
        await page.close();
      }
    } finally {
      if (!hadWindow) delete (globalThis as { window?: unknown }).window;
      await repo.close();
    }
  }, 120_000);
});
