import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PortalContext, type PortalServices } from '../app/context';
import { PortalTheme } from '../app/PortalTheme';
import { parseDeploymentConfig } from '../config/loadConfig';
import type { HttpClient } from '../http/client';
import { CORE_POINTS } from '../registry/corePoints';
import { buildRegistry, Registry } from '../registry/registry';
import type { PluginManifest } from '../registry/types';
import { CORE_GUARDS } from '../router/coreGuards';
import { appStore } from '../session/session';
import { defaultTheme } from '../../themes/default.theme';
import { createTestI18n, type TestLanguage } from './testI18n';

/** A deployment config for tests: three regions, no plugin settings (a test registry names its plugins). */
export const testDeployment = parseDeploymentConfig({
  name: 'test',
  api: { global: '/api', regions: { Use: '/api/region/use', Aps: '/api/region/aps', Euw: '/api/region/euw' } },
  officialHosts: ['localhost:3000', 'localhost'],
  plugins: {},
});

/** A registry built the way boot() builds it, from the given manifests. */
export async function testRegistry(manifests: PluginManifest[], configs: Record<string, Record<string, unknown>> = {}): Promise<Registry> {
  const registry = new Registry();
  for (const point of CORE_POINTS) registry.declareCorePoint(point);
  CORE_GUARDS.forEach(registry.apiFor('core').addGuard);
  const switches = Object.fromEntries(manifests.map((m) => [m.id, { enabled: true, config: configs[m.id] ?? {} }]));
  return buildRegistry(manifests, switches, testDeployment, registry);
}

/** Render inside the real providers (app store, router on a memory location, portal services), in English unless `language` says. */
export function renderPortal(ui: ReactNode, options: { registry: Registry; http: HttpClient; path?: string; config?: Partial<typeof testDeployment>; language?: TestLanguage }) {
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const services: PortalServices = { config: { ...testDeployment, ...options.config }, registry: options.registry, http: options.http, region: 'Euw' };
  const result = render(
    <JotaiProvider store={appStore}>
      <I18nextProvider i18n={createTestI18n(options.language)}>
        <PortalTheme deployment={defaultTheme}>
          <PortalContext.Provider value={services}>
            <Router hook={location.hook} searchHook={location.searchHook}>{ui}</Router>
          </PortalContext.Provider>
        </PortalTheme>
      </I18nextProvider>
    </JotaiProvider>,
  );
  return { ...result, location };
}
