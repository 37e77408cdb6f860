// `npm run new:plugin` writes a plugin that passes the checks the project makes of every plugin.
// Each kind is scaffolded into a temporary copy of what a plugin needs (core, themes, locales,
// configs, the test setup; node_modules linked), then type-checked, linted and unit-tested there,
// together with the locales test, which refuses English copies.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '../core/i18n/languages';
import { PHRASES } from './newPlugin/phrases';
import { scaffoldPlugin } from './newPlugin/scaffold';
import type { PluginKind } from './newPlugin/templates';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KINDS: { id: string; kind: PluginKind; code?: number }[] = [
  { id: 'probe-page', kind: 'account-page' }, // by the command itself, as `npm run new:plugin probe-page` runs it
  { id: 'probe-view', kind: 'login-view' },
  { id: 'probe-step', kind: 'step', code: -19876 },
];

let temp = '';
let written: string[] = [];

/** A copy of the repository that holds no plugin of its own, so only the new ones are checked. */
function copyRepository(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'new-plugin-'));
  for (const part of ['core', 'themes', 'locales', 'config', 'tests/setup', 'tests/vitest.config.ts', 'tsconfig.json', 'eslint.config.mjs', 'package.json']) {
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  mkdirSync(path.join(dir, 'plugins'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** A command's output when it fails, '' when it passes; `stdout: true` returns a passing command's output. */
function run(args: string[], { stdout = false, env = {} }: { stdout?: boolean; env?: Record<string, string> } = {}): string {
  try {
    const out = execFileSync(process.execPath, args, { cwd: temp, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, FORCE_COLOR: '0', ...env } });
    return stdout ? out : '';
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}` || String(error);
  }
}

beforeAll(async () => {
  temp = copyRepository();
  const cli = run([path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/new-plugin.ts'), 'probe-page', '--config', 'minimal', '--root', temp], { stdout: true });
  written.push(...[...cli.matchAll(/^wrote (\S+)$/gm)].map((m) => m[1]!));
  for (const { id, kind, code } of KINDS.slice(1)) written.push(...(await scaffoldPlugin({ root: temp, id, kind, config: 'minimal', code })));
  written = [...new Set(written)];
}, 60_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('npm run new:plugin', () => {
  it('refuses two kinds at once, naming its usage', () => {
    const output = run([path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/new-plugin.ts'), 'probe-x', '--login-view', '--step', '--root', temp]);
    expect(output).toContain('choose one of --login-view, --step');
    expect(output).toContain('usage: npm run new:plugin');
  });

  it('reads the flags npm keeps for itself (`npm run new:plugin <id> --login-view` without `--`)', () => {
    const env = { npm_lifecycle_event: 'new:plugin', npm_config_login_view: 'true', npm_config_step: 'true' };
    const output = run([path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/new-plugin.ts'), 'probe-x', '--root', temp], { env });
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
    writeFileSync(path.join(temp, 'tsconfig.probe.json'), JSON.stringify({ extends: './tsconfig.json', include: ['plugins/**/*', ...ambient] }));
    expect(run([path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.probe.json'])).toBe('');
  }, 240_000);

  it('obeys the lint rules and boundaries of a plugin', async () => {
    const eslint = new ESLint({ cwd: temp });
    const results = await eslint.lintFiles(KINDS.map(({ id }) => `plugins/${id}`));
    expect(results.flatMap((r) => r.messages.map((m) => `${path.relative(temp, r.filePath)}:${m.line} ${m.ruleId}: ${m.message}`))).toEqual([]);
  }, 120_000);

  it("passes its unit tests and the locales test (no English copies, every language's keys)", () => {
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
    const output = run([vitest, 'run', '-c', 'tests/vitest.config.ts', '--project', 'web', ...KINDS.map(({ id }) => `plugins/${id}/`), 'core/i18n/locales.test.ts']);
    expect(output).toBe('');
  }, 240_000);

  it('writes English into en_US only', () => {
    const english = readFileSync(path.join(temp, `locales/${DEFAULT_LANGUAGE}/probe-page.json`), 'utf8');
    expect(readFileSync(path.join(temp, 'locales/de_DE/probe-page.json'), 'utf8')).not.toBe(english);
  });
});
