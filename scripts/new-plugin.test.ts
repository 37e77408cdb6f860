// `npm run new:plugin` writes a plugin that passes the checks the project makes of every plugin.
// Each kind is scaffolded into a temporary copy of the repository (core, plugins, server, themes,
// locales, configs, the test setup and the scripts the checks run; node_modules linked), then
// type-checked, linted and unit-tested there, together with the locales test, which refuses English
// copies. A plugin with a server half (--server) runs `npm run test:plugin`, its server test against
// a real server included, and `npm run config:check` there, as its "Next:" lines say.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '../core/i18n/languages';
import { PHRASES } from './newPlugin/phrases';
import { scaffoldPlugin } from './newPlugin/scaffold';
import type { PluginKind } from './newPlugin/templates';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** `cli`: made by the command itself, as `npm run new:plugin <id> [flags]` runs it. */
const KINDS: { id: string; kind: PluginKind; code?: number; server?: boolean; cli?: string[] }[] = [
  { id: 'probe-page', kind: 'account-page', cli: [] },
  { id: 'probe-view', kind: 'login-view' },
  { id: 'probe-step', kind: 'step', code: -19876 },
  { id: 'probe-server', kind: 'account-page', server: true, cli: ['--server'] },
  { id: 'probe-view-server', kind: 'login-view', server: true },
];
/** The plugin whose tests run through `npm run test:plugin` (its view's and its server half's). */
const SERVER_PROBE = 'probe-server';

let temp = '';
let written: string[] = [];
/** What `npm run new:plugin probe-server --server` printed. */
let serverCli = '';

/**
 * A copy of the repository for the scaffold to write into, so the new plugins are checked with the
 * others (config:check and the server need them) without touching this one; the checks name only the new ones.
 */
function copyRepository(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'new-plugin-'));
  const parts = ['core', 'plugins', 'server', 'themes', 'locales', 'config', 'tests/setup', 'tests/vitest.config.ts', 'tsconfig.json', 'eslint.config.mjs', 'package.json'];
  // config:check builds every config's registry offline with its helper scripts (scripts/offline*).
  const scripts = ['scripts/test-plugin.mjs', 'scripts/config-check.ts', 'scripts/offlineRegistry.ts', 'scripts/offlinePortal.mjs', 'scripts/offlinePortal.d.mts', 'scripts/offlineRegistryProcess.mjs'];
  for (const part of [...parts, ...scripts]) {
    // Whatever a server run left behind in this checkout (its data folder) is not the repository's.
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true, filter: (from) => !from.startsWith(path.join(ROOT, 'server/data')) });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Runs a node script in the copy: whether it passed, and everything it printed (colours taken out). */
function exec(args: string[], env: Record<string, string> = {}): { ok: boolean; output: string } {
  try {
    const output = execFileSync(process.execPath, args, { cwd: temp, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, FORCE_COLOR: '0', ...env } });
    return { ok: true, output: stripVTControlCharacters(output) };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: stripVTControlCharacters(`${e.stdout ?? ''}${e.stderr ?? ''}`) || String(error) };
  }
}

/** A command's output when it fails, '' when it passes; `stdout: true` returns a passing command's output. */
function run(args: string[], { stdout = false, env = {} }: { stdout?: boolean; env?: Record<string, string> } = {}): string {
  const { ok, output } = exec(args, env);
  return ok && !stdout ? '' : output;
}

