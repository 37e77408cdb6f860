import { catalogue } from 'virtual:plugin-catalogue';
import type { PortalServices } from '../app/context';
import { enabledPluginIds, pluginsForRegion } from '../config/loadConfig';
import { isRegionCode } from '../contract/regions';
import { HttpClient } from '../http/client';
import { detectLanguage, initI18n } from '../i18n/i18n';
import { CORE_POINTS } from '../registry/corePoints';
import { buildRegistry, Registry } from '../registry/registry';
import { CORE_GUARDS } from '../router/coreGuards';
import { createSessionPort, followOtherTabs } from '../session/session';
import { storage } from '../session/storage';
import { composeTheme } from '../../themes/whiteLabel';
import type { ThemeTokens } from '../../themes/tokens';
import { loadManifests, type Catalogue } from './loadPlugins';
import { readDeploymentConfig } from './readConfig';

export interface Booted {
  services: PortalServices;
  theme: ThemeTokens;
}

/**
 * Start-up: config, region, the enabled plugins' manifests (nothing else), both
 * registry phases, then i18n with the core namespace. Plugin namespaces load when a
 * view first asks for them.
 */
export async function boot(options: { catalogue?: Catalogue } = {}): Promise<Booted> {
  const config = readDeploymentConfig();
  const stored = storage.get('region');
  const region = isRegionCode(stored) ? stored : config.api.defaultRegion;
  const switches = pluginsForRegion(config, region);
  const ids = enabledPluginIds(config, region);

  const registry = new Registry();
  for (const point of CORE_POINTS) registry.declareCorePoint(point);
  const core = registry.apiFor('core');
  CORE_GUARDS.forEach(core.addGuard);

  let http: HttpClient | undefined;
  const session = createSessionPort(() => http!);
  http = new HttpClient({ config: () => config, session });
  followOtherTabs();

  const language = detectLanguage(window.location.search, config.defaultLanguage);
  // A language asked for in the link is a choice: remember it (it survives sign-out).
  if (new URLSearchParams(window.location.search).get('lang') === language) storage.set('lang', language);
  const [manifests] = await Promise.all([
    loadManifests(ids, options.catalogue ?? catalogue),
    initI18n(language, ['core']),
  ]);
  await buildRegistry(manifests, switches, config, registry);

  return {
    services: { config, registry, http, region },
    theme: composeTheme(config.theme.name, config.theme.overrides),
  };
}
