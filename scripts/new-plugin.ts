// `npm run new:plugin <id> [--account-page|--login-view|--step [--code=<n>]] [--server] [--config <name>]`:
// write a working plugin (manifest, view, story, unit test, a locale file for every language; with
// --server also its server half, plugins/<id>/server/, with one route and its test against a real
// server) and enable it in config/<name>.json (default: default). docs/plugins.md "Writing a plugin"
// says what comes next.
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../server/options';
import { scaffoldPlugin } from './newPlugin/scaffold';
import { namesOf, type PluginKind } from './newPlugin/templates';

const USAGE = 'usage: npm run new:plugin <id> [--account-page | --login-view | --step [--code=<error code>]] [--server] [--config <name>]';

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'account-page': { type: 'boolean' },
      'login-view': { type: 'boolean' },
      step: { type: 'boolean' },
      server: { type: 'boolean' },
      code: { type: 'string' },
      config: { type: 'string' },
      // A copy of the repository to write into (scripts/new-plugin.test.ts); this one by default.
      root: { type: 'string', default: REPO_ROOT },
    },
  });
} catch (error) {
  fail(String((error as Error).message));
}
const { positionals } = parsed;

/**
 * `npm run new:plugin <id> --login-view` gives the flags to npm, which hands them on as
 * npm_config_* variables rather than arguments (after `--` they arrive as arguments): read both.
 */
function npmFlag(name: string): string | undefined {
  return process.env.npm_lifecycle_event === 'new:plugin' ? process.env[`npm_config_${name.replaceAll('-', '_')}`] : undefined;
}
const flag = (name: 'account-page' | 'login-view' | 'step' | 'server') => parsed.values[name] ?? npmFlag(name) === 'true';
const values = {
  'account-page': flag('account-page'),
  'login-view': flag('login-view'),
  step: flag('step'),
  server: flag('server'),
  code: parsed.values.code ?? npmFlag('code'),
  config: parsed.values.config ?? npmFlag('config') ?? 'default',
  root: parsed.values.root,
};
const [id, ...extra] = positionals;
if (!id || extra.length) fail('new:plugin takes one plugin id.');
const kinds = (['account-page', 'login-view', 'step'] as const).filter((k) => values[k]);
if (kinds.length > 1) fail(`choose one of --${kinds.join(', --')}.`);
const kind: PluginKind = kinds[0] ?? 'account-page';
if (values.code !== undefined && kind !== 'step') fail('--code is for --step.');
const code = values.code === undefined ? undefined : Number(values.code);
if (code !== undefined && !Number.isInteger(code)) fail(`--code ${values.code} is not an error code.`);

/** What to run and do next, each command on a line of its own with what it is for. */
function nextSteps(id: string): string {
  const { pascal, camel } = namesOf(id);
  const config = `config/${values.config}.json`;
  const start = values.config === 'default' ? 'npm start' : `PORTAL_CONFIG=${config} npm start`;
  const see = {
    'account-page': `then sign in as demo@example.com (it prints the demo users) and open http://localhost:8080/accountSetting/${id}`,
    'login-view': `then open http://localhost:8080/: the view shows when another calls goTo('${camel}')`,
    step: `then sign in: the step shows when the server answers with one of its STEP_CODES`,
  }[kind];
  const commands: Array<[string, string]> = [
    ['npm run typecheck', ''],
    [`npx eslint plugins/${id}`, 'the plugin boundaries'],
    [`npm run test:plugin ${id}`, values.server ? 'its view, and server/routes.test.ts against a real server' : 'its view'],
    ['npm run i18n:check', `every language's locales/<lang>/${id}.json: translate its own text there`],
    ['npm run config:check', `${config} turns it on`],
    [start, see],
  ];
  const width = Math.max(...commands.map(([command]) => command.length)) + 2;
  const lines = commands.map(([command, why]) => (why ? `${command.padEnd(width)}# ${why}` : command));
  if (values.server) {
    lines.push(`Its server half: plugins/${id}/server/routes.ts answers GET /api/${id}/hello (signed in); plugins/${id}/api.ts calls it; plugins/${id}/contract.ts holds the path and answer both use.`);
    if (kind !== 'account-page') lines.push('The route needs a signed-in account: call it from a page of the account, or make a route that does not ask for one.');
  }
  lines.push(`Make the new story's references: bash scripts/visual.sh update --storiesFilter '${pascal}'`, '(the visual stage fails until they exist).');
  if (kind === 'step' && code === undefined) lines.push(`List the error codes that start the step in plugins/${id}/index.ts (STEP_CODES).`);
  return `\nNext:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}

try {
  const written = await scaffoldPlugin({ root: values.root, id, kind, config: values.config, code, server: values.server });
  console.log(written.map((f) => `wrote ${f}`).join('\n'));
  console.log(nextSteps(id));
} catch (error) {
  console.error(`new:plugin: ${(error as Error).message}`);
  process.exit(1);
}
