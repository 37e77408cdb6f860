// The architecture's import boundaries, checked on the module an import resolves to, not on its text:
// `../../locales/../core/x`, a dynamic `import('../../core/x')` and `virtual:plugin-catalogue` are
// judged by where they lead. An ESLint rule (eslint.config.mjs: `portal/import-boundaries`).
//
// - a plugin's browser half (plugins/<id>/…) reaches its own folder (not its server half), the
//   locales, npm packages and @portal/plugin-api's entries;
// - a plugin's server half (plugins/<id>/server/…) reaches its own server folder, its plugin's
//   contract.ts (the request and result types both halves share), npm packages, @portal/server-api
//   and @portal/plugin-api/contract;
// - the core never reaches a plugin.
// An import whose target cannot be known before it runs (`import(name)`) is refused in plugins.
import path from 'node:path';
import { pluginOfFile } from './pluginSources.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/**
 * Where a file lives: its zone and, in a plugin, the plugin's id and folder (plugins/<id>/, or an
 * outside plugin's package folder, which reaches only itself: the portal's locales are not in its package).
 */
export function zoneOf(file, root = ROOT) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'core') return { zone: 'core' };
  if (rel[0] === 'plugins' && rel.length > 2) return { zone: rel[2] === 'server' ? 'plugin-server' : 'plugin', plugin: rel[1], dir: path.join(root, 'plugins', rel[1]), outside: false };
  const source = pluginOfFile(root, file);
  if (source && source.origin === 'package') {
    const inner = path.relative(source.dir, file).split(path.sep);
    return { zone: inner[0] === 'server' && inner.length > 1 ? 'plugin-server' : 'plugin', plugin: source.id, dir: source.dir, outside: true };
  }
  return { zone: 'other' };
}

const inside = (target, dir) => target === dir || target.startsWith(dir + path.sep);
/** The plugin's own contract module, as an import names it (with or without its extension). */
const isOwnContract = (target, own) => [path.join(own, 'contract'), path.join(own, 'contract.ts')].includes(target);

const PUBLIC = {
  plugin:
    "A plugin reaches only its own folder, the locales, npm packages and @portal/plugin-api (or its /config, /testing, /modal or /contract entry): use the plugin API's export, link to another plugin's page by path, or use an extension point.",
  'plugin-server':
    "A plugin's server half reaches only its own server folder, npm packages, @portal/server-api and @portal/plugin-api/contract: the server's capabilities come from @portal/server-api.",
  outside:
    "An outside plugin (an npm package) reaches only its own package's folder, npm packages and @portal/plugin-api (or its /config, /testing, /modal or /contract entry): the portal's files are not in its package.",
  core: 'The core never imports a plugin: plugins are found by folder (virtual:plugin-catalogue) and contribute through the registry.',
};

/**
 * Why `source`, imported from `file`, crosses a boundary; null when it may. `root` is the
 * repository's folder (tests give a scratch one).
 */
export function boundaryProblem(file, source, root = ROOT) {
  const { zone, plugin, dir, outside } = zoneOf(file, root);
  if (zone === 'other') return null;
  if (!source.startsWith('.') && !path.isAbsolute(source)) {
    if (zone !== 'core' && source.startsWith('virtual:')) return `'${source}' is one of the build's virtual modules, which belong to the core. ${PUBLIC[zone]}`;
    return null; // npm packages and @portal/* entries: the import rules name which entries each zone may use
  }
  const target = path.resolve(path.dirname(file), source);
  const plugins = path.join(root, 'plugins');
  if (zone === 'core') return inside(target, plugins) ? `'${source}' leads into plugins/. ${PUBLIC.core}` : null;
  const own = dir;
  const ownServer = path.join(own, 'server');
  const where = outside ? `plugin '${plugin}'` : `plugins/${plugin}`;
  // The two halves share one file of request and result types: plugins/<id>/contract.ts (pure, like the core's contract).
  if (zone === 'plugin-server') return inside(target, ownServer) || isOwnContract(target, own) ? null : `'${source}' leads to ${path.relative(root, target) || '.'}, outside ${where}/server/. ${PUBLIC['plugin-server']}`;
  if (inside(target, ownServer)) return `'${source}' leads into this plugin's server half, which never runs in the browser. ${PUBLIC.plugin}`;
  if (inside(target, own) || (!outside && inside(target, path.join(root, 'locales')))) return null;
  return `'${source}' leads to ${path.relative(root, target) || '.'}. ${outside ? PUBLIC.outside : PUBLIC.plugin}`;
}

/** The literal text of an import's source, or null when it is computed at run time. */
function literalSource(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports stay inside the architecture, judged by the module they resolve to' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const { zone } = zoneOf(file);
    if (zone === 'other') return {};
    const check = (node, sourceNode) => {
      if (!sourceNode) return;
      const source = literalSource(sourceNode);
      if (source === null) {
        if (zone !== 'core') context.report({ node, message: `An import whose target is computed at run time cannot be checked. ${PUBLIC[zone]}` });
        return;
      }
      const problem = boundaryProblem(file, source);
      if (problem) context.report({ node, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const importBoundaries = { rules: { 'import-boundaries': rule } };
