import type { Phrases } from './phrases';

/** What `npm run new:plugin` can make; an id alone makes an account page. */
export type PluginKind = 'account-page' | 'login-view' | 'step';

export interface Names {
  /** The plugin id and its locale namespace (`help-desk`). */
  id: string;
  /** Its components' prefix (`HelpDesk`). */
  pascal: string;
  /** The login view id (`helpDesk`). */
  camel: string;
  /** Its name as its title shows it (`Help desk`), the same in every language. */
  title: string;
}

export function namesOf(id: string): Names {
  const words = id.split('-');
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return { id, pascal, camel: pascal[0]!.toLowerCase() + pascal.slice(1), title: words.join(' ').replace(/^./, (c) => c.toUpperCase()) };
}

/** The locale file of one language. */
export function localeMessages(kind: PluginKind, names: Names, phrases: Phrases): Record<string, string> {
  switch (kind) {
    case 'account-page':
      return { menu: names.title, title: names.title, intro: phrases.nothingYet };
    case 'login-view':
      return { title: names.title, intro: phrases.nothingYet, back: phrases.backToSignIn };
    case 'step':
      return { title: names.title, intro: phrases.nothingYet, continue: phrases.continue };
  }
}

const q = (s: string) => `'${s}'`;

function namespaceDeclaration({ id }: Names): string {
  const key = /^[a-z]\w*$/.test(id) ? id : q(id);
  return `
// t('${id}:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    ${key}: typeof messages;
  }
}
`;
}

/** The plugin's files, by path inside plugins/<id>/. */
export function pluginFiles(kind: PluginKind, names: Names, options: { code?: number } = {}): Map<string, string> {
  switch (kind) {
    case 'account-page':
      return accountPage(names);
    case 'login-view':
      return loginView(names);
    case 'step':
      return step(names, options.code);
  }
}

function accountPage(n: Names): Map<string, string> {
  const view = `${n.pascal}Page`;
  const index = `import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/${n.id}.json';

/** ${n.title}: a page of the account settings (made by \`npm run new:plugin\`). */
export default definePlugin({
  id: '${n.id}',
  routes: [{ path: '${n.id}', parent: 'accountSetting', view: () => import('./${view}'), titleKey: '${n.id}:title' }],
  menu: [{ id: '${n.id}', path: '${n.id}', labelKey: '${n.id}:menu', order: 70 }],
  locales: { '${n.id}': localeFile('${n.id}') },
});
${namespaceDeclaration(n)}`;

  const page = `import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';

export default function ${view}() {
  const { t } = useTranslation('${n.id}');
  const theme = useTheme();
  return (
    <section
      aria-labelledby="${n.id}-heading"
      css={{ maxWidth: 640, background: theme.colors.surface, borderRadius: theme.radius.lg, padding: theme.space(6), boxShadow: theme.shadow.card }}
    >
      <h1 id="${n.id}-heading" css={{ fontSize: theme.font.sizeXl, margin: 0 }}>
        {t('title')}
      </h1>
      <p css={{ color: theme.colors.textMuted, marginBottom: 0 }}>{t('intro')}</p>
    </section>
  );
}
`;

  const test = `import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cannedHttp, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import ${n.camel} from './index';
import ${view} from './${view}';

describe('${n.id}', () => {
  it('adds its page to the account menu', async () => {
    const registry = await testRegistry([${n.camel}]);
    expect(registry.routes.map((r) => r.value.path)).toContain('${n.id}');
    expect(registry.menu.map((m) => m.value.labelKey)).toContain('${n.id}:menu');
  });

  it('shows its page under its heading', async () => {
    const registry = await testRegistry([${n.camel}]);
    renderPortal(<${view} />, { registry, http: cannedHttp({}), path: '/accountSetting/${n.id}' });
    expect(await screen.findByRole('heading', { level: 1, name: '${n.title}' })).toBeInTheDocument();
    expect(screen.getByText('There is nothing here yet.')).toBeInTheDocument();
  });
});
`;

  const story = `import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Registry } from '@portal/plugin-api';
import { cannedHttp, demoUser, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import ${n.camel} from './index';
import ${view} from './${view}';

type Loaded = { registry: Registry };

const meta: Meta = {
  title: 'Plugins/${n.pascal}/${view}',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([${n.camel}]) })],
  render: (_args, { loaded }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={cannedHttp({})} user={demoUser} path="/accountSetting/${n.id}">
      <div style={{ padding: 16 }}>
        <${view} />
      </div>
    </StoryPortal>
  ),
};
export default meta;

export const Default: StoryObj = {};
`;
  return new Map([
    ['index.ts', index],
    [`${view}.tsx`, page],
    [`${view}.test.tsx`, test],
    [`${view}.stories.tsx`, story],
  ]);
}

