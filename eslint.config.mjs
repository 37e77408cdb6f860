// `npm run lint`: correctness rules (typescript-eslint recommended, the rules of hooks) and the
// architecture's boundaries as import rules:
// - the core never imports a plugin;
// - a plugin imports the core only through the plugin API (@portal/plugin-api), never another plugin;
// - the server imports from the SPA side only the contract and a short list of modules it shares on purpose.
// Rules that need type information are left out: a typed run takes several times as long on a 2-core CI machine.
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './core/build/importBoundaries.mjs';
import { outsidePlugins } from './core/build/pluginSources.mjs';

/** Outside plugins' folders inside this repository (the fixture package): lint judges their imports like a plugin's. */
const outsidePluginFolders = outsidePlugins(import.meta.dirname)
  .filter((s) => s.dir.startsWith(import.meta.dirname + '/'))
  .map((s) => s.dir.slice(import.meta.dirname.length + 1));

/** A plugin file's way out of its own folder: `../` once per folder level below plugins/<id>/. */
const leavesPlugin = (depth) => `^(\\.\\./){${depth},}`;

/** The entry points of the plugin API; anything else under core/plugin-api is its own business. */
const PLUGIN_API_ENTRIES = '(config|testing|modal|start|contract)';

/** A plugin's tests, stories and their helpers: only these may use @portal/plugin-api/testing. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}', '**/testing.{ts,tsx}', '**/storyKit.tsx'];

const pluginImports = (depth, { shipped = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...(shipped
          ? [{ regex: '^@portal/plugin-api/testing$', message: 'Test harnesses stay out of the build: only tests, stories and testing.ts(x) helpers import @portal/plugin-api/testing.' }]
          : []),
        {
          // The whole run of `../` first (no backtracking to a shorter one), then anything but locales/.
          regex: `${leavesPlugin(depth)}(?!\\.\\./|locales/)`,
          message:
            'A plugin imports only its own folder, the locales, third-party packages and @portal/plugin-api: no core internals, no other plugin (link to its pages by path, or use an extension point).',
        },
        {
          regex: `^@portal/plugin-api/(?!${PLUGIN_API_ENTRIES}$)`,
          message: 'Import the plugin API from @portal/plugin-api (or its /config, /testing, /modal or /contract entry), not its files.',
        },
        { regex: '^@portal/server-api$', message: "Only a plugin's server half (plugins/<id>/server/) imports the server plugin API; the browser half calls its routes over HTTP." },
      ],
    },
  ],
});

/**
 * A plugin's server half (plugins/<id>/server/…): its own folder, npm packages, the server plugin API and the contract.
 * Its tests (`test: true`) may also import the server's integration harness, server/test/harness.ts (startServer,
 * Client, signIn), to drive a real server, the walk through an identity provider's pages (providerWalk.ts), and the scan of every store for a person's rows (personalScan.ts): those files, by their exact paths, and nothing else of the server. A
 * `@portal/server-api/testing` entry would do the same, but needs a new entry point in server/ and tsconfig for one file.
 * (portal/import-boundaries leaves these tests to this rule: see below.)
 */
const serverHalfImports = (depth, { test = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `${test ? `^(?!(\\.\\./){${depth + 1}}server/test/(harness|softAuthenticator|providerWalk|personalScan)$)` : ''}${leavesPlugin(depth)}(?!\\.\\./|locales/)`,
          message: "A plugin's server half imports only its own plugin's folder, npm packages, @portal/server-api and @portal/plugin-api/contract: no server internals, no other plugin.",
        },
        {
          regex: '^@portal/plugin-api(?!/contract$)',
          message: "A plugin's server half runs in Node: of the browser's plugin API it imports only @portal/plugin-api/contract; the server's capabilities come from @portal/server-api.",
        },
      ],
    },
  ],
});

/**
 * What the server may import from the SPA side: the contract, and modules it shares on purpose because
 * they must give the same answer in both places (the config checks, the language list, the common-password
 * check, the bidi isolation of mail values, the one clock of dates (a mail writes a moment as the pages do), the theme tokens' shape and composition (the login shell), the choice of a manifest group (preload
 * hints), and the build's file discovery for the schema generator).
 */
const SERVER_SHARES = [
  'core/contract/',
  'core/config/(shape|loadConfig|pluginSettings|types|themeShape|suggest)$',
  'core/i18n/(bidi|dates|languages|numbers)$',
  'core/validation/commonPassword$',
  'core/build/virtualModules\\.mjs$',
  'core/build/loginChunks\\.mjs$',
  'core/build/pluginSources\\.mjs$',
  'themes/tokens$',
  'themes/compose$',
  'core/boot/manifestGroups$',
];

