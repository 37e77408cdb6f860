import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { REPO_ROOT } from '../options';
import { parseClients } from './clients';
import { configVocabulary, freshConfigVocabulary, type ConfigVocabulary } from './knownNames';
import { ConfigFileError, readJsonFile } from './readJsonFile';
import { themeNames } from '../../core/build/virtualModules.mjs';
import { checkClientsFile, checkDeploymentFile } from './configChecks';
import { InvalidConfigs, ServedConfigs } from './servedConfigs';

/** The base themes as a refusal lists them. */
const THEMES = themeNames(REPO_ROOT).join(', ');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-configs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const api = { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } };

function write(name: string, content: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

/** The error a check throws. */
function caught(run: () => unknown): Error {
  try {
    run();
  } catch (err) {
    if (err instanceof Error) return err;
  }
  throw new Error('no problem found');
}

/** The message a check throws. */
function problem(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof Error) return err.message;
  }
  throw new Error('no problem found');
}

let vocabulary: ConfigVocabulary;
beforeAll(async () => {
  vocabulary = await configVocabulary(REPO_ROOT);
});

describe('reading a config file', () => {
  it('says when the file is missing', () => {
    expect(problem(() => readJsonFile(path.join(dir, 'nope.json')))).toMatch(/nope\.json: no such file$/);
  });

  it('gives line and column of a JSON syntax error', () => {
    const file = write('syntax.json', '{\n  "name": "x",\n  api: {}\n}');
    expect(problem(() => readJsonFile(file))).toMatch(/syntax\.json: invalid JSON at line 3, column 3: Expected double-quoted property name/);
    const cut = write('cut.json', '{\n  "name": ');
    expect(problem(() => readJsonFile(cut))).toMatch(/cut\.json: invalid JSON at line 2, column 11: the file ends too early$/);
  });
});

