import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every `npm run <script>` (and `npm start`, `npm test`) the READMEs and the guides in docs/ name
 * exists and is run somewhere: by CI (scripts/test-all.sh runs the script's command), by a named
 * test, or here in its cheap form. A README or guide that names a new script fails below until
 * COVERAGE says which.
 */
const repo = path.resolve(import.meta.dirname, '..');
/** Every page of docs/, read from the folder, so a new guide is checked without being listed here. */
const DOCS = fs
  .readdirSync(path.join(repo, 'docs'))
  .filter((file) => file.endsWith('.md'))
  .sort()
  .map((file) => `docs/${file}`);
const READMES = ['README.md', ...DOCS, 'tests/visual/README.md', 'server/README.md', 'plugins/partner-app/README.md'];
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const testAll = read('scripts/test-all.sh');

type Coverage =
  | { ci: true } // test-all.sh runs the script's own command
  | { runBy: string; evidence: string } // that file (a test, or a CI script) runs it
  | { here: true } // run below in its cheap form
  | { notRun: string }; // the reason it cannot run in CI

const COVERAGE: Record<string, Coverage> = {
  test: { runBy: '.ci/run', evidence: 'npm test' }, // CI is `npm ci && npm test`
  start: { runBy: 'tests/support/portal.ts', evidence: 'scripts/start.mjs' }, // every e2e file starts the portal with it
  typecheck: { ci: true },
  lint: { ci: true },
  build: { ci: true },
  'test:unit': { here: true },
  'test:plugin': { here: true },
  'new:plugin': { runBy: 'scripts/new-plugin.test.ts', evidence: "'scripts/new-plugin.ts'" },
  'test:e2e': { ci: true },
  budget: { ci: true },
  lighthouse: { ci: true },
  bench: { here: true },
  'time-to-form': { ci: true },
  'test:visual': { ci: true },
  'visual:update': { runBy: 'scripts/visual.test.ts', evidence: "run(['update']" },
  'build-storybook': { runBy: 'scripts/visual.sh', evidence: '"$BIN/storybook" build' }, // visual.sh builds the same stories, in CI
  storybook: { here: true },
  'i18n:check': { here: true },
  'config:check': { runBy: 'scripts/config-check.test.ts', evidence: "'config:check'" },
  'config:export': { runBy: 'scripts/config-export.test.ts', evidence: "'scripts/config-export.ts'" },
  'config:schema': { runBy: 'server/config/configSchema.test.ts', evidence: 'configSchemaJson(' }, // the generator the script writes with
  'api:report': { runBy: 'scripts/plugin-api-report.test.ts', evidence: 'extractReports(' }, // the same extraction, compared instead of written
  'api:docs': { runBy: 'scripts/plugin-api-report.test.ts', evidence: "extractReports({ docs: " }, // API Documenter into a scratch folder
  'oidc:rotate-keys': { runBy: 'server/test/oidcKeys.test.ts', evidence: 'oidc-rotate-keys.ts' },
  'ops:add-admin': { runBy: 'tests/support/opsConsole.ts', evidence: "'ops:add-admin'" }, // the ops e2e files make their first admin with it
  'server:dev': { notRun: 'a file watcher that restarts `tsx server/main.ts`, which every server test and e2e file runs' },
  dev: { notRun: 'rollup in watch mode over dist/, which the e2e files share; the build and the server it runs are CI stages' },
};

function named(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of READMES) {
    for (const match of read(file).matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)) {
      const name = match[1] ?? match[2]!;
      found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

// vitest colours parts of its report even under NO_COLOR.
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function npm(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('npm', args, { cwd: repo, encoding: 'utf8', timeout: 180_000, env: { ...process.env, NO_COLOR: '1', ...env } });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.replace(ANSI_COLOUR, '') };
}

/** The test files a vitest run reports (its ✓/× lines), relative to the repo. */
const testFiles = (output: string) => [...new Set([...output.matchAll(/^\s*[✓×❯]\s+(?:\|?\w+\|?\s+)?(\S+\.test\.tsx?)/gm)].map((m) => m[1]!))];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Each case below runs npm, and through it vitest or Storybook: slow on a busy 2-core machine.
describe('the commands the READMEs name', { timeout: 240_000 }, () => {
  const commands = named();

  it('are all scripts of package.json', () => {
    const missing = [...commands].filter(([name]) => !scripts[name]).map(([name, files]) => `npm run ${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
    expect(commands.size).toBeGreaterThan(10);
    expect(DOCS, 'the guides in docs/ are read').toContain('docs/plugins.md');
  });

  it('are each run by CI, by a named test, or here', () => {
    const unaccounted = [...commands.keys()].filter((name) => !COVERAGE[name]);
    expect(unaccounted, 'add each to COVERAGE in scripts/readme-commands.test.ts').toEqual([]);
    for (const [name, how] of Object.entries(COVERAGE)) {
      if ('ci' in how) expect(testAll, `test-all.sh runs ${name}: ${scripts[name]}`).toContain(scripts[name]);
      if ('runBy' in how) expect(read(how.runBy), `${how.runBy} runs ${name}`).toContain(how.evidence);
    }
    // npm test is the CI script itself.
    expect(scripts.test).toBe('bash scripts/test-all.sh');
  });

  const plugin = 'helpdesk';
  const own = () => fs.readdirSync(path.join(repo, 'plugins', plugin)).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => `plugins/${plugin}/${f}`);

  it.each([
    ['npm run test:unit -- plugins/<id>/', ['run', 'test:unit', '--', `plugins/${plugin}/`]],
    ['npm run test:plugin <id>', ['run', 'test:plugin', plugin]],
  ])('%s runs exactly that plugin’s tests', (_name, args) => {
    const { status, output } = npm(args);
    expect(status, output).toBe(0);
    expect(testFiles(output).sort(), output).toEqual(own().sort());
  });

  it('npm run test:plugin names the plugins when the id is unknown', () => {
    const unknown = npm(['run', 'test:plugin', 'no-such-plugin']);
    expect(unknown.status).toBe(2);
    expect(unknown.output).toContain("no plugin 'no-such-plugin'");
  });

  it('npm run test:unit uses the project config (jsdom for browser code; without it this file fails)', () => {
    const { status, output } = npm(['run', 'test:unit', '--', 'core/i18n/languages.test.ts']);
    expect(status, output).toBe(0);
    expect(testFiles(output)).toEqual(['core/i18n/languages.test.ts']);
  });

  it('npm run i18n:check runs the locale parity test', () => {
    const { status, output } = npm(['run', 'i18n:check']);
    expect(status, output).toBe(0);
    expect(testFiles(output)).toEqual(['core/i18n/locales.test.ts']);
  });

  it('npm run bench runs a short level (its figures are not a pass/fail signal on a shared machine)', () => {
    const { status, output } = npm(['run', 'bench', '--', '--seconds', '1', '--concurrency', '2']);
    expect(status, output).toBe(0);
    expect(output).toMatch(/^\s+2\s+\d+\s+[\d.]+\s+[\d.]+\s+\d+\s+\d+$/m);
  });

  it('npm run storybook starts (smoke test)', async () => {
    const { status, output } = npm(['run', 'storybook', '--', '--smoke-test', '--ci', '--quiet', '-p', String(await freePort())], {
      CI: 'true',
      STORYBOOK_DISABLE_TELEMETRY: '1',
    });
    expect(status, output).toBe(0);
    expect(output).toContain('Smoke tests passed');
  });
});
