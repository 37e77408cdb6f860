// The architecture's boundaries are lint rules (eslint.config.mjs). Each case writes a temporary file
// that crosses one boundary (or stays inside it, as a control), lints it with the project's own config,
// and expects the named rule to refuse it (or nothing to be reported).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TAG = `lint-probe-${process.pid}`;

interface Probe {
  name: string;
  /** Where the file goes, relative to the repository (a folder with TAG in it is removed afterwards). */
  file: string;
  code: string;
  /** The rule that must refuse it; null: the file must lint clean. */
  refusedBy: string | null;
}

const PROBES: Probe[] = [
  { name: 'core imports a plugin', file: `core/${TAG}.ts`, code: "export { default } from '../plugins/account/index';\n", refusedBy: 'no-restricted-imports' },
  { name: 'a plugin imports another plugin', file: `plugins/account/${TAG}.ts`, code: "export { default } from '../sign-in/index';\n", refusedBy: 'no-restricted-imports' },
  {
    name: 'a plugin file in a subfolder imports another plugin',
    file: `plugins/account/${TAG}/deep.ts`,
    code: "export { default } from '../../sign-in/index';\n",
    refusedBy: 'no-restricted-imports',
  },
  { name: 'a plugin imports a core internal', file: `plugins/account/${TAG}-core.ts`, code: "export { HttpClient } from '../../core/http/client';\n", refusedBy: 'no-restricted-imports' },
  { name: 'a plugin imports a theme file', file: `plugins/account/${TAG}-theme.ts`, code: "export { defaultTheme } from '../../themes/default.theme';\n", refusedBy: 'no-restricted-imports' },
  {
    name: 'a plugin imports a file of the plugin API instead of an entry',
    file: `plugins/account/${TAG}-api-file.ts`,
    code: "export { pluginConfig } from '@portal/plugin-api/configRef';\n",
    refusedBy: 'no-restricted-imports',
  },
  { name: 'the server imports SPA code other than the contract', file: `server/${TAG}.ts`, code: "export { HttpClient } from '../core/http/client';\n", refusedBy: 'no-restricted-imports' },
  { name: 'the server imports a plugin', file: `server/${TAG}-plugin.ts`, code: "export { default } from '../plugins/account/index';\n", refusedBy: 'no-restricted-imports' },
  {
    name: "a plugin's server half imports a server internal",
    file: `plugins/company/server/${TAG}.ts`,
    code: "export { findAccount } from '../../../server/domain/accounts';\n",
    refusedBy: 'no-restricted-imports',
  },
  {
    name: "a plugin's server half imports another plugin's server half",
    file: `plugins/company/server/${TAG}-other.ts`,
    code: "export { default } from '../../passkeys/server/index';\n",
    refusedBy: 'no-restricted-imports',
  },
  {
    name: "a plugin's server half imports the browser's plugin API",
    file: `plugins/company/server/${TAG}-browser.ts`,
    code: "export { definePlugin } from '@portal/plugin-api';\n",
    refusedBy: 'no-restricted-imports',
  },
  {
    name: "a plugin's browser half imports the server plugin API",
    file: `plugins/company/${TAG}-server-api.ts`,
    code: "export { fail } from '@portal/server-api';\n",
    refusedBy: 'no-restricted-imports',
  },
  {
    name: "control: a plugin's server half imports its plugin's contract.ts (the types both halves share)",
    file: `plugins/company/server/${TAG}-contract.ts`,
    code: "export type { Contract } from '../contract';\n",
    refusedBy: null,
  },
  {
    name: "a plugin's server half imports another browser file of its plugin",
    file: `plugins/company/server/${TAG}-view.ts`,
    code: "export { default } from '../CompanyPage';\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: "control: a plugin's server half imports the server plugin API, the contract, its own folder and a package",
    file: `plugins/company/server/${TAG}-ok.ts`,
    code: "export { defineServerPlugin } from '@portal/server-api';\nexport { ERROR_CODES } from '@portal/plugin-api/contract';\nexport { companyRoutes } from './routes';\nexport type { Kysely } from 'kysely';\n",
    refusedBy: null,
  },
  {
    name: 'a plugin reaches the core by a detour through locales/',
    file: `plugins/account/${TAG}-detour.ts`,
    code: "export { createRegistry } from '../../locales/../core/registry/registry';\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: 'a plugin imports a core internal dynamically',
    file: `plugins/account/${TAG}-dynamic.ts`,
    code: "export const later = () => import('../../core/registry/registry');\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: 'a plugin imports a computed path dynamically',
    file: `plugins/account/${TAG}-computed.ts`,
    code: "export const later = (name: string) => import(`../${name}/index`);\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: "a plugin imports the build's plugin catalogue (every plugin)",
    file: `plugins/account/${TAG}-virtual.ts`,
    code: "export { catalogue } from 'virtual:plugin-catalogue';\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: 'a plugin in a subfolder reaches another plugin by a detour',
    file: `plugins/account/${TAG}/deep-detour.ts`,
    code: "export { default } from '../../../locales/../plugins/sign-in/index';\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: "a plugin's browser half imports its own server half",
    file: `plugins/company/${TAG}-own-server.ts`,
    code: "export { default } from './server/index';\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: "a plugin's server half reaches the server by a detour through its own folder",
    file: `plugins/company/server/${TAG}-detour.ts`,
    code: "export { findAccount } from '../../company/../../server/domain/accounts';\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: "a plugin's server half imports the server dynamically",
    file: `plugins/company/server/${TAG}-dynamic.ts`,
    code: "export const later = () => import('../../../server/context');\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: 'the core imports a plugin dynamically by a detour',
    file: `core/${TAG}-dynamic.ts`,
    code: "export const later = () => import('../locales/../plugins/account/index');\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: 'an eslint-disable without a reason',
    file: `core/${TAG}-disable.ts`,
    code: '// eslint-disable-next-line prefer-const\nlet answer = 42;\nexport { answer };\n',
    refusedBy: '@eslint-community/eslint-comments/require-description',
  },
  {
    name: 'code a plugin ships imports the test harnesses',
    file: `plugins/account/${TAG}-harness.ts`,
    code: "export { cannedHttp } from '@portal/plugin-api/testing';\n",
    refusedBy: 'no-restricted-imports',
  },
  {
    name: 'control: a plugin imports the plugin API, its own folder and a package',
    file: `plugins/account/${TAG}-ok.ts`,
    code: "export { definePlugin } from '@portal/plugin-api';\nexport { configSchema } from './config';\nexport { useTranslation } from 'react-i18next';\n",
    refusedBy: null,
  },
  {
    name: 'control: a plugin imports the English file of its namespace (its translation keys as a type)',
    file: `plugins/account/${TAG}-locale.ts`,
    code: "import type messages from '../../locales/en_US/account.json';\nexport type Messages = typeof messages;\n",
    refusedBy: null,
  },
  {
    name: "a plugin's manifest imports from the repository root other than locales/",
    file: `plugins/account/${TAG}-root.ts`,
    code: "export { default } from '../../server/options';\n",
    refusedBy: 'no-restricted-imports',
  },
  {
    name: "control: a plugin's test helper imports the test harnesses",
    file: `plugins/account/${TAG}/testing.ts`,
    code: "export { cannedHttp } from '@portal/plugin-api/testing';\n",
    refusedBy: null,
  },
  {
    name: 'control: a plugin file in a subfolder imports its own plugin',
    file: `plugins/account/${TAG}/ok.ts`,
    code: "export { configSchema } from '../config';\n",
    refusedBy: null,
  },
  {
    name: 'a plugin view styles a physical side (marginLeft)',
    file: `plugins/account/${TAG}-margin.tsx`,
    code: "export const A = () => <p css={{ marginLeft: 8 }}>a</p>;\n",
    refusedBy: 'no-restricted-syntax',
  },
  {
    name: 'a core component offsets from the left in its css prop',
    file: `core/ui/${TAG}-offset.tsx`,
    code: "export const A = () => <span css={{ position: 'absolute', left: 0 }} />;\n",
    refusedBy: 'no-restricted-syntax',
  },
  {
    name: "a plugin view aligns text to the right",
    file: `plugins/account/${TAG}-align.tsx`,
    code: "const cell = { textAlign: 'right' as const };\nexport const A = () => <td css={cell}>1</td>;\n",
    refusedBy: 'no-restricted-syntax',
  },
  {
    name: 'a theme writes padding-left in a css template',
    file: `themes/${TAG}-template.tsx`,
    code: "import { css } from '@emotion/react';\nexport const box = css`\n  color: red;\n  padding-right: 4px;\n`;\n",
    refusedBy: 'no-restricted-syntax',
  },
  {
    name: 'control: a plugin view uses logical properties',
    file: `plugins/account/${TAG}-logical.tsx`,
    code:
      "import { css } from '@emotion/react';\nconst t = css`\n  padding-inline-start: 4px;\n  text-align: start;\n`;\nexport const A = () => <p css={[t, { marginInlineStart: 8, insetInlineEnd: 0, textAlign: 'start', borderInlineStart: '1px solid' }]}>a</p>;\n",
    refusedBy: null,
  },
  // An outside plugin (an npm package; the fixture lives in tests/fixtures/ and is linked into node_modules) is judged as a plugin.
  {
    name: 'an outside plugin imports a core internal',
    file: `tests/fixtures/portal-plugin-stamps/${TAG}-core.ts`,
    code: "export { Button } from '../../../core/ui/Button';\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: "an outside plugin reads the portal's locales (not in its package)",
    file: `tests/fixtures/portal-plugin-stamps/${TAG}-locales.ts`,
    code: "import type messages from '../../../locales/en_US/core.json';\nexport type Messages = typeof messages;\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: "an outside plugin's server half imports a server internal",
    file: `tests/fixtures/portal-plugin-stamps/server/${TAG}.ts`,
    code: "export { findAccount } from '../../../../server/domain/accounts';\n",
    refusedBy: 'portal/import-boundaries',
  },
  {
    name: 'control: an outside plugin imports the plugin API, its own folder and a package',
    file: `tests/fixtures/portal-plugin-stamps/${TAG}-ok.ts`,
    code: "export { definePlugin } from '@portal/plugin-api';\nexport { CARD_PATH } from './contract';\nexport { useState } from 'react';\n",
    refusedBy: null,
  },
  { name: 'control: the server imports the contract', file: `server/${TAG}-ok.ts`, code: "export { REGION_CODES } from '../core/contract/regions';\n", refusedBy: null },
  {
    name: 'control: an eslint-disable with a reason',
    file: `core/${TAG}-disable-ok.ts`,
    code: '// eslint-disable-next-line prefer-const -- a probe of the rule\nlet answer = 42;\nexport { answer };\n',
    refusedBy: null,
  },
];