describe('a deployment config file, checked like the browser checks it, for every region', () => {
  it('knows the plugins, themes and settings shapes from the folders', () => {
    expect(vocabulary.known.plugins).toContain('sign-in');
    // Every themes/<name>.theme.ts; a new theme needs no edit here.
    expect(vocabulary.known.themes).toEqual(fs.readdirSync(path.join(REPO_ROOT, 'themes')).filter((f) => f.endsWith('.theme.ts')).map((f) => f.slice(0, -'.theme.ts'.length)).sort());
    expect(vocabulary.known.themes).toContain('midnight');
    expect(vocabulary.schemas['reset']).toBeDefined();
    expect(vocabulary.schemas['sign-in']).toBeUndefined();
  });

  it('accepts the repository configs and reports each region’s plugin set', () => {
    const checked = checkDeploymentFile(path.join(REPO_ROOT, 'config/default.json'), vocabulary);
    expect(checked.enabled.Euw).toContain('security');
  });

  it.each([
    ['an unknown top-level key', { name: 'x', api, plugins: {}, regoins: {} }, "field 'regoins': is not a known field; did you mean 'regions'?"],
    ['an unknown plugin', { name: 'x', api, plugins: { captca: { enabled: true } } }, "field 'plugins.captca': is not a plugin (a folder under plugins/); did you mean 'captcha'?"],
    ['an unknown theme', { name: 'x', api, plugins: {}, theme: { name: 'midnite' } }, `field 'theme.name': must be one of ${THEMES}; did you mean 'midnight'?`],
    [
      "a plugin's settings, only wrong in one region",
      { name: 'x', api, plugins: { reset: { enabled: true } }, regions: { Use: { plugins: { reset: { config: { supportUrl: 'ftp://x' } } } } } },
      "Plugin 'reset' in region Use: config field 'supportUrl': must be an http(s) URL",
    ],
    [
      "a plugin's unknown setting",
      { name: 'x', api, plugins: { account: { enabled: true, config: { showAccountID: true } } } },
      "Plugin 'account' in regions Use, Aps, Euw: config field 'showAccountID': is not a known field; did you mean 'showAccountId'?",
    ],
    ['settings for a plugin that takes none', { name: 'x', api, plugins: { 'sign-in': { enabled: true, config: { x: 1 } } } }, "Plugin 'sign-in' in regions Use, Aps, Euw takes no settings, but its config names x"],
    [
      'a plugin enabled in one region only, without its required settings',
      { name: 'x', api, plugins: {}, regions: { Aps: { plugins: { 'partner-app': { enabled: true } } } } },
      "Plugin 'partner-app' in region Aps: config field 'appType': is required",
    ],
  ])('refuses %s, naming file and path', (_what, content, message) => {
    const file = write('deployment.json', content);
    expect(problem(() => checkDeploymentFile(file, vocabulary))).toBe(`${file}: ${message}`);
  });

  it("refuses an app config that does not serve the app it is named for", () => {
    const file = write('app.json', { name: 'x', variant: 'app', api, plugins: { 'partner-app': { enabled: true, config: { appType: 'partner_app_ios' } } } });
    expect(problem(() => checkDeploymentFile(file, vocabulary, 'partner_app_android'))).toContain('serves partner_app_android, so it needs "variant": "app" and the partner-app plugin enabled with "appType": "partner_app_android"');
    expect(checkDeploymentFile(file, vocabulary, 'partner_app_ios').config.variant).toBe('app');
  });

  it('names every problem of a file, one line each, in the order of the file', () => {
    const file = write('typos.json', { name: 'x', api: { ...api, defaultRegon: 'Use' }, plugins: { captca: { enabled: true } }, defaultLanguge: 'de_DE', variant: 'tv' });
    const err = caught(() => checkDeploymentFile(file, vocabulary));
    expect(err).toBeInstanceOf(ConfigFileError);
    const lines = [
      `${file}: field 'defaultLanguge': is not a known field; did you mean 'defaultLanguage'?`,
      `${file}: field 'variant': must be one of web, app, console`,
      `${file}: field 'api.defaultRegon': is not a known field; did you mean 'defaultRegion'?`,
      `${file}: field 'plugins.captca': is not a plugin (a folder under plugins/); did you mean 'captcha'?`,
    ];
    expect((err as ConfigFileError).lines).toEqual(lines);
    expect(err.message).toBe(lines.join('\n'));
  });

  it("names every plugin's every bad setting, once for the regions it is wrong in", () => {
    const file = write('settings.json', {
      name: 'x',
      api,
      plugins: { account: { enabled: true, config: { showAccountID: true, unifiedIdHomeUrl: 7 } }, 'sign-in': { enabled: true, config: { x: 1 } } },
      regions: { Aps: { plugins: { reset: { enabled: true, config: { supportUrl: 'ftp://x' } } } } },
    });
    expect((caught(() => checkDeploymentFile(file, vocabulary)) as ConfigFileError).lines).toEqual([
      `${file}: Plugin 'account' in regions Use, Aps, Euw: config field 'showAccountID': is not a known field; did you mean 'showAccountId'?`,
      `${file}: Plugin 'account' in regions Use, Aps, Euw: config field 'unifiedIdHomeUrl': must be a string`,
      `${file}: Plugin 'sign-in' in regions Use, Aps, Euw takes no settings, but its config names x`,
      `${file}: Plugin 'reset' in region Aps: config field 'supportUrl': must be an http(s) URL`,
    ]);
  });
});

