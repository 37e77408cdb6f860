import { describe, expect, it, vi } from 'vitest';
import { parseDeploymentConfig } from '../config/loadConfig';
import { boolean, object, string } from '../config/shape';
import { registeredNamespaces } from '../i18n/namespaces';
import { definePlugin } from './definePlugin';
import { defineExtensionPoint } from './extensionPoints';
import { buildRegistry, PluginConfigError, Registry } from './registry';

const deployment = parseDeploymentConfig({ name: 't', api: { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } }, plugins: {} });
const view = () => Promise.resolve({ default: () => null });
const WIDGETS = defineExtensionPoint<{ label: string }>('test/widgets/v1');

describe('definePlugin', () => {
  it('rejects ids that are not kebab-case', () => {
    expect(() => definePlugin({ id: 'Bad_Id' })).toThrow(/kebab-case/);
  });
});

describe('buildRegistry', () => {
  it('collects every contribution kind, tagged with its plugin', async () => {
    const handler = vi.fn(() => true);
    const plugin = definePlugin({
      id: 'demo',
      routes: [{ path: 'demo', parent: 'accountSetting', view }],
      menu: [{ id: 'demo', path: 'demo', labelKey: 'demo:menu', order: 5 }],
      loginViews: [{ id: 'demoView', view }],
      errorHandlers: { [-40005]: handler },
      guards: [{ id: 'g', route: 'login', order: 50, run: () => ({ kind: 'next' }) }],
      locales: { 'demo-ns': async () => ({ default: { a: 'b' } }) },
    });
    const registry = await buildRegistry([plugin], { demo: { enabled: true } }, deployment);
    expect(registry.routes).toEqual([{ pluginId: 'demo', value: expect.objectContaining({ path: 'demo' }) }]);
    expect(registry.menu[0]!.pluginId).toBe('demo');
    expect(registry.loginViews[0]!.value.id).toBe('demoView');
    expect(registry.errorHandlers(-40005)[0]!.value).toBe(handler);
    expect(registry.guardsFor('login').map((g) => g.id)).toEqual(['g']);
    expect(registeredNamespaces()).toContain('demo-ns');
    expect(registry.pluginIds).toEqual(['demo']);
  });

  it('validates each plugin config against its schema and names plugin and field', async () => {
    const plugin = definePlugin<{ url: string; verbose: boolean }>({
      id: 'strict',
      configSchema: object({ url: string(), verbose: boolean({ default: false }) }, { noUnknown: true }),
    });
    await expect(buildRegistry([plugin], { strict: { enabled: true, config: {} } }, deployment)).rejects.toThrow(
      new PluginConfigError("Plugin 'strict': config field 'url': is required"),
    );
    await expect(buildRegistry([plugin], { strict: { enabled: true, config: { url: 'x', colour: 'red' } } }, deployment)).rejects.toThrow(
      new PluginConfigError("Plugin 'strict': config field 'colour': is not a known field; expected one of: url, verbose"),
    );
    await expect(buildRegistry([plugin], { strict: { enabled: true, config: { url: 'x', verbsoe: true } } }, deployment)).rejects.toThrow(
      new PluginConfigError("Plugin 'strict': config field 'verbsoe': is not a known field; did you mean 'verbose'?"),
    );
    const ok = await buildRegistry([plugin], { strict: { enabled: true, config: { url: 'x' } } }, deployment);
    expect(ok.pluginConfigs.get('strict')).toEqual({ url: 'x', verbose: false });
  });

  it('refuses settings for a plugin that takes none', async () => {
    const plain = definePlugin({ id: 'plain' });
    await expect(buildRegistry([plain], { plain: { enabled: true, config: { colour: 'red' } } }, deployment)).rejects.toThrow(
      new PluginConfigError("Plugin 'plain' takes no settings, but its config names colour"),
    );
    await expect(buildRegistry([plain], { plain: { enabled: true, config: {} } }, deployment)).resolves.toBeDefined();
  });

  it('runs every register() before any bootstrap(), so points declared late still work', async () => {
    const order: string[] = [];
    const consumer = definePlugin({
      id: 'consumer',
      register(ctx) {
        order.push('register consumer');
        ctx.contribute(WIDGETS, { label: 'from consumer' });
      },
      bootstrap(ctx) {
        order.push('bootstrap consumer');
        expect(ctx.getContributions(WIDGETS).map((w) => w.label)).toEqual(['from consumer', 'from producer']);
      },
    });
    const producer = definePlugin({
      id: 'producer',
      register(ctx) {
        order.push('register producer');
        ctx.declareExtensionPoint(WIDGETS);
        ctx.contribute(WIDGETS, { label: 'from producer' });
      },
      bootstrap() {
        order.push('bootstrap producer');
      },
    });
    await buildRegistry([consumer, producer], {}, deployment);
    expect(order).toEqual(['register consumer', 'register producer', 'bootstrap consumer', 'bootstrap producer']);
  });

  it('fails loudly on contributions to an undeclared point and on asking for one', async () => {
    const orphan = definePlugin({ id: 'orphan', register: (ctx) => ctx.contribute(WIDGETS, { label: 'x' }) });
    await expect(buildRegistry([orphan], {}, deployment)).rejects.toThrow(/'test\/widgets\/v1', which no enabled plugin declares/);
    const asker = definePlugin({ id: 'asker', bootstrap: (ctx) => void ctx.getContributions(WIDGETS) });
    await expect(buildRegistry([asker], {}, deployment)).rejects.toThrow(/never declared/);
  });

  it('refuses two plugins claiming the same route or login view', async () => {
    const a = definePlugin({ id: 'a', routes: [{ path: '/token', view }] });
    const b = definePlugin({ id: 'b', routes: [{ path: '/token', view }] });
    await expect(buildRegistry([a, b], {}, deployment)).rejects.toThrow(/contributed by both 'a' and 'b'/);
  });

  it('is frozen after start-up', async () => {
    const registry = await buildRegistry([], {}, deployment, new Registry());
    expect(() => registry.apiFor('late').addMenuEntry({ id: 'x', path: 'x', labelKey: 'x', order: 1 })).toThrow(/after start-up/);
  });

  it('rejects versionless extension point ids', () => {
    expect(() => defineExtensionPoint('widgets')).toThrow(/area\/name\/v1/);
  });
});
