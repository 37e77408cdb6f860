import type { Phrases } from './phrases';

/** What `npm run new:plugin` can make; an id alone makes an account page. */
export type PluginKind = 'account-page' | 'login-view' | 'step';

export interface PluginOptions {
  /** For a step: the server's error code that starts it. */
  code?: number;
  /** A server half too (plugins/<id>/server/), with one route the account page calls. */
  server?: boolean;
}

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
export function localeMessages(kind: PluginKind, names: Names, phrases: Phrases, options: PluginOptions = {}): Record<string, string> {
  switch (kind) {
    case 'account-page':
      return { menu: names.title, title: names.title, intro: phrases.nothingYet, ...(options.server ? { storedIn: phrases.storedIn } : {}) };
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
export function pluginFiles(kind: PluginKind, names: Names, options: PluginOptions = {}): Map<string, string> {
  const files = kind === 'account-page' ? accountPage(names, options.server ?? false) : kind === 'login-view' ? loginView(names) : step(names, options.code);
  if (options.server) for (const [file, text] of serverHalf(names)) files.set(file, text);
  return files;
}

/** The route the server half answers, as the browser half calls it (the HTTP client adds /api or the regional prefix). */
export const helloPath = ({ id }: Names) => `/${id}/hello`;

function accountPage(n: Names, server: boolean): Map<string, string> {
  const view = `${n.pascal}Page`;
  const index = `import { definePlugin, localeFile } from '@portal/plugin-api';
import type messages from '../../locales/en_US/${n.id}.json';

/** ${n.title}: a page of the account settings${server ? ' that asks its server half (./server/)' : ''} (made by \`npm run new:plugin\`). */
export default definePlugin({
  id: '${n.id}',
  routes: [{ path: '${n.id}', parent: 'accountSetting', view: () => import('./${view}'), titleKey: '${n.id}:title' }],
  menu: [{ id: '${n.id}', path: '${n.id}', labelKey: '${n.id}:menu', order: 70 }],
  locales: { '${n.id}': localeFile('${n.id}') },
});
${namespaceDeclaration(n)}`;

  const page = server
    ? `import { useTheme } from '@emotion/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, LoadFailed, LoadingLine, useHttp, useLoaded } from '@portal/plugin-api';
import { ${n.camel}Api } from './api';

export default function ${view}() {
  const { t } = useTranslation(['${n.id}', 'core']);
  const theme = useTheme();
  const http = useHttp();
  // The plugin's own server half answers (server/routes.ts); where the deployment config turns the
  // plugin off for the account's region it refuses (-19999), and the page says so.
  const { data, failure, reload } = useLoaded(useCallback(() => ${n.camel}Api(http).hello(), [http]));
  return (
    <section
      aria-labelledby="${n.id}-heading"
      css={{ maxWidth: 640, background: theme.colors.surface, borderRadius: theme.radius.lg, padding: theme.space(6), boxShadow: theme.shadow.card }}
    >
      <h1 id="${n.id}-heading" css={{ fontSize: theme.font.sizeXl, margin: 0 }}>
        {t('title')}
      </h1>
      <p css={{ color: theme.colors.textMuted }}>{t('intro')}</p>
      {!data && !failure && <LoadingLine label={t('core:ui.loading')} />}
      {failure && <LoadFailed message={errorMessage(failure, t)} retryLabel={t('core:boundary.retry')} onRetry={() => void reload()} />}
      {data && <p css={{ marginBottom: 0 }}>{t('storedIn', { region: t(\`core:regions.\${data.region}\`) })}</p>}
    </section>
  );
}
`
    : `import { useTheme } from '@emotion/react';
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

  const test = server
    ? `import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES } from '@portal/plugin-api';
import { cannedHttp, regionCodesKept, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import { HELLO_PATH, type HelloResult } from './contract';
import ${n.camel} from './index';
import ${view} from './${view}';

describe('${n.id}', () => {
  it('adds its page to the account menu', async () => {
    const registry = await testRegistry([${n.camel}]);
    expect(registry.routes.map((r) => r.value.path)).toContain('${n.id}');
    expect(registry.menu.map((m) => m.value.labelKey)).toContain('${n.id}:menu');
  });

  it('shows its page with what its server half answers', async () => {
    const registry = await testRegistry([${n.camel}]);
    const hello: HelloResult = { accountId: 'a-1', region: 'Euw' };
    renderPortal(<${view} />, { registry, http: cannedHttp({ [HELLO_PATH]: hello }), path: '/accountSetting/${n.id}' });
    expect(await screen.findByRole('heading', { level: 1, name: '${n.title}' })).toBeInTheDocument();
    expect(await screen.findByText(regionCodesKept('Your data is stored in: Europe (eu-west-1)'))).toBeInTheDocument();
  });

  it("says so when the plugin is off in the account's region, and offers to try again", async () => {
    const registry = await testRegistry([${n.camel}]);
    const off = new ApiError(ERROR_CODES.regionUnavailable, undefined, 403);
    renderPortal(<${view} />, { registry, http: cannedHttp({ [HELLO_PATH]: off }), path: '/accountSetting/${n.id}' });
    expect(await screen.findByRole('alert')).toHaveTextContent("This service is not available in your account's region.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
`
    : `import { screen } from '@testing-library/react';
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

  const http = server ? `cannedHttp({ [HELLO_PATH]: hello })` : 'cannedHttp({})';
  const story = `import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Registry } from '@portal/plugin-api';
import { cannedHttp, demoUser, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
${server ? `import { HELLO_PATH, type HelloResult } from './contract';\n` : ''}import ${n.camel} from './index';
import ${view} from './${view}';

type Loaded = { registry: Registry };
${server ? `\n/** What the server half answers the demo user. */\nconst hello: HelloResult = { accountId: demoUser.accountId, region: demoUser.region };\n` : ''}
const meta: Meta = {
  title: 'Plugins/${n.pascal}/${view}',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([${n.camel}]) })],
  render: (_args, { loaded }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={${http}} user={demoUser} path="/accountSetting/${n.id}">
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

/** The call both halves share (contract.ts: the one browser-side file a server half may import). */
function contract(n: Names): string {
  return `/** ${n.title}'s calls to its own server half: the path and the answer, shared by api.ts and server/routes.ts. */
import type { UserInfo } from '@portal/plugin-api/contract';

/** GET, signed in: the account the server knows the caller as. */
export const HELLO_PATH = '${helloPath(n)}';

export type HelloResult = Pick<UserInfo, 'accountId' | 'region'>;
`;
}

/** The browser half's side of the call. */
function browserApi(n: Names): string {
  return `import type { HttpClient } from '@portal/plugin-api';
import { HELLO_PATH, type HelloResult } from './contract';

export function ${n.camel}Api(http: HttpClient) {
  return {
    hello: () => http.get<HelloResult>(HELLO_PATH),
  };
}
`;
}

/** The call both halves share (contract.ts), the browser's side of it (api.ts), and plugins/<id>/server/: the manifest, one route and its test against a real server. */
function serverHalf(n: Names): Map<string, string> {
  const index = `import { defineServerPlugin } from '@portal/server-api';
import { ${n.camel}Routes } from './routes';

/**
 * ${n.title}'s server half (made by \`npm run new:plugin --server\`): the server finds it by its folder.
 * Its routes answer only where the deployment config turns '${n.id}' on for the caller.
 */
export default defineServerPlugin({
  id: '${n.id}',
  routes: (api, ctx) => ${n.camel}Routes(ctx)(api),
});
`;

  const routes = `import type { FastifyInstance } from 'fastify';
import { authHeaders, ok, requireAuth, type ServerContext } from '@portal/server-api';
import { HELLO_PATH, type HelloResult } from '../contract';

/** ${n.title}'s routes, under /api and each regional prefix (the server's plugin host registers them). */
export function ${n.camel}Routes(ctx: ServerContext) {
  return async (api: FastifyInstance) => {
    api.get(HELLO_PATH, { schema: { headers: authHeaders } }, async (req) => {
      const auth = await requireAuth(ctx, req);
      const result: HelloResult = { accountId: auth.account.id, region: auth.region };
      return ok(result);
    });
  };
}
`;

  const test = `/**
 * ${n.title}'s server half against a real server: a signed-in account gets its answer, and where the
 * deployment config turns the plugin off for the account's region the route refuses before it runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/plugin-api/contract';
import { Client, DEMO_PASSWORD, signIn, startServer, type TestServer } from '../../../server/test/harness';
// The call as both halves share it: the route answers that path with that answer.
import { HELLO_PATH, type HelloResult } from '../contract';

let t: TestServer;
let dir: string;

beforeAll(async () => {
  // A deployment config of its own: ${n.id} on, but off in region Use.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), '${n.id}-'));
  const config = {
    name: '${n.id}-test',
    api: { global: '/api', regions: { Use: '/api/region/use', Aps: '/api/region/aps', Euw: '/api/region/euw' } },
    plugins: { '${n.id}': { enabled: true } },
    regions: { Use: { plugins: { '${n.id}': { enabled: false } } } },
  };
  fs.writeFileSync(path.join(dir, 'portal.json'), JSON.stringify(config));
  t = await startServer({ portalConfigFile: path.join(dir, 'portal.json') });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A demo user's client, signed in. */
async function as(email: string): Promise<Client> {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  return c;
}

describe('${n.id} (server half)', () => {
  it('answers a signed-in account with its id and region', async () => {
    const c = await as('demo@example.com'); // region Euw
    const accountId = (await c.get('/api/user-info', { auth: true })).body.result.accountId as string;
    const res = await c.get(\`/api\${HELLO_PATH}\`, { auth: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toEqual({ accountId, region: 'Euw' } satisfies HelloResult);
  });

  it('asks for a signed-in account', async () => {
    const res = await new Client(t.base).get(\`/api\${HELLO_PATH}\`);
    expect(res.status).toBe(401);
  });

  it("refuses an account of a region where the config turns ${n.id} off: 403, -19999", async () => {
    const c = await as('us@example.com'); // region Use
    const res = await c.get(\`/api\${HELLO_PATH}\`, { auth: true });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe(ERROR_CODES.regionUnavailable);
    expect(res.body.result).toMatchObject({ plugin: '${n.id}', offIn: 'Use' });
  });
});
`;
  return new Map([
    ['contract.ts', contract(n)],
    ['api.ts', browserApi(n)],
    ['server/index.ts', index],
    ['server/routes.ts', routes],
    ['server/routes.test.ts', test],
  ]);
}