describe('plugins declare what they need', () => {
  const on = { enabled: true };
  const off = { enabled: false };
  const app = (appType: string) => ({ 'partner-app': { enabled: true, config: { appType } } });

  it('reads each plugin’s needs from its config.ts ([] when it declares none)', () => {
    expect(vocabulary.needs['recovery-codes']).toEqual(['mfa']);
    expect(vocabulary.needs['trusted-device']).toEqual(['mfa']);
    expect(vocabulary.needs['sign-in']).toEqual([]);
    expect(Object.keys(vocabulary.needs).sort()).toEqual([...vocabulary.known.plugins].sort());
    // A config.ts may hold its needs only: no settings shape.
    expect(vocabulary.schemas['recovery-codes']).toBeUndefined();
  });

  it('refuses a need broken in one region only, naming both plugins and that region', () => {
    const file = write('needs.json', { name: 'x', api, plugins: { mfa: on, 'recovery-codes': on, 'trusted-device': on }, regions: { Use: { plugins: { mfa: off } } } });
    expect((caught(() => checkDeploymentFile(file, vocabulary)) as ConfigFileError).lines).toEqual([
      `${file}: plugin 'recovery-codes' needs 'mfa', which is off in region Use`,
      `${file}: plugin 'trusted-device' needs 'mfa', which is off in region Use`,
    ]);
  });

  it('names every region a need is broken in, and accepts a region that turns the needing plugin off too', () => {
    const file = write('needs-all.json', { name: 'x', api, plugins: { 'recovery-codes': on }, regions: { Aps: { plugins: { 'recovery-codes': off } } } });
    expect(problem(() => checkDeploymentFile(file, vocabulary))).toBe(`${file}: plugin 'recovery-codes' needs 'mfa', which is off in regions Use, Euw`);
    const fine = write('needs-fine.json', { name: 'x', api, plugins: { mfa: on, 'recovery-codes': on }, regions: { Use: { plugins: { mfa: off, 'recovery-codes': off } } } });
    expect(checkDeploymentFile(fine, vocabulary).enabled.Use).toEqual([]);
  });

  it('refuses a need broken in an app config, naming the app', () => {
    const file = write('app-needs.json', { name: 'x', variant: 'app', api, plugins: { ...app('partner_app_ios'), 'trusted-device': on } });
    expect(problem(() => checkDeploymentFile(file, vocabulary, 'partner_app_ios'))).toBe(`${file}: plugin 'trusted-device' needs 'mfa', which is off for partner_app_ios in regions Use, Aps, Euw`);
  });

  it('the server does not start on a broken need', async () => {
    const bad = write('needs-start.json', { name: 'x', api, plugins: { mfa: on, 'recovery-codes': on }, regions: { Euw: { plugins: { mfa: off } } } });
    const err = (await buildServer({ testMode: true, dataDir: path.join(dir, 'never-created-3'), portalConfigFile: bad, appConfigFiles: {} }).then(() => null, (e: unknown) => e)) as InvalidConfigs;
    expect(err).toBeInstanceOf(InvalidConfigs);
    expect(err.problems).toEqual([`${bad}: plugin 'recovery-codes' needs 'mfa', which is off in region Euw`]);
  });

  it('refuses a config.ts whose needs name no plugin, or that exports a settings shape that is not one', async () => {
    /** A repository of two plugins, mfa and one whose config.ts is given (a fresh file each time: imports are cached). */
    const refusal = async (config: string) => {
      const root = fs.mkdtempSync(path.join(dir, 'root-'));
      for (const [id, text] of [['mfa', ''], ['codes', config]]) {
        fs.mkdirSync(path.join(root, 'plugins', id!), { recursive: true });
        fs.writeFileSync(path.join(root, 'plugins', id!, 'index.ts'), 'export default {};\n');
        fs.writeFileSync(path.join(root, 'plugins', id!, 'config.ts'), text!);
      }
      return (await freshConfigVocabulary(root).then(() => null, (e: unknown) => e)) as Error;
    };
    expect((await refusal("export const needs = ['mfaa'] as const;\n")).message).toBe("plugins/codes/config.ts: needs 'mfaa', which is not a plugin (a folder under plugins/); did you mean 'mfa'?");
    expect((await refusal("export const needs = 'mfa';\n")).message).toBe("plugins/codes/config.ts: needs must be a list of plugin ids (export const needs = ['mfa'] as const)");
    expect((await refusal("export const needs = ['codes'];\n")).message).toBe("plugins/codes/config.ts: needs names 'codes' itself");
    expect((await refusal("export const configSchema = { url: 'x' };\n")).message).toBe('plugins/codes/config.ts: configSchema must be a config shape (@portal/plugin-api/config)');
  });
});

