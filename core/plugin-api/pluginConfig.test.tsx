import { screen } from '@testing-library/react';
import { definePlugin, usePluginConfig } from '@portal/plugin-api';
import { object, pluginConfig, string } from '@portal/plugin-api/config';
import { cannedHttp, renderPortal, testRegistry } from '@portal/plugin-api/testing';

interface GreetConfig {
  greeting: string;
}
const configSchema = object({ greeting: string({ default: 'Hello' }) }, { noUnknown: true });
const greetConfig = pluginConfig<GreetConfig>('greet');
const greet = definePlugin<GreetConfig>({ id: 'greet', configSchema });

function Greeting() {
  const config = usePluginConfig(greetConfig);
  expectTypeOf(config).toEqualTypeOf<GreetConfig>();
  return <p>{config.greeting}</p>;
}

describe('usePluginConfig(handle)', () => {
  it("returns the plugin's validated settings, typed by its handle", async () => {
    const registry = await testRegistry([greet], { greet: { greeting: 'Hi there' } });
    renderPortal(<Greeting />, { registry, http: cannedHttp({}) });
    expect(screen.getByText('Hi there')).toBeInTheDocument();
  });

  it('fills in the schema defaults', async () => {
    const registry = await testRegistry([greet]);
    renderPortal(<Greeting />, { registry, http: cannedHttp({}) });
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });

  it('refuses a handle of a plugin that is not enabled', async () => {
    const registry = await testRegistry([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderPortal(<Greeting />, { registry, http: cannedHttp({}) })).toThrow("Plugin 'greet' is not enabled");
  });
});
