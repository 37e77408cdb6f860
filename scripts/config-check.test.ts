import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { themeNames } from '../core/build/virtualModules.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-config-check-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const api = { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } };

function configCheck(...files: string[]) {
  // The command exactly as docs/operations.md gives it.
  return spawnSync('npm', ['run', '--silent', 'config:check', '--', ...files], { encoding: 'utf8', timeout: 60_000 });
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
  });

  it("checks the repository's configs and prints each region's plugins and each app's config", () => {
    const run = configCheck();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('ok    config/default.json (default; web)');
    expect(run.stdout).toMatch(/config\/app-ios\.json \(app-ios; partner app partner_app_ios\)/);
    expect(run.stdout).toMatch(/partner_app_android +config\/app-android\.json/);
    expect(run.stdout).toContain('All 6 config file(s) are valid.');
  });

  it('shows what a region drops or adds against the default region', () => {
    const file = path.join(dir, 'regions.json');
    const plugins = { 'sign-in': { enabled: true }, security: { enabled: true }, company: { enabled: true }, account: { enabled: false } };
    fs.writeFileSync(file, JSON.stringify({ name: 'ops', api, plugins, regions: { Use: { plugins: { security: { enabled: false }, company: { enabled: false }, account: { enabled: true } } } } }));
    const run = configCheck(file);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Euw \(default\) +3 plugins: sign-in, security, company/);
    expect(run.stdout).toMatch(/Use +2 plugins: -security -company \+account \(against Euw\)/);
    expect(run.stdout).toMatch(/Aps +as Euw/);
  });

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
      `FAIL  ${bad}: Plugin 'account' in regions Use, Aps, Euw: config field 'unifiedIdHomeUrl': must be an https URL or a path on the portal (/…)`,
      `FAIL  ${bad}: Plugin 'reset' in regions Use, Aps, Euw: config field 'supportUrl': must be a string`,
    ]);
  });
});
