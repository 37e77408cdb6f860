import { describe, expect, it, vi } from 'vitest';
import { parseDeploymentConfig } from '../config/loadConfig';
import type { HttpClient } from '../http/client';
import { definePlugin } from '../registry/definePlugin';
import type { PluginModule } from '../registry/types';
import type { Catalogue } from './loadPlugins';
import { servicesForRegion } from './servicesForRegion';

const view = () => Promise.resolve({ default: () => null });
const http = {} as HttpClient;

const config = parseDeploymentConfig({
  name: 'regions',
  api: { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' }, defaultRegion: 'Euw' },
  plugins: { everywhere: { enabled: true }, 'not-in-use': { enabled: true }, 'only-use': { enabled: false } },
  regions: { Use: { plugins: { 'not-in-use': { enabled: false }, 'only-use': { enabled: true } } } },
});

function pluginModule(id: string): PluginModule {
  return {
    default: definePlugin({
      id,
      routes: [{ path: id, parent: 'accountSetting', view }],
      menu: [{ id, path: id, labelKey: 'account:menu', order: 10 }],
      loginViews: [{ id: `${id}View`, view }],
    }),
  };
}

function countingCatalogue() {
  const loads = vi.fn((id: string) => Promise.resolve(pluginModule(id)));
  const catalogue: Catalogue = Object.fromEntries(['everywhere', 'not-in-use', 'only-use'].map((id) => [id, () => loads(id)]));
  return { catalogue, loads };
}

describe('servicesForRegion', () => {
  it("builds each region's registry from that region's plugins only", async () => {
    const { catalogue, loads } = countingCatalogue();
    const servicesFor = servicesForRegion(config, http, catalogue);

    const use = await servicesFor('Use');
    expect(use.region).toBe('Use');
    expect(use.registry.pluginIds).toEqual(['everywhere', 'only-use']);
    expect(use.registry.routes.map((r) => r.value.path)).toEqual(['everywhere', 'only-use']);
    expect(use.registry.menu.map((m) => m.value.id)).toEqual(['everywhere', 'only-use']);
    expect(use.registry.loginViews.map((v) => v.value.id)).toEqual(['everywhereView', 'only-useView']);
    // A plugin off in this region: its manifest was never asked for.
    expect(loads.mock.calls.map(([id]) => id)).not.toContain('not-in-use');

    const euw = await servicesFor('Euw');
    expect(euw.registry.pluginIds).toEqual(['everywhere', 'not-in-use']);
    expect(euw.registry.guardsFor('accountSetting').map((g) => g.id)).toContain('core/account/session');
    expect(euw.config).toBe(config);
    expect(euw.http).toBe(http);
  });

  it('builds a region once and hands out the same services afterwards', async () => {
    const { catalogue, loads } = countingCatalogue();
    const servicesFor = servicesForRegion(config, http, catalogue);
    const [a, b] = await Promise.all([servicesFor('Aps'), servicesFor('Aps')]);
    expect(a).toBe(b);
    expect(await servicesFor('Aps')).toBe(a);
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed build, so the next request tries again', async () => {
    const { catalogue } = countingCatalogue();
    let fail = true;
    const flaky: Catalogue = { ...catalogue, 'only-use': () => (fail ? Promise.reject(new Error('chunk failed')) : catalogue['only-use']!()) };
    const servicesFor = servicesForRegion(config, http, flaky);
    await expect(servicesFor('Use')).rejects.toThrow('chunk failed');
    fail = false;
    expect((await servicesFor('Use')).registry.pluginIds).toContain('only-use');
  });
});
