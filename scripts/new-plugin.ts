// `npm run new:plugin <id> [--account-page|--login-view|--step [--code=<n>]] [--config <name>]`:
// write a working plugin (manifest, view, story, unit test, a locale file for every language) and
// enable it in config/<name>.json (default: default). docs/plugins.md "Writing a plugin" says what comes next.
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../server/options';
import { scaffoldPlugin } from './newPlugin/scaffold';
import { namesOf, type PluginKind } from './newPlugin/templates';

const USAGE = 'usage: npm run new:plugin <id> [--account-page | --login-view | --step [--code=<error code>]] [--config <name>]';

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
const flag = (name: 'account-page' | 'login-view' | 'step') => parsed.values[name] ?? npmFlag(name) === 'true';
const values = {
  'account-page': flag('account-page'),
  'login-view': flag('login-view'),
  step: flag('step'),
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

try {
  const written = await scaffoldPlugin({ root: values.root, id, kind, config: values.config, code });
  const { pascal } = namesOf(id);
  console.log(written.map((f) => `wrote ${f}`).join('\n'));
  console.log(`
Next:
  npm run typecheck && npx eslint plugins/${id} && npm run test:plugin ${id}
  Translate locales/<lang>/${id}.json as the plugin gets its own text (npm run i18n:check).
  Make the new story's references: bash scripts/visual.sh update --storiesFilter '${pascal}'
  (the visual stage fails until they exist).${kind === 'step' && code === undefined ? `\n  List the error codes that start the step in plugins/${id}/index.ts (STEP_CODES).` : ''}`);
} catch (error) {
  console.error(`new:plugin: ${(error as Error).message}`);
  process.exit(1);
}