describe('a config runs its own kind of plugins only', () => {
  const on = { enabled: true };
  it('reads the console plugins from their config.ts (web when a plugin declares nothing)', () => {
    expect(Object.entries(vocabulary.surfaces).filter(([, s]) => s === 'console').map(([id]) => id).sort()).toEqual(['ops-console', 'ops-helpdesk', 'ops-services', 'ops-switches']);
    expect(vocabulary.surfaces['sign-in']).toBe('web');
    expect(vocabulary.needs['ops-switches']).toEqual(['ops-console']);
  });

  it('refuses a console plugin in a portal config, naming its regions', () => {
    const file = write('web-ops.json', { name: 'x', api, plugins: { 'ops-console': on }, regions: { Use: { plugins: { 'ops-console': { enabled: false } } } } });
    expect(problem(() => checkDeploymentFile(file, vocabulary, undefined, false, true))).toBe(
      `${file}: plugin 'ops-console' is part of the ops console (its config.ts says surface 'console'): it runs in the console's config (OPS_CONFIG) only (on in regions Aps, Euw)`,
    );
  });

  it("refuses a portal plugin in the console's config, and accepts the repository's console config", () => {
    const file = write('ops-web.json', { name: 'x', variant: 'console', api, plugins: { 'ops-console': on, 'sign-in': on } });
    expect(problem(() => checkDeploymentFile(file, vocabulary, undefined, true))).toBe(`${file}: plugin 'sign-in' runs on the portal's pages, not in the ops console (on in every region)`);
    expect(checkDeploymentFile(path.join(REPO_ROOT, 'config/ops.json'), vocabulary, undefined, true).enabled.Use).toEqual(['ops-console', 'ops-switches', 'ops-helpdesk', 'ops-services']);
  });

  it('refuses a config.ts whose surface is neither web nor console', async () => {
    const root = fs.mkdtempSync(path.join(dir, 'root-'));
    fs.mkdirSync(path.join(root, 'plugins', 'x'), { recursive: true });
    fs.writeFileSync(path.join(root, 'plugins', 'x', 'index.ts'), 'export default {};\n');
    fs.writeFileSync(path.join(root, 'plugins', 'x', 'config.ts'), "export const surface = 'ops';\n");
    const err = (await freshConfigVocabulary(root).then(() => null, (e: unknown) => e)) as Error;
    expect(err.message).toBe("plugins/x/config.ts: surface must be 'web' or 'console' (export const surface = 'console' as const)");
  });
});

describe('a config larger than any config needs', () => {
  it('is refused, as a deployment config and as a clients list, with its size', () => {
    const blob = 'x'.repeat(70 * 1024);
    const web = write('big.json', { name: 'x', api, plugins: { 'sign-in': { enabled: false, config: { blob } } } });
    expect(problem(() => checkDeploymentFile(web, vocabulary))).toBe(`${web}: is 71 KB as the page carries it (compact JSON); a config may be at most 64 KB`);
    const clients = write('big-clients.json', [{ id: 'c', name: 'y'.repeat(1100 * 1024) }]);
    // Each `<` is six bytes in the page: 12 000 of them (12 KB of JSON) weigh 70 KB there (attack review).
    const angles = write('angles.json', { name: 'x', api, plugins: { 'sign-in': { enabled: false, config: { blob: '<'.repeat(12_000) } } } });
    expect(problem(() => checkDeploymentFile(angles, vocabulary))).toMatch(/: is 71 KB as the page carries it/);
    expect(problem(() => checkClientsFile(clients, vocabulary, []))).toMatch(/^.*big-clients\.json: is 1101 KB as the page carries it \(compact JSON\); a config may be at most 1024 KB$/);
  });
});

