import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../config/loadConfig';
import { collectRegistry, CollectingRegistry } from './collect';
import { definePlugin } from './definePlugin';
import { defineExtensionPoint } from './extensionPoints';
import { buildRegistry } from './registry';

const deployment = parseDeploymentConfig({ name: 't', api: { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } }, plugins: {} });
const view = () => Promise.resolve({ default: () => null });
const WIDGETS = defineExtensionPoint<{ label: string }>('test/collect-widgets/v1');
const GADGETS = defineExtensionPoint<{ label: string }>('test/collect-gadgets/v1');

describe('collectRegistry', () => {
  it('names every problem the browser stops at, with its messages, and keeps the rest', async () => {
    const help = definePlugin({ id: 'help', routes: [{ path: 'help', parent: 'accountSetting', view }], errorHandlers: { [-19999]: () => true } });
    const faq = definePlugin({
      id: 'faq',
      routes: [
        { path: 'help', parent: 'accountSetting', view },
        { path: 'faq', parent: 'accountSetting', view },
      ],
      loginViews: [{ id: 'faqView', view }],
      errorHandlers: { [-19999]: () => true },
      register(ctx) {
        ctx.contribute(WIDGETS, { label: 'w' });
        ctx.contribute(GADGETS, { label: 'g' });
        ctx.declareExtensionPoint(defineExtensionPoint('test/collect-twice/v1'));
      },
    });
    const twin = definePlugin({ id: 'twin', loginViews: [{ id: 'faqView', view }], register: (ctx) => ctx.declareExtensionPoint(defineExtensionPoint('test/collect-twice/v1')) });
    const asker = definePlugin({ id: 'asker', bootstrap: (ctx) => void ctx.getContributions(defineExtensionPoint('test/collect-nobody/v1')) });

    // The browser stops at the first.
    await expect(buildRegistry([help, faq, twin, asker], {}, deployment)).rejects.toThrow("Route 'help' is contributed by both 'help' and 'faq'");

    const registry = await collectRegistry([help, faq, twin, asker], {}, deployment);
    expect(registry.problems).toEqual([
      "Route 'help' is contributed by both 'help' and 'faq'",
      "Error code -19999 is handled by both 'help' and 'faq'; give each handler a priority (the higher runs first)",
      "Login view 'faqView' is contributed by both 'faq' and 'twin'",
      "Extension point 'test/collect-twice/v1' is declared by both 'faq' and 'twin'",
      "Plugin(s) faq contributed to extension point 'test/collect-widgets/v1', which no enabled plugin declares",
      "Plugin(s) faq contributed to extension point 'test/collect-gadgets/v1', which no enabled plugin declares",
      "Plugin 'asker' failed in bootstrap(): Extension point 'test/collect-nobody/v1' was never declared",
    ]);
    // What passed its checks is there, as in the browser; the refused contribution is not.
    expect(registry.routes.map((r) => `${r.pluginId}:${r.value.path}`)).toEqual(['help:help', 'faq:faq']);
    expect(registry.errorHandlers(-19999).map((h) => h.pluginId)).toEqual(['help']);
    expect(registry.pluginIds).toEqual(['help', 'faq', 'twin', 'asker']);
  });

  it('names a contribution made after start-up, and a plugin whose register() throws', async () => {
    const late = definePlugin({
      id: 'late',
      register(ctx) {
        setTimeout(() => ctx.addMenuEntry({ id: 'x', path: 'x', labelKey: 'account:menu', order: 1 }), 0);
      },
    });
    const broken = definePlugin({
      id: 'broken',
      register() {
        throw new TypeError('window is not defined');
      },
    });
    const registry = await collectRegistry([late, broken], {}, deployment, new CollectingRegistry());
    expect(registry.problems).toEqual(["Plugin 'broken' failed in register(): window is not defined"]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(registry.problems).toContain("Plugin 'late' contributed after start-up; contribute in register()");
    expect(registry.menu).toEqual([]);
  });

  it('names a plugin whose register() never finishes, where the browser would wait for ever', async () => {
    const stuck = definePlugin({ id: 'stuck', register: () => new Promise<void>(() => {}) });
    const after = definePlugin({ id: 'after', routes: [{ path: '/after', view }] });
    const registry = await collectRegistry([stuck, after], {}, deployment, new CollectingRegistry(), { phaseTimeoutMs: 20 });
    expect(registry.problems).toEqual(["Plugin 'stuck' register() did not finish within 0.02 s"]);
    expect(registry.routes.map((r) => r.pluginId)).toEqual(['after']);
  });

  it('has nothing to say about plugins that fit together', async () => {
    const producer = definePlugin({ id: 'producer', register: (ctx) => ctx.declareExtensionPoint(WIDGETS) });
    const consumer = definePlugin({
      id: 'consumer',
      errorHandlers: { [-5]: { handle: () => true, priority: 1 } },
      register: (ctx) => {
        ctx.contribute(WIDGETS, { label: 'x' });
        ctx.addErrorHandler(-5, () => true, { priority: 2 });
      },
    });
    const registry = await collectRegistry([consumer, producer], {}, deployment);
    expect(registry.problems).toEqual([]);
    expect(registry.getContributions(WIDGETS)).toEqual([{ label: 'x' }]);
  });
});