const newPlugin = (args: string[], env: Record<string, string> = {}) => exec([path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/new-plugin.ts'), ...args, '--root', temp], env);

beforeAll(async () => {
  temp = copyRepository();
  for (const { id, kind, code, server, cli } of KINDS) {
    if (cli) {
      const { ok, output } = newPlugin([id, ...cli, '--config', 'minimal']);
      if (!ok) throw new Error(output);
      written.push(...[...output.matchAll(/^wrote (\S+)$/gm)].map((m) => m[1]!));
      if (server) serverCli = output;
    } else {
      written.push(...(await scaffoldPlugin({ root: temp, id, kind, config: 'minimal', code, server })));
    }
  }
  written = [...new Set(written)];
}, 60_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('npm run new:plugin', () => {
  it('refuses two kinds at once, naming its usage', () => {
    const { output } = newPlugin(['probe-x', '--login-view', '--step']);
    expect(output).toContain('choose one of --login-view, --step');
    expect(output).toContain('usage: npm run new:plugin');
  });

  it('reads the flags npm keeps for itself (`npm run new:plugin <id> --login-view` without `--`)', () => {
    const env = { npm_lifecycle_event: 'new:plugin', npm_config_login_view: 'true', npm_config_step: 'true', npm_config_server: 'true' };
    const { output } = newPlugin(['probe-x'], env);
    expect(output).toContain('choose one of --login-view, --step');
  });

  it('has its phrases in every language', () => {
    expect(Object.keys(PHRASES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('writes a manifest, a view, its test and story, and a locale file per language, for each kind', () => {
    for (const { id } of KINDS) {
      const files = written.filter((f) => f.startsWith(`plugins/${id}/`)).map((f) => f.slice(`plugins/${id}/`.length));
      expect(files.filter((f) => f === 'index.ts' || /^\w+\.(test|stories)\.tsx$/.test(f) || /^\w+\.tsx$/.test(f))).toHaveLength(4);
      for (const lang of LANGUAGE_CODES) expect(written).toContain(`locales/${lang}/${id}.json`);
    }
  });

  it("with --server, writes the server half and the browser half's side of its call, and nothing of it without", () => {
    const serverFiles = ['contract.ts', 'api.ts', 'server/index.ts', 'server/routes.ts', 'server/routes.test.ts'];
    for (const { id, server } of KINDS) {
      for (const file of serverFiles) expect(written.includes(`plugins/${id}/${file}`), `${id}: ${file}`).toBe(server === true);
    }
    expect(readFileSync(path.join(temp, `plugins/${SERVER_PROBE}/server/index.ts`), 'utf8')).toContain(`defineServerPlugin({\n  id: '${SERVER_PROBE}',`);
    expect(readFileSync(path.join(temp, `plugins/${SERVER_PROBE}/ProbeServerPage.tsx`), 'utf8')).toContain('probeServerApi(http).hello()');
  });

  it('with --server, names every command to run next, and how to see the plugin', () => {
    const next = serverCli.slice(serverCli.indexOf('\nNext:\n'));
    const commands = [
      'npm run typecheck',
      `npx eslint plugins/${SERVER_PROBE}`,
      `npm run test:plugin ${SERVER_PROBE}`,
      'npm run i18n:check',
      'npm run config:check',
      'PORTAL_CONFIG=config/minimal.json npm start',
    ];
    for (const command of commands) expect(next).toMatch(new RegExp(`^  ${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`, 'm'));
    expect(next).toContain(`http://localhost:8080/accountSetting/${SERVER_PROBE}`);
    expect(next).toContain(`plugins/${SERVER_PROBE}/server/routes.ts answers GET /api/${SERVER_PROBE}/hello`);
    // Each `npm run` it names is a script of package.json.
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [, script] of next.matchAll(/npm run ([\w:-]+)/g)) expect(Object.keys(scripts)).toContain(script);
  });

  it('enables the plugins in the named config and names them in the config schema', () => {
    const config = JSON.parse(readFileSync(path.join(temp, 'config/minimal.json'), 'utf8')) as { plugins: Record<string, unknown> };
    const schema = readFileSync(path.join(temp, 'config/schema.json'), 'utf8');
    for (const { id } of KINDS) {
      expect(config.plugins[id]).toEqual({ enabled: true });
      expect(schema).toContain(`"${id}"`);
    }
  });

  it('refuses an id that is taken or not kebab-case', async () => {
    await expect(scaffoldPlugin({ root: temp, id: 'probe-page', kind: 'account-page', config: 'minimal' })).rejects.toThrow(/exists already/);
    await expect(scaffoldPlugin({ root: temp, id: 'Probe_Page', kind: 'account-page', config: 'minimal' })).rejects.toThrow(/not a plugin id/);
    await expect(scaffoldPlugin({ root: temp, id: 'probe-other', kind: 'account-page', config: 'nope' })).rejects.toThrow(/No deployment config/);
  });

  it('type-checks', () => {
    const ambient = ['core/build/virtual.d.ts', 'core/build/vite-env.d.ts', 'themes/emotion.d.ts'];
    const probes = KINDS.map(({ id }) => `plugins/${id}/**/*`);
    writeFileSync(path.join(temp, 'tsconfig.probe.json'), JSON.stringify({ extends: './tsconfig.json', include: [...probes, ...ambient] }));
    expect(run([path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.probe.json'])).toBe('');
  }, 240_000);

  it('obeys the lint rules and boundaries of a plugin', async () => {
    const eslint = new ESLint({ cwd: temp });
    const results = await eslint.lintFiles(KINDS.map(({ id }) => `plugins/${id}`));
    expect(results.flatMap((r) => r.messages.map((m) => `${path.relative(temp, r.filePath)}:${m.line} ${m.ruleId}: ${m.message}`))).toEqual([]);
    // A server half's test may import the server's harness (eslint.config.mjs), and nothing else of the server.
    const probe = async (file: string, from: string) => (await eslint.lintText(`export * from '${from}';\n`, { filePath: path.join(temp, file) }))[0]!.messages.map((m) => m.ruleId);
    expect(await probe(`plugins/${SERVER_PROBE}/server/other.test.ts`, '../../../server/test/harness')).toEqual([]);
    expect(await probe(`plugins/${SERVER_PROBE}/server/other.test.ts`, '../../../server/options')).toContain('no-restricted-imports');
    expect(await probe(`plugins/${SERVER_PROBE}/server/other.ts`, '../../../server/test/harness')).toContain('no-restricted-imports');
  }, 120_000);

  it("passes its unit tests and the locales test (no English copies, every language's keys)", () => {
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
    const ids = KINDS.filter(({ id }) => id !== SERVER_PROBE).map(({ id }) => `plugins/${id}/`);
    const output = run([vitest, 'run', '-c', 'tests/vitest.config.ts', '--project', 'web', ...ids, 'core/i18n/locales.test.ts']);
    expect(output).toBe('');
  }, 240_000);

  it('with --server, passes `npm run test:plugin <id>`: its view\'s tests and its server half\'s, against a real server', () => {
    const { ok, output } = exec(['scripts/test-plugin.mjs', SERVER_PROBE]);
    expect(ok, output).toBe(true);
    expect(output).toContain(`plugins/${SERVER_PROBE}/server/routes.test.ts`);
    expect(output).toMatch(/Test Files\s+2 passed/);
  }, 240_000);

  it('passes `npm run config:check` with the plugins on', () => {
    const { ok, output } = exec([path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/config-check.ts']);
    expect(ok, output).toBe(true);
    expect(output).toMatch(/^ok +config\/minimal\.json/m);
    expect(output).toContain(SERVER_PROBE);
  }, 60_000);

  it('writes English into en_US only', () => {
    const english = readFileSync(path.join(temp, `locales/${DEFAULT_LANGUAGE}/probe-page.json`), 'utf8');
    expect(readFileSync(path.join(temp, 'locales/de_DE/probe-page.json'), 'utf8')).not.toBe(english);
  });
});
