import { catalogue, groups } from 'virtual:plugin-catalogue';
import type { PortalServices } from '../app/context';
import { isRegionCode } from '../contract/regions';
import { HttpClient } from '../http/client';
import { detectLanguage, initI18n } from '../i18n/i18n';
import { createSessionPort, followOtherTabs } from '../session/session';
import { storage } from '../session/storage';
import { composeTheme } from '../../themes/whiteLabel';
import type { ThemeTokens } from '../../themes/tokens';
import type { Catalogue, CatalogueGroup } from './loadPlugins';
import { readDeploymentConfig } from './readConfig';
import { servicesForRegion, type ServicesFor } from './servicesForRegion';

export interface Booted {
  services: PortalServices;
  /** The services of another region (cached), for when the account's region becomes known. */
  servicesFor: ServicesFor;
  theme: ThemeTokens;
}

/**
 * Start-up: config, region, the enabled plugins' manifests (nothing else), both
 * registry phases, then i18n with the core namespace. Plugin namespaces load when a
 * view first asks for them.
 */
export async function boot(options: { catalogue?: Catalogue; groups?: readonly CatalogueGroup[] } = {}): Promise<Booted> {
  const config = readDeploymentConfig();
  const stored = storage.get('region');
  const region = isRegionCode(stored) ? stored : config.api.defaultRegion;

  // The session port calls back into the client (a refresh is a request), so it reads `http` lazily.
  const http: HttpClient = new HttpClient({ config: () => config, session: createSessionPort(() => http) });
  followOtherTabs();

  const language = detectLanguage(window.location.search, config.defaultLanguage);
  // A language asked for in the link is a choice: remember it (it survives sign-out).
  if (new URLSearchParams(window.location.search).get('lang') === language) storage.set('lang', language);
  const servicesFor = servicesForRegion(config, http, options.catalogue ?? catalogue, options.groups ?? (options.catalogue ? [] : groups));
  const [services] = await Promise.all([servicesFor(region), initI18n(language, ['core'])]);

  return {
    services,
    servicesFor,
    theme: composeTheme(config.theme.name, config.theme.overrides),
  };
}