describe('CLIENTS_FILE', () => {
  const client = { id: 'shop', name: 'Shop', redirectUris: ['https://shop.example/cb'] };
  it.each([
    ['not a list', {}, "field '(root)': must be a list"],
    ['an unknown key', [{ ...client, redirectUri: [] }], "field '[0].redirectUri': (client 'shop') is not a known field; did you mean 'redirectUris'?"],
    ['a redirect URI that is not absolute', [{ ...client, redirectUris: ['/cb'] }], "field '[0].redirectUris[0]': (client 'shop') must be an absolute http(s) URL"],
    ['a redirect URI with a fragment', [{ ...client, redirectUris: ['https://shop.example/cb#x'] }], "field '[0].redirectUris[0]': (client 'shop') must not have a fragment"],
    ['an unknown branding key', [{ ...client, branding: { logo: '/x.svg' } }], "field '[0].branding.logo': (client 'shop') is not a known field; expected one of:"],
    ['an unknown theme', [{ ...client, branding: { theme: { name: 'midnite' } } }], `field '[0].branding.theme.name': (client 'shop') must be one of ${THEMES}; did you mean 'midnight'?`],
    ['a theme group a client may not set', [{ ...client, branding: { theme: { overrides: { breakpoints: { mobile: 500 } } } } }], "field '[0].branding.theme.overrides.breakpoints': (client 'shop') is not a known field; expected one of: colors, font, radius, shadow"],
    ['a bad theme colour', [{ ...client, branding: { theme: { overrides: { colors: { primary: 'green-ish' } } } } }], "field '[0].branding.theme.overrides.colors.primary': (client 'shop') must be a CSS colour"],
    ['an unknown plugin', [{ ...client, plugins: ['sign-inn'] }], "field '[0].plugins[0]': (client 'shop') must be one of"],
    ['a duplicate id', [client, client], "field '[1].id': 'shop' is listed twice"],
    ['a built-in id', [{ ...client, id: 'portal' }], "field '[0].id': 'portal' is a built-in client's id"],
    ['a short OpenID client secret', [{ ...client, secret: 'hunter2' }], "field '[0].secret': (client 'shop') must be at least 32 characters"],
    ['a token endpoint auth method without a secret', [{ ...client, tokenEndpointAuthMethod: 'client_secret_post' }], "field '[0].tokenEndpointAuthMethod': (client 'shop') needs a secret"],
    ['a post-logout redirect URI that is not absolute', [{ ...client, postLogoutRedirectUris: ['/bye'] }], "field '[0].postLogoutRedirectUris[0]': (client 'shop') must be an absolute http(s) URL"],
    ['a back-channel logout URI with a fragment', [{ ...client, backchannelLogoutUri: 'https://shop.example/logout#x' }], "field '[0].backchannelLogoutUri': (client 'shop') must not have a fragment"],
    ['an unknown OpenID scope', [{ ...client, scopes: ['openid', 'phone'] }], "field '[0].scopes[1]': (client 'shop') must be one of openid, email, profile, offline_access"],
  ])('refuses %s', (_what, content, message) => {
    const check = () => {
      try {
        return parseClients(content, vocabulary.known, ['portal']);
      } catch (err) {
        const e = err as { path: string; message: string };
        throw new Error(`field '${e.path || '(root)'}': ${e.message}`);
      }
    };
    expect(problem(check)).toContain(message);
  });

  it('a clients file: every problem of every client, one line each', () => {
    const file = write('clients-many.json', [
      { ...client, redirectUri: [] },
      { ...client, id: 'blog', redirectUris: ['/cb'], secret: 'hunter2', tokenEndpointAuthMethod: 'client_secret_post' },
      { ...client, tokenEndpointAuthMethod: 'client_secret_basic' },
    ]);
    expect((caught(() => checkClientsFile(file, vocabulary, ['portal'])) as ConfigFileError).lines).toEqual([
      `${file}: field '[0].redirectUri': (client 'shop') is not a known field; did you mean 'redirectUris'?`,
      `${file}: field '[1].redirectUris[0]': (client 'blog') must be an absolute http(s) URL`,
      `${file}: field '[1].secret': (client 'blog') must be at least 32 characters (a random secret)`,
      `${file}: field '[2].id': 'shop' is listed twice`,
      `${file}: field '[2].tokenEndpointAuthMethod': (client 'shop') needs a secret`,
    ]);
  });

  it('accepts an OpenID client with a secret and scopes', () => {
    const rp = {
      ...client,
      secret: 'x'.repeat(32),
      tokenEndpointAuthMethod: 'client_secret_post',
      scopes: ['openid', 'email'],
      postLogoutRedirectUris: ['https://shop.example/signed-out'],
      backchannelLogoutUri: 'https://shop.example/backchannel-logout',
    };
    expect(parseClients([rp], vocabulary.known)).toEqual([rp]);
  });

  it('accepts a client with branding and a theme of its own', () => {
    const branded = { ...client, branding: { title: 'Shop', logoUrl: 'https://cdn.shop.example/logo.svg', theme: { name: 'default', overrides: { colors: { primary: '#0a7d32' } } } } };
    expect(parseClients([branded], vocabulary.known)).toEqual([branded]);
  });
});

