import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { themeNames } from '../core/build/virtualModules.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-config-check-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const api = { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } };
/** A run that builds plugin registries (a valid deployment config) takes seconds more; on a busy 2-core machine, many. */
const BUILDS_REGISTRIES = 60_000;

function configCheck(...files: string[]) {
  // The command exactly as docs/operations.md gives it.
  return spawnSync('npm', ['run', '--silent', 'config:check', '--', ...files], { encoding: 'utf8', timeout: 60_000 });
}

/** The command with environment variables of its own (PORTAL_APP_CONFIGS, CLIENTS_FILE). */
function configCheckWith(env: Record<string, string>, ...args: string[]) {
  return spawnSync('npm', ['run', '--silent', 'config:check', '--', ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
}

/** A JSON file in the test's folder. */
function write(name: string, content: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

/** The first ```json block after a heading of the operators' guide: the examples an operator copies. */
function readmeExample(heading: string): string {
  const readme = fs.readFileSync('docs/operations.md', 'utf8');
  const from = readme.indexOf(heading);
  const block = /```json\n([\s\S]*?)```/.exec(readme.slice(from));
  if (from < 0 || !block) throw new Error(`docs/operations.md has no example under ${heading}`);
  return block[1]!;
}

describe('npm run config:check', () => {
  it("passes the operators' guide's examples as written", () => {
    const config = path.join(dir, 'readme-config.json');
    fs.writeFileSync(config, readmeExample('\n## A deployment config\n').replace('"./schema.json"', '"../config/schema.json"'));
    const clients = path.join(dir, 'readme-clients.json');
    fs.writeFileSync(clients, readmeExample('\n## Connected services and their look\n'));
    const run = configCheck(config, clients);
    expect(run.stdout).toContain('All 2 config file(s) are valid.');
    expect(run.stdout).toMatch(/Use +2 plugins: -security -company \(against Euw\)/);
    expect(run.stdout).toContain('1 connected service(s): shop');
    expect(run.status).toBe(0);
  }, BUILDS_REGISTRIES);

  it("checks the repository's configs and prints each region's plugins and each app's config", () => {
    const run = configCheck();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('ok    config/default.json (default; web)');
    expect(run.stdout).toMatch(/config\/app-ios\.json \(app-ios; partner app partner_app_ios\)/);
    expect(run.stdout).toMatch(/partner_app_android +config\/app-android\.json/);
    expect(run.stdout).toContain('The plugin registry of each deployment config builds in every region (Use, Aps, Euw) as the browser builds it.');
    expect(run.stdout).toContain('All 7 config file(s) are valid.');
  }, BUILDS_REGISTRIES);

  it("names a clash a browser would stop at, from the real manifests, with the app, file and regions (scripts/offlineRegistry.ts)", () => {
    // The app's entry and the web's authorize entry both claim '/': each plugin alone is fine, together no page starts.
    const app = write('app-clash.json', {
      name: 'app',
      variant: 'app',
      api,
      plugins: { 'partner-app': { enabled: true, config: { appType: 'partner_app_android' } }, authorize: { enabled: true }, account: { enabled: true } },
      regions: { Aps: { plugins: { authorize: { enabled: false } } } },
    });
    const fine = write('app-fine.json', { name: 'app', variant: 'app', api, plugins: { 'partner-app': { enabled: true, config: { appType: 'partner_app_ios' } }, account: { enabled: true } } });
    const run = configCheckWith({ PORTAL_APP_CONFIGS: `partner_app_android=${app},partner_app_ios=${fine}` }, app, fine);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([
      `FAIL  ${app} (partner_app_android, regions Use, Euw): Route '/' is contributed by both 'partner-app' and 'authorize'`,
    ]);
    expect(run.stdout).toContain(`ok    ${fine} (app; partner app partner_app_ios)`);
    expect(run.stdout).toContain("Some configs' plugins clash: a browser would refuse to start with them");
  }, BUILDS_REGISTRIES);

  it('shows what a region drops or adds against the default region', () => {
    const file = path.join(dir, 'regions.json');
    const plugins = { 'sign-in': { enabled: true }, security: { enabled: true }, company: { enabled: true }, account: { enabled: false } };
    fs.writeFileSync(file, JSON.stringify({ name: 'ops', api, plugins, regions: { Use: { plugins: { security: { enabled: false }, company: { enabled: false }, account: { enabled: true } } } } }));
    const run = configCheck(file);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Euw \(default\) +3 plugins: sign-in, security, company/);
    expect(run.stdout).toMatch(/Use +2 plugins: -security -company \+account \(against Euw\)/);
    expect(run.stdout).toMatch(/Aps +as Euw/);
  }, BUILDS_REGISTRIES);

  it('checks a clients file too, and fails with every problem named', () => {
    const clients = path.join(dir, 'clients.json');
    fs.writeFileSync(clients, JSON.stringify([{ id: 'shop', name: 'Shop', redirectUris: ['https://shop.example/cb'], branding: { theme: { name: 'midnite' } } }]));
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ name: 'x', api, plugins: {}, defaultLanguge: 'de_DE' }));
    const run = configCheck(clients, bad);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`FAIL  ${clients}: field '[0].branding.theme.name': (client 'shop') must be one of ${themeNames(process.cwd()).join(', ')}; did you mean 'midnight'?`);
    expect(run.stdout).toContain(`FAIL  ${bad}: field 'defaultLanguge': is not a known field; did you mean 'defaultLanguage'?`);
    expect(run.stdout).toContain('Some config files are invalid');
  });

  it('names every problem of a file, one FAIL line each (three typos, three lines)', () => {
    const bad = path.join(dir, 'typos.json');
    fs.writeFileSync(bad, JSON.stringify({ name: 'x', api, plugins: { captca: { enabled: true }, account: { enabled: true, config: { showAccountID: true } } }, defaultLanguge: 'de_DE' }));
    const run = configCheck(bad);
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([
      `FAIL  ${bad}: field 'defaultLanguge': is not a known field; did you mean 'defaultLanguage'?`,
      `FAIL  ${bad}: field 'plugins.captca': is not a plugin (a folder under plugins/); did you mean 'captcha'?`,
      `FAIL  ${bad}: Plugin 'account' in regions Use, Aps, Euw: config field 'showAccountID': is not a known field; did you mean 'showAccountId'?`,
    ]);
    fs.writeFileSync(bad, JSON.stringify({ name: 'x', api, plugins: { account: { enabled: true, config: { showAccountID: true, unifiedIdHomeUrl: 'ftp://x' } }, reset: { enabled: true, config: { supportUrl: 1 } } } }));
    expect(configCheck(bad).stdout.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([
      `FAIL  ${bad}: Plugin 'account' in regions Use, Aps, Euw: config field 'showAccountID': is not a known field; did you mean 'showAccountId'?`,
      `FAIL  ${bad}: Plugin 'account' in regions Use, Aps, Euw: config field 'unifiedIdHomeUrl': must be an https URL (the vendor's Unified ID home; the demo page is developmentHomeUrl)`,
      `FAIL  ${bad}: Plugin 'reset' in regions Use, Aps, Euw: config field 'supportUrl': must be a string`,
    ]);
  });

  it('refuses a need broken in one region, naming both plugins and the region', () => {
    const file = write('needs.json', { name: 'x', api, plugins: { mfa: { enabled: true }, 'recovery-codes': { enabled: true } }, regions: { Aps: { plugins: { mfa: { enabled: false } } } } });
    const run = configCheck(file);
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([`FAIL  ${file}: plugin 'recovery-codes' needs 'mfa', which is off in region Aps`]);
  });

  // The fixture outside plugin (tests/fixtures/portal-plugin-stamps, a devDependency) ships English and German only.
  it("knows an outside plugin's id and settings, and notes the texts it lacks where a config turns it on", () => {
    const file = write('stamps.json', { name: 'x', api, plugins: { stamps: { enabled: true, config: { goal: 7 } } } });
    const run = configCheck(file);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("note  plugin 'stamps' (@acme/portal-plugin-stamps 1.2.0) ships texts in 2 of 21 languages: the page shows English where one is missing");
    expect(run.stdout).toMatch(/ {8}no texts: ar_SA, bg_BG, cs_CZ, es_ES, .*, zh_TW\n/);
    expect(run.stdout).toContain('        de_DE lacks 2 of 7: collected, full');
    // Where no config turns it on, nothing to say about its texts.
    expect(configCheck(write('none-on.json', { name: 'x', api, plugins: {} })).stdout).not.toContain("plugin 'stamps'");
  }, BUILDS_REGISTRIES);

  it("checks an outside plugin's settings with its own shape", () => {
    const file = write('stamps-bad.json', { name: 'x', api, plugins: { stamps: { enabled: true, config: { goal: 0, gaol: 3 } } } });
    const run = configCheck(file);
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([
      `FAIL  ${file}: Plugin 'stamps' in regions Use, Aps, Euw: config field 'gaol': is not a known field; did you mean 'goal'?`,
      `FAIL  ${file}: Plugin 'stamps' in regions Use, Aps, Euw: config field 'goal': must be a whole number from 1 to 100`,
    ]);
  });

  it("refuses a need broken in an app's config, checked as that app's (PORTAL_APP_CONFIGS)", () => {
    const app = write('app.json', { name: 'app', variant: 'app', api, plugins: { 'partner-app': { enabled: true, config: { appType: 'partner_app_android' } }, 'trusted-device': { enabled: true } } });
    const run = configCheckWith({ PORTAL_APP_CONFIGS: `partner_app_android=${app}` }, app);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`FAIL  ${app}: plugin 'trusted-device' needs 'mfa', which is off for partner_app_android in regions Use, Aps, Euw`);
  });

  it('--help says what it checks, its arguments, environment and exit codes', () => {
    const run = configCheck('--help');
    expect(run.status).toBe(0);
    for (const part of ['Usage: npm run config:check --', 'What it checks', "needs 'mfa'", '--region <code>', '--app <app type>', 'CLIENTS_FILE', 'PORTAL_APP_CONFIGS', 'Exit codes', '  2  the command line is wrong']) {
      expect(run.stdout).toContain(part);
    }
    expect(configCheck('-h').stdout).toBe(run.stdout);
  });

  it("--region prints one region's plugins with their merged settings, and those off", () => {
    const file = write('region.json', {
      name: 'ops',
      api,
      plugins: { 'sign-in': { enabled: true }, reset: { enabled: true }, security: { enabled: true }, mfa: { enabled: true }, 'recovery-codes': { enabled: true } },
      regions: { Use: { plugins: { reset: { config: { supportUrl: 'https://help.example/us' } }, security: { enabled: false } } } },
    });
    const run = configCheck('--region', 'Use', file);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`ok    ${file} (ops; web)`);
    expect(run.stdout).toContain('Region Use: 4 plugins on, with the settings the page gets (region overrides merged, defaults filled in):');
    expect(run.stdout).toMatch(/^ {2}sign-in +\(takes no settings\)$/m);
    expect(run.stdout).toMatch(/^ {2}reset +\{"supportUrl":"https:\/\/help\.example\/us"\}$/m);
    expect(run.stdout).toMatch(/^ {2}recovery-codes +\(takes no settings\); needs mfa$/m);
    expect(run.stdout).toContain('Off in Use: security');
    // Another region: the base block, its default filled in; --region=<code> works too.
    expect(configCheck('--region=Euw', file).stdout).toMatch(/^ {2}reset +\{"supportUrl":"https:\/\/support\.unified-id\.example"\}$/m);
    // Without a file: config/default.json.
    expect(configCheck('--region', 'Aps').stdout).toContain('ok    config/default.json (default; web)');
  });

  it('--region on an invalid config names its problems and exits 1', () => {
    const file = write('region-bad.json', { name: 'x', api, plugins: { mfa: { enabled: false }, 'trusted-device': { enabled: true } } });
    const run = configCheck('--region', 'Use', file);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`FAIL  ${file}: plugin 'trusted-device' needs 'mfa', which is off in regions Use, Aps, Euw`);
  });

  it("--app prints that app type's config's effective settings", () => {
    const run = configCheck('--app', 'partner_app_ios');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Pages opened by partner_app_ios get config/app-ios.json.');
    expect(run.stdout).toContain('ok    config/app-ios.json (app-ios; partner app partner_app_ios)');
    expect(run.stdout).toContain('Region Euw (the default region; --region picks another):');
    expect(run.stdout).toMatch(/^ {2}partner-app +\{"appType":"partner_app_ios","returnUri":"com.vendor.partnerapp:\/\/unified-id\/linked"\}$/m);
    expect(run.stdout).toMatch(/^ {2}social-sign-in +\{"providers":\["google"\]\}$/m);
    // The file PORTAL_APP_CONFIGS names for the app, and another region.
    const app = write('app-ok.json', { name: 'droid', variant: 'app', api, plugins: { 'partner-app': { enabled: true, config: { appType: 'partner_app_android' } }, account: { enabled: true } }, regions: { Use: { plugins: { account: { enabled: false } } } } });
    const mine = configCheckWith({ PORTAL_APP_CONFIGS: `partner_app_android=${app}` }, '--app', 'partner_app_android', '--region', 'Use');
    expect(mine.status, mine.stderr).toBe(0);
    expect(mine.stdout).toContain(`ok    ${app} (droid; partner app partner_app_android)`);
    expect(mine.stdout).toContain('Region Use: 1 plugin on');
    expect(mine.stdout).toContain('Off in Use: account');
  });

  it.each([
    [['--regon', 'Use'], "config:check: '--regon' is not an option; did you mean '--region'?"],
    [['--verbose'], "config:check: '--verbose' is not an option; expected one of: --region, --app, --help, -h"],
    [['--region', 'USE'], "config:check: 'USE' is not a region code; did you mean 'Use'?"],
    [['--region', 'Mars'], "config:check: 'Mars' is not a region code; expected one of: Use, Aps, Euw"],
    [['--region'], 'config:check: --region needs a region code (Use, Aps, Euw)'],
    [['--app', 'partner_app_iso'], "config:check: 'partner_app_iso' is not an app type; did you mean 'partner_app_ios'?"],
    [['--region', 'Use', 'a.json', 'b.json'], 'config:check: --region shows one config, but 2 files are given'],
  ])('refuses %j with a did-you-mean, exit code 2', (args, message) => {
    const run = configCheck(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`${message}\n(npm run config:check -- --help says what it takes)\n`);
    expect(run.stdout).toBe('');
  });

  it('says so when npm took an option for itself (no -- before it)', () => {
    const run = spawnSync('npm', ['run', '--silent', 'config:check', '--region', 'Use'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('npm took --region for itself: put -- before the options (npm run config:check -- --region …)');
  });
});