function loginView(n: Names): Map<string, string> {
  const view = `${n.pascal}View`;
  const index = `import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/${n.id}.json';

/** ${n.title}: a view of the login page, opened by \`goTo('${n.camel}')\` (made by \`npm run new:plugin\`). */
export default definePlugin({
  id: '${n.id}',
  loginViews: [{ id: '${n.camel}', view: () => import('./${view}') }],
  locales: { '${n.id}': localeFile('${n.id}') },
});
${namespaceDeclaration(n)}`;

  const page = `import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button, LOGIN_VIEWS, type LoginViewProps, useLoginPage } from '@portal/plugin-api';

export default function ${view}({ goTo }: LoginViewProps) {
  const { t } = useTranslation('${n.id}');
  const { hasView } = useLoginPage();
  const theme = useTheme();
  return (
    <section aria-labelledby="${n.id}-heading">
      <h1 id="${n.id}-heading" css={{ fontSize: theme.font.sizeXl, margin: 0 }}>
        {t('title')}
      </h1>
      <p css={{ color: theme.colors.textMuted }}>{t('intro')}</p>
      {hasView(LOGIN_VIEWS.signIn) && (
        <Button variant="secondary" onClick={() => goTo(LOGIN_VIEWS.signIn)}>
          {t('back')}
        </Button>
      )}
    </section>
  );
}
`;

  const test = `import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cannedHttp, renderPortal, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import ${n.camel} from './index';
import ${view} from './${view}';

describe('${n.id}', () => {
  it('contributes its login view', async () => {
    const registry = await testRegistry([${n.camel}]);
    expect(registry.loginViews.map((v) => v.value.id)).toContain('${n.camel}');
  });

  it('goes back to the sign-in view', async () => {
    const registry = await testRegistry([${n.camel}]);
    const { services, wrap } = testLoginPage();
    renderPortal(wrap(<${view} goTo={services.goTo} />), { registry, http: cannedHttp({}), path: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: '${n.title}' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(services.goTo).toHaveBeenCalledWith('signIn');
  });
});
`;

  const story = `import type { Meta, StoryObj } from '@storybook/react-vite';
import type { LoginPageServices, Registry } from '@portal/plugin-api';
import { cannedHttp, LoginViewStory, testRegistry } from '@portal/plugin-api/testing';
import ${n.camel} from './index';
import ${view} from './${view}';

type Loaded = { registry: Registry };

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams(),
};

const meta: Meta = {
  title: 'Plugins/${n.pascal}/${view}',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([${n.camel}]) })],
  render: (_args, { loaded }) => (
    <LoginViewStory registry={(loaded as Loaded).registry} http={cannedHttp({})} loginPage={loginPage}>
      <${view} goTo={() => undefined} />
    </LoginViewStory>
  ),
};
export default meta;

export const Default: StoryObj = {};
`;
  return new Map([
    ['index.ts', index],
    [`${view}.tsx`, page],
    [`${view}.test.tsx`, test],
    [`${view}.stories.tsx`, story],
  ]);
}