describe('the server refuses to start on a bad config', () => {
  it('lists every bad file in one error before opening anything', async () => {
    const bad = write('bad.json', { name: 'x', api, plugins: { securty: { enabled: true } } });
    const clients = write('clients.json', '[{"id": "a",]');
    const dataDir = path.join(dir, 'never-created');
    const run = buildServer({ testMode: true, dataDir, portalConfigFile: bad, clientsFile: clients, appConfigFiles: {} });
    await expect(run).rejects.toThrow(InvalidConfigs);
    const err = (await run.then(() => null, (e: unknown) => e)) as InvalidConfigs;
    expect(err.problems).toEqual([
      `${bad}: field 'plugins.securty': is not a plugin (a folder under plugins/); did you mean 'security'?`,
      `${clients}: invalid JSON at line 1, column 13: Expected double-quoted property name`,
    ]);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('lists every problem of one file, one line each', async () => {
    const bad = write('bad-many.json', { name: 'x', api, plugins: { securty: { enabled: true }, mfa: { enabled: 'yes' } }, regoins: {} });
    const run = buildServer({ testMode: true, dataDir: path.join(dir, 'never-created-2'), portalConfigFile: bad, appConfigFiles: {} });
    const err = (await run.then(() => null, (e: unknown) => e)) as InvalidConfigs;
    expect(err).toBeInstanceOf(InvalidConfigs);
    expect(err.problems).toEqual([
      `${bad}: field 'regoins': is not a known field; did you mean 'regions'?`,
      `${bad}: field 'plugins.securty': is not a plugin (a folder under plugins/); did you mean 'security'?`,
      `${bad}: field 'plugins.mfa.enabled': must be true or false`,
    ]);
  });

  it('names a missing file', async () => {
    const missing = path.join(dir, 'missing.json');
    await expect(buildServer({ testMode: true, dataDir: path.join(dir, 'd2'), portalConfigFile: missing, appConfigFiles: {} })).rejects.toThrow(`${missing}: no such file`);
  });

  it('wraps a ConfigFileError with the file', () => {
    expect(new ConfigFileError('/x/y.json', 'no such file').message).toBe('/x/y.json: no such file');
  });
});

describe('a live edit', () => {
  it('is refused with every problem, one line each, and the last good version goes on being served', () => {
    const file = write('live.json', { name: 'live', api, plugins: { mfa: { enabled: true } } });
    const warnings: string[] = [];
    const served = ServedConfigs.load({ portalConfigFile: file, appConfigFiles: {}, reservedClientIds: [], vocabulary, warn: (m) => warnings.push(m) });
    fs.writeFileSync(file, JSON.stringify({ name: 'live', api, plugins: { mfa: { enabled: true }, securty: { enabled: true } }, regoins: {} }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(served.deployment(file)?.config.name).toBe('live');
    expect(warnings).toEqual([
      [
        `config: refused the edit of ${file} (2 problems); still serving the last good version`,
        `  ${file}: field 'regoins': is not a known field; did you mean 'regions'?`,
        `  ${file}: field 'plugins.securty': is not a plugin (a folder under plugins/); did you mean 'security'?`,
      ].join('\n'),
    ]);
    served.close();
  });
});
