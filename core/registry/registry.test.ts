import { describe, expect, it, vi } from 'vitest';
import { parseDeploymentConfig } from '../config/loadConfig';
import { dispatchError } from '../errors/dispatch';
import { ApiError } from '../http/ApiError';
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
      menu: [{ id: 'demo', path: 'demo', labelKey: 'account:menu', order: 5 }],
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

  it('refuses two plugins handling one error code without priorities, naming both', async () => {
    const a = definePlugin({ id: 'first', errorHandlers: { [-19999]: () => true } });
    const b = definePlugin({ id: 'second', errorHandlers: { [-19999]: () => true } });
    await expect(buildRegistry([a, b], {}, deployment)).rejects.toThrow(
      "Error code -19999 is handled by both 'first' and 'second'; give each handler a priority (the higher runs first)",
    );
    // One priority is not enough: the other plugin's place would still be config order.
    const c = definePlugin({ id: 'third', errorHandlers: { [-19999]: { handle: () => true, priority: 10 } } });
    await expect(buildRegistry([a, c], {}, deployment)).rejects.toThrow(/handled by both 'first' and 'third'/);
    await expect(buildRegistry([c, a], {}, deployment)).rejects.toThrow(/handled by both 'third' and 'first'/);
    // Equal priorities decide nothing either; the same holds for handlers added in register().
    const d = definePlugin({ id: 'fourth', register: (ctx) => ctx.addErrorHandler(-19999, () => true, { priority: 10 }) });
    await expect(buildRegistry([c, d], {}, deployment)).rejects.toThrow(
      "Error code -19999 is handled by both 'third' and 'fourth', both with priority 10; give them different priorities",
    );
    const twice = definePlugin({ id: 'twice', errorHandlers: { [-5]: () => true }, register: (ctx) => ctx.addErrorHandler(-5, () => true) });
    await expect(buildRegistry([twice], {}, deployment)).rejects.toThrow("Error code -5 is handled twice by 'twice'");
  });

  it('runs the handlers of one code by priority, highest first, whatever the config order', async () => {
    const calls: string[] = [];
    const handler = (id: string, handles: boolean) => () => {
      calls.push(id);
      return handles;
    };
    const low = definePlugin({ id: 'low', errorHandlers: { [-19999]: { handle: handler('low', true), priority: 1 } } });
    const high = definePlugin({ id: 'high', register: (ctx) => ctx.addErrorHandler(-19999, handler('high', false), { priority: 50 }) });
    const alone = definePlugin({ id: 'alone', errorHandlers: { [-3]: handler('alone', true) } });
    for (const order of [[low, high, alone], [alone, high, low]]) {
      const registry = await buildRegistry(order, {}, deployment);
      expect(registry.errorHandlers(-19999).map((h) => h.pluginId)).toEqual(['high', 'low']);
      expect(registry.errorHandlers(-3).map((h) => h.pluginId)).toEqual(['alone']);
    }
    // Through the dispatch: 'high' passes (false), so 'low' handles it.
    const registry = await buildRegistry([low, high], {}, deployment);
    const ctx = { navigate: vi.fn(), toast: vi.fn(), t: (k: string) => k, message: 'm' };
    const outcome = dispatchError(new ApiError(-19999, undefined, 200), {
      pluginHandlers: (code) => registry.errorHandlers(code),
      context: () => ctx,
      sessionEnded: () => false,
    });
    expect(outcome).toBe('plugin');
    expect(calls).toEqual(['high', 'low']);
    expect(ctx.toast).not.toHaveBeenCalled();
  });

  it('is frozen after start-up', async () => {
    const registry = await buildRegistry([], {}, deployment, new Registry());
    expect(() => registry.apiFor('late').addMenuEntry({ id: 'x', path: 'x', labelKey: 'account:menu', order: 1 })).toThrow(/after start-up/);
  });

  it('rejects versionless extension point ids', () => {
    expect(() => defineExtensionPoint('widgets')).toThrow(/area\/name\/v1/);
  });
});