const results = new Map<string, ESLint.LintResult>();

beforeAll(async () => {
  for (const probe of PROBES) {
    const file = path.join(ROOT, probe.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, probe.code);
  }
  try {
    const eslint = new ESLint({ cwd: ROOT });
    for (const result of await eslint.lintFiles(PROBES.map((p) => path.join(ROOT, p.file)))) results.set(result.filePath, result);
  } finally {
    removeProbes();
  }
}, 120_000);

afterAll(removeProbes);

function removeProbes() {
  for (const probe of PROBES) {
    rmSync(path.join(ROOT, probe.file), { force: true });
    const folder = probe.file.split('/').find((part) => part === TAG);
    if (folder) rmSync(path.join(ROOT, path.dirname(probe.file)), { recursive: true, force: true });
  }
}

describe('lint enforces the architecture', () => {
  for (const probe of PROBES) {
    it(probe.refusedBy ? `refuses: ${probe.name}` : probe.name, () => {
      const result = results.get(path.join(ROOT, probe.file));
      expect(result, `no lint result for ${probe.file}`).toBeDefined();
      const rules = result!.messages.map((m) => m.ruleId ?? m.message);
      if (!probe.refusedBy) {
        expect(rules).toEqual([]);
        return;
      }
      expect(rules).toContain(probe.refusedBy);
      // A detour's refusal names the public way instead (the plugin API's entry, the server plugin API, or the registry).
      if (probe.refusedBy === 'portal/import-boundaries') {
        const said = result!.messages.filter((m) => m.ruleId === probe.refusedBy).map((m) => m.message);
        expect(said.join('\n')).toMatch(/@portal\/(plugin|server)-api|through the registry/);
      }
    });
  }
});
