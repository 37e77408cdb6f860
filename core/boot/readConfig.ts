import { catalogue } from 'virtual:plugin-catalogue';
import bundled from 'virtual:portal-config';
import { baseThemes } from '../../themes/whiteLabel';
import { parseDeploymentConfig } from '../config/loadConfig';
import type { DeploymentConfig } from '../config/types';

/**
 * The active deployment config: one the server injected at serve time
 * (`<script type="application/json" id="portal-config">`), else the one chosen at build time.
 */
export function readDeploymentConfig(doc: Document = document): DeploymentConfig {
  const injected = doc.getElementById('portal-config');
  const raw: unknown = injected?.textContent ? JSON.parse(injected.textContent) : bundled;
  return parseDeploymentConfig(raw, { plugins: Object.keys(catalogue), themes: Object.keys(baseThemes) });
}
