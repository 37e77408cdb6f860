// Translation keys are types (core/i18n/resources.ts): a plugin's `t('key')`, `t('ns:key')`,
// `useTranslation('ns')` and its manifest's menu labels and page titles must name keys of the
// English locale files, or `tsc` fails. Each probe is a file of a temporary plugin with its own
// English file; one compile of them all must report exactly the probes' errors, each in its file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const MANIFEST = `import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/probe.json';

export default definePlugin({
  id: 'probe',
  routes: [{ path: 'probe', parent: 'accountSetting', view: () => import('./Good'), titleKey: 'probe:title' }],
  menu: [{ id: 'probe', path: 'probe', labelKey: 'probe:menu', order: 1 }],
  locales: { probe: localeFile('probe') },
});

declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    probe: typeof messages;
  }
}
`;

const view = (body: string, ns = "['probe', 'core']") => `import { useTranslation } from 'react-i18next';

export default function View() {
  const { t } = useTranslation(${ns});
  return <p>{${body}}</p>;
}
`;

interface Probe {
  name: string;
  file: string;
  code: string;
  /** A fragment of the error tsc must report in this file; null: the file must compile clean. */
  error: string | null;
}

const PROBES: Probe[] = [
  { name: 'control: keys of its own and of the core', file: 'Good.tsx', code: view("`${t('title')} ${t('probe:nested.deep')} ${t('core:ui.close')}`"), error: null },
  { name: 'control: a manifest with its menu label and page title', file: 'index.ts', code: MANIFEST, error: null },
  { name: 'a misspelt key of its own namespace', file: 'Misspelt.tsx', code: view("t('titel')"), error: '"titel"' },
  { name: 'a missing nested key', file: 'Nested.tsx', code: view("t('nested.shallow')"), error: '"nested.shallow"' },
  { name: "a misspelt key of the core's namespace", file: 'CoreKey.tsx', code: view("t('core:ui.closs')"), error: '"core:ui.closs"' },
  { name: 'a namespace no plugin declares', file: 'NoNamespace.tsx', code: view("t('title')", "'help'"), error: '"help"' },
  {
    name: 'a menu label that names no key',
    file: 'menu.ts',
    code: "import type { MenuEntry } from '@portal/plugin-api';\nexport const entry: MenuEntry = { id: 'x', path: 'x', labelKey: 'probe:manu', order: 1 };\n",
    error: '"probe:manu"',
  },
  {
    name: 'control: a plural message, called with its count and kept as data by its base key',
    file: 'Plural.tsx',
    code: view("t('waits', { count: 2 })").replace('export default', "import type { MessageKey } from '@portal/plugin-api';\nexport const key: MessageKey<'probe'> = 'waits';\nexport default"),
    error: null,
  },
  {
    name: 'a plural message kept as data by one of its forms',
    file: 'pluralForm.ts',
    code: "import type { MessageKey } from '@portal/plugin-api';\nexport const key: MessageKey<'probe'> = 'waits_one';\n",
    error: '"waits_one"',
  },
  {
    name: "a misspelt key given to the portal's i18n instance outside React",
    file: 'outside.ts',
    code: "import { i18n } from '@portal/plugin-api';\nexport const text = () => i18n.t('probe:titel');\n",
    error: '"probe:titel"',
  },
  {
    name: "an error code's message that the core lacks",
    file: 'errors.ts',
    code: "import type { ErrorMessageT } from '@portal/plugin-api';\nexport const say = (t: ErrorMessageT) => t('core:errors.genric');\n",
    error: '"core:errors.genric"',
  },
];

let temp = '';
let output = '';

beforeAll(() => {
  temp = mkdtempSync(path.join(os.tmpdir(), 'typed-translations-'));
  mkdirSync(path.join(temp, 'plugins/probe'), { recursive: true });
  mkdirSync(path.join(temp, 'locales/en_US'), { recursive: true });
  writeFileSync(path.join(temp, 'locales/en_US/probe.json'), JSON.stringify({ menu: 'Probe', title: 'Probe', nested: { deep: 'Deep' }, waits_one: '{{count}} wait', waits_other: '{{count}} waits' }));
  for (const probe of PROBES) writeFileSync(path.join(temp, 'plugins/probe', probe.file), probe.code);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(temp, 'node_modules'), 'dir');
  const ambient = ['core/build/virtual.d.ts', 'core/build/vite-env.d.ts', 'themes/emotion.d.ts'].map((f) => path.join(ROOT, f));
  writeFileSync(path.join(temp, 'tsconfig.json'), JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), include: ['plugins/**/*', ...ambient] }));
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '--pretty', 'false', '-p', 'tsconfig.json'], {
      cwd: temp,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
}, 240_000);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** tsc's error lines about one probe file. */
const errorsIn = (file: string) => output.split('\n').filter((line) => line.startsWith(`plugins/probe/${file}(`));

describe('typed translations', () => {
  it('reports errors only in the probe files', () => {
    const elsewhere = output.split('\n').filter((line) => /error TS/.test(line) && !line.startsWith('plugins/probe/'));
    expect(elsewhere).toEqual([]);
  });

  for (const probe of PROBES) {
    it(probe.error ? `fails tsc: ${probe.name}` : probe.name, () => {
      const errors = errorsIn(probe.file);
      if (probe.error === null) expect(errors).toEqual([]);
      else expect(errors.join('\n')).toContain(probe.error);
    });
  }
});