/**
 * Right to left (Arabic), layout mirrors through `dir`: styles say start/end, not left/right
 * (marginInlineStart, paddingInline, insetInlineEnd, textAlign: 'start'). These selectors find the
 * physical forms in emotion styles: style keys anywhere, `left`/`right` offsets inside a `css`
 * or `style` prop, and kebab-case CSS in template literals. Geometry that is physical on purpose
 * (a dragged dialog's viewport position, a tooltip placement mirrored in code) is not a style key.
 */
const PHYSICAL_CSS = 'Use CSS logical properties (marginInlineStart, paddingInline, insetInlineStart, borderInlineEnd, textAlign: start): the layout mirrors for right-to-left languages.';
const physicalCss = [
  'error',
  { selector: 'Property[key.name=/^(margin|padding|border)(Left|Right)/]', message: PHYSICAL_CSS },
  { selector: 'Property[key.name=/^(textAlign|float|clear)$/] Literal[value=/^(left|right)$/]', message: PHYSICAL_CSS },
  { selector: 'JSXAttribute[name.name=/^(css|style)$/] Property[key.name=/^(left|right)$/]', message: PHYSICAL_CSS },
  { selector: 'TemplateElement[value.raw=/(^|[\\s;{])((margin|padding|border)-(left|right)|left|right)\\s*:|text-align:\\s*(left|right)|float:\\s*(left|right)/]', message: PHYSICAL_CSS },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'storybook-static/**', 'node_modules/**', 'tests/visual/current/**', 'tests/visual/difference/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Every disable says why, after `--`: a reviewer can judge it and it stays honest.
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
      // `_`-prefixed names are deliberately unused (a callback's position, a rest sibling).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['core/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}', 'themes/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['core/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}', 'themes/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', 'core/testing/**', 'core/build/**'],
    rules: { 'no-restricted-syntax': physicalCss },
  },
  {
    // Test code may read loosely typed response bodies; `any` stays out of the code that ships.
    files: ['**/*.test.{ts,tsx}', 'server/test/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The decorators' hooks are Storybook's (storybook/preview-api), made for decorators, not React's.
    files: ['.storybook/preview.tsx'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'react-hooks/exhaustive-deps': 'off' },
  },
  {
    files: ['core/**/*.{ts,tsx,mjs}', 'themes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+plugins(/|$)',
              message: 'The core never imports a plugin: plugins are found by folder (virtual:plugin-catalogue) and contribute through the registry.',
            },
          ],
        },
      ],
    },
  },
  // plugins/<id>/file, plugins/<id>/dir/file, … : each depth has its own way out of the plugin's folder.
  ...[1, 2, 3, 4, 5, 6].flatMap((depth) => {
    const files = [`plugins/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`];
    return [
      { files, rules: pluginImports(depth) },
      { files, ignores: TEST_FILES, rules: pluginImports(depth, { shipped: true }) },
    ];
  }),
  // After the rules above, so a server half's files get these instead (flat config: the last match of a rule wins).
  ...[2, 3, 4, 5, 6].flatMap((depth) => {
    const files = [`plugins/*/server/${'*/'.repeat(depth - 2)}*.ts`];
    return [
      { files, rules: serverHalfImports(depth) },
      { files: files.map((f) => f.replace(/\*\.ts$/, '*.test.ts')), rules: serverHalfImports(depth, { test: true }) },
    ];
  }),
  {
    // The same boundaries judged by where an import leads (a detour through locales/, a dynamic import, a virtual module).
    // Outside plugins (npm packages the portal depends on) that live in this repository, as the test fixture does, are judged the same.
    files: ['core/**/*.{ts,tsx,mjs}', 'plugins/**/*.{ts,tsx}', ...outsidePluginFolders.map((dir) => `${dir}/**/*.{ts,tsx}`)],
    // A server half's tests import the server's harness, and check the browser half's side of a call (its api.ts)
    // against the real server: the textual rule above (serverHalfImports, `test: true`) says what they may import.
    ignores: ['plugins/*/server/**/*.test.ts'],
    plugins: { portal: importBoundaries },
    rules: { 'portal/import-boundaries': 'error' },
  },
  ...[{ files: ['server/**/*.{ts,mts,mjs}'] }, { files: ['server/test/**/*.ts'], tests: true }].map(({ files, tests }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The server's integration tests may also reach into the plugins' server halves (a unit of a half, under test).
              regex: `^(\\.\\./)+(?!(${[...SERVER_SHARES, ...(tests ? ['plugins/[a-z][a-z0-9-]*/server/'] : [])].join('|')}))(core|plugins|themes|locales)/`,
              message: 'The server imports from the SPA side only core/contract (and the shared modules listed in eslint.config.mjs).',
            },
            { regex: '^@portal/plugin-api', message: 'The plugin API is the SPA\'s; the server reads a plugin only through its config.ts, by path.' },
          ],
        },
      ],
    },
  })),
);
