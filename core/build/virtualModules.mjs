// Build-time virtual modules shared by rollup (production), vite (Storybook) and vitest.
// - virtual:portal-config     the active deployment config (PORTAL_CONFIG, default config/default.json)
// - virtual:plugin-catalogue  plugin id -> lazy import, one entry per plugins/<id>/index.ts
// Adding a plugin is adding a folder: the core never names a plugin.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CONFIG_ID = 'virtual:portal-config';
const CATALOGUE_ID = 'virtual:plugin-catalogue';

export function activeConfigPath(root, env = process.env) {
  const chosen = env.PORTAL_CONFIG || 'config/default.json';
  return path.isAbsolute(chosen) ? chosen : path.join(root, chosen);
}

export function pluginIds(root) {
  const dir = path.join(root, 'plugins');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

export function portalVirtualModules({ root, configPath } = {}) {
  const resolvedConfig = configPath ?? activeConfigPath(root);
  return {
    name: 'portal-virtual-modules',
    resolveId(id) {
      if (id === CONFIG_ID || id === CATALOGUE_ID) return '\0' + id;
      return null;
    },
    load(id) {
      if (id === '\0' + CONFIG_ID) {
        this.addWatchFile?.(resolvedConfig);
        const json = JSON.parse(readFileSync(resolvedConfig, 'utf8'));
        delete json.$schema;
        return `export default ${JSON.stringify(json)};`;
      }
      if (id === '\0' + CATALOGUE_ID) {
        const entries = pluginIds(root).map((pluginId) => {
          const file = path.join(root, 'plugins', pluginId, 'index.ts').split(path.sep).join('/');
          return `  ${JSON.stringify(pluginId)}: () => import(${JSON.stringify(file)}),`;
        });
        return `export const catalogue = {\n${entries.join('\n')}\n};\n`;
      }
      return null;
    },
  };
}
