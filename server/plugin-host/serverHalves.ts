/**
 * Plugins' server halves, found the way the build finds manifests: a plugin's folder (plugins/<id>/,
 * or an outside plugin's package, core/build/pluginSources.mjs) with a server/index.ts whose default
 * export is `defineServerPlugin({ id, … })`. No list in server/ names a feature. A half whose export
 * is not that, or whose id is not its folder's, stops the
 * start with a message naming the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { outsidePlugins, pluginDir, pluginIds, pluginLabel } from '../../core/build/pluginSources.mjs';
import { REPO_ROOT } from '../options';
import type { ServerPlugin } from '../plugin-api';
import type { PluginMigrations } from '../db/migrations';
import { registerPluginMails } from '../mail/texts';
import type { PointName, ServerExtensions, ServerPoints } from './points';

export class ServerHalfError extends Error {
  override readonly name = 'ServerHalfError';
}

/** <plugin folder>/server/index.ts of every plugin that has one. */
export function serverHalfFiles(root: string): Array<{ id: string; file: string }> {
  return pluginIds(root)
    .map((id) => ({ id, file: path.join(pluginDir(root, id), 'server', 'index.ts') }))
    .filter(({ file }) => fs.existsSync(file));
}

function isServerPlugin(value: unknown): value is ServerPlugin {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const migrations = v.migrations as Record<string, unknown> | undefined;
  const migrationsOk = migrations === undefined || (typeof migrations === 'object' && migrations !== null && Object.entries(migrations).every(([k, set]) => (k === 'regional' || k === 'global' || k === 'legacy') && typeof set === 'function'));
  const jobs = v.jobs as unknown[] | undefined;
  const jobsOk = jobs === undefined || (Array.isArray(jobs) && jobs.every((j) => typeof j === 'object' && j !== null && typeof (j as { name?: unknown }).name === 'string' && typeof (j as { run?: unknown }).run === 'function' && Number((j as { everyMs?: unknown }).everyMs) >= 1000));
  const mailsOk = v.mails === undefined || (Array.isArray(v.mails) && v.mails.every((m) => typeof m === 'string' && /^[a-zA-Z][a-zA-Z0-9]*$/.test(m)));
  return mailsOk && typeof v.id === 'string' && (v.routes === undefined || typeof v.routes === 'function') && (v.opsRoutes === undefined || typeof v.opsRoutes === 'function') && (v.operatorAssets === undefined || (Array.isArray(v.operatorAssets) && v.operatorAssets.every((n) => typeof n === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(n)))) && (v.setup === undefined || typeof v.setup === 'function') && migrationsOk && jobsOk;
}

/** The halves found by folder and those given in code, one per plugin id. */
export function allHalves(found: readonly ServerPlugin[], given: readonly ServerPlugin[] = []): ServerPlugin[] {
  const halves = [...found, ...given];
  const seen = new Set<string>();
  for (const half of halves) {
    if (seen.has(half.id)) throw new ServerHalfError(`two server halves claim the plugin id '${half.id}'`);
    seen.add(half.id);
  }
  return halves;
}

/** The halves' migrations, as the stores run them. */
export function pluginMigrationsOf(halves: readonly ServerPlugin[]): PluginMigrations[] {
  return halves.filter((h) => h.migrations).map((h) => ({ plugin: h.id, ...h.migrations }));
}

/**
 * Imports the server halves and checks what they export: every half of plugins/, and an outside
 * plugin's (an npm package's) only where `wanted` says a served config turns it on somewhere: a
 * dependency alone runs none of its code and makes none of its tables.
 */
export async function loadServerHalves(root: string, wanted: (id: string) => boolean = () => true): Promise<ServerPlugin[]> {
  const halves: ServerPlugin[] = [];
  const packages = new Set(outsidePlugins(root).map((s) => s.id));
  for (const { id, file } of serverHalfFiles(root)) {
    if (packages.has(id) && !wanted(id)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    const where = `${pluginLabel(root, id)}: server/index.ts`;
    if (!isServerPlugin(mod.default)) throw new ServerHalfError(`${where}: its default export must be defineServerPlugin({ id: '${id}', … })`);
    if (mod.default.id !== id) throw new ServerHalfError(`${where}: its id is '${mod.default.id}', but the plugin's is '${id}': use id '${id}'`);
    halves.push(mod.default);
  }
  return halves;
}

/** Runs each half's setup: its mails' texts read and checked, its contributions to the server's extension points, each under its plugin's switch. */
export function setUpServerHalves(halves: readonly ServerPlugin[], extensions: ServerExtensions, root = REPO_ROOT): void {
  const packages = new Map(outsidePlugins(root).map((s) => [s.id, s.dir]));
  for (const half of halves) {
    const outside = packages.get(half.id);
    if (half.mails) registerPluginMails(half.id, half.mails, outside ? { dir: outside } : undefined);
    half.setup?.({
      contribute<K extends PointName>(point: K, value: ServerPoints[K], options?: { plugin?: string }) {
        extensions.contribute(options?.plugin ?? half.id, point, value);
      },
    });
  }
}