function step(n: Names, code: number | undefined): Map<string, string> {
  const view = `${n.pascal}Step`;
  const codes = code === undefined ? '' : String(code);
  const index = `import { definePlugin, localeFile, LOGIN_INTERRUPT_POINT } from '@portal/plugin-api';
import type messages from '../../locales/en_US/${n.id}.json';

/**
 * The server's error codes that start this step in the middle of sign-in or registration${code === undefined ? ' (none yet:\n * until one is listed, the step never shows)' : ''}.
 */
export const STEP_CODES: readonly number[] = [${codes}];

/** ${n.title}: a step of the login page the server asks for (made by \`npm run new:plugin\`). */
export default definePlugin({
  id: '${n.id}',
  locales: { '${n.id}': localeFile('${n.id}') },
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: STEP_CODES, presentation: 'inline', view: () => import('./${view}') });
  },
});
${namespaceDeclaration(n)}`;

  const page = `import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type InterruptProps } from '@portal/plugin-api';

/** Continue repeats the interrupted call; Cancel returns to the form. */
export default function ${view}({ retry, cancel }: InterruptProps) {
  const { t } = useTranslation(['${n.id}', 'core']);
  const theme = useTheme();
  const [busy, setBusy] = useState(false);

  const proceed = () => {
    setBusy(true);
    retry().catch(() => setBusy(false));
  };

  return (
    <section aria-labelledby="${n.id}-heading">
      <h1 id="${n.id}-heading" css={{ fontSize: theme.font.sizeXl, margin: 0 }}>
        {t('title')}
      </h1>
      <p css={{ color: theme.colors.textMuted }}>{t('intro')}</p>
      <div css={{ display: 'flex', gap: theme.space(2) }}>
        <Button onClick={proceed} disabled={busy} aria-busy={busy}>
          {t('continue')}
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={busy}>
          {t('core:ui.cancel')}
        </Button>
      </div>
    </section>
  );
}
`;

  const test = `import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, LOGIN_INTERRUPT_POINT } from '@portal/plugin-api';
import { cannedHttp, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import ${n.camel}, { STEP_CODES } from './index';
import ${view} from './${view}';

describe('${n.id}', () => {
  it('contributes its step for its codes', async () => {
    const registry = await testRegistry([${n.camel}]);
    const steps = registry.getOwnedContributions(LOGIN_INTERRUPT_POINT).filter((s) => s.pluginId === '${n.id}');
    expect(steps.map((s) => s.value.codes)).toEqual([STEP_CODES]);
  });

  async function renderStep() {
    const registry = await testRegistry([${n.camel}]);
    const props = { error: new ApiError(-1, undefined, 200), call: 'signIn' as const, form: {}, retry: vi.fn(() => new Promise<void>(() => undefined)), cancel: vi.fn(), goTo: vi.fn() };
    renderPortal(<${view} {...props} />, { registry, http: cannedHttp({}), path: '/login' });
    return props;
  }

  it('repeats the interrupted call on Continue, once, while it runs', async () => {
    const { retry } = await renderStep();
    const proceed = await screen.findByRole('button', { name: 'Continue' });
    await userEvent.click(proceed);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(proceed).toBeDisabled();
  });

  it('returns to the form on Cancel', async () => {
    const { cancel, retry } = await renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(retry).not.toHaveBeenCalled();
  });
});
`;

  const story = `import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type LoginPageServices, type Registry } from '@portal/plugin-api';
import { cannedHttp, LoginViewStory, testRegistry } from '@portal/plugin-api/testing';
import ${n.camel} from './index';
import ${view} from './${view}';

type Loaded = { registry: Registry };

const loginPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams(),
};

const meta: Meta = {
  title: 'Plugins/${n.pascal}/${view}',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([${n.camel}]) })],
  render: (_args, { loaded }) => (
    <LoginViewStory registry={(loaded as Loaded).registry} http={cannedHttp({})} loginPage={loginPage}>
      <${view} error={new ApiError(-1, undefined, 200)} call="signIn" form={{}} retry={() => new Promise<void>(() => undefined)} cancel={() => undefined} goTo={() => undefined} />
    </LoginViewStory>
  ),
};
export default meta;

export const Default: StoryObj = {};
`;
  return new Map([
    ['index.ts', index],
    [`${view}.tsx`, page],
    [`${view}.test.tsx`, test],
    [`${view}.stories.tsx`, story],
  ]);
}
