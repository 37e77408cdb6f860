import { readdirSync, readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { catalogue } from 'virtual:plugin-catalogue';
import { describe, expect, it } from 'vitest';
import { servicesForRegion } from '../boot/servicesForRegion';
import { REGION_CODES } from '../contract/regions';
import type { HttpClient } from '../http/client';
import { validatePluginConfig } from '../registry/registry';
import { ConfigError, enabledPluginIds, parseDeploymentConfig, pluginsForRegion } from './loadConfig';

const base = { name: 't', api: { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } } };

describe('parseDeploymentConfig', () => {
  it('fills defaults: Europe, en_US, default theme, sign-in at the authorize entry', () => {
    const config = parseDeploymentConfig({ ...base, plugins: {} });
    expect(config.api.defaultRegion).toBe('Euw');
    expect(config.defaultLanguage).toBe('en_US');
    expect(config.theme.name).toBe('default');
    expect(config.signInPath).toBe('/');
    expect(config.variant).toBe('web');
  });

  it('keeps the plugin and region blocks; accepts the editor hint $schema and drops it', () => {
    const raw = { $schema: './schema.json', ...base, plugins: { a: { enabled: true, config: { x: 1 } } }, regions: { Aps: { plugins: { a: { enabled: false } } } } };
    const config = parseDeploymentConfig(raw);
    expect(config.plugins).toEqual({ a: { enabled: true, config: { x: 1 } } });
    expect(config.regions).toEqual({ Aps: { plugins: { a: { enabled: false } } } });
    expect(config).not.toHaveProperty('$schema');
    expect(parseDeploymentConfig(base).plugins).toEqual({});
  });

  it.each([
    [{ ...base, plugins: { x: { enabled: 'yes' } } }, "field 'plugins.x.enabled': must be true or false"],
    [{ ...base, plugins: { x: {} } }, "field 'plugins.x.enabled': is required"],
    [{ ...base, plugins: { x: { enabled: true, config: [] } } }, "field 'plugins.x.config': must be an object"],
    [{ ...base, api: { global: '/api', regions: { Use: '/u', Aps: '/a' } }, plugins: {} }, "field 'api.regions.Euw': is required"],
    [{ ...base, api: { ...base.api, global: '' }, plugins: {} }, "field 'api.global': is required"],
    [{ ...base, plugins: {}, regions: { Mars: { plugins: {} } } }, "field 'regions.Mars': is not a region code; expected one of: Use, Aps, Euw"],
    [{ ...base, plugins: {}, regions: { Aps: { plugins: { x: { enabled: 1 } } } } }, "field 'regions.Aps.plugins.x.enabled'"],
    [{ ...base, plugins: {}, variant: 'tv' }, "field 'variant': must be one of web, app, console"],
    [{ ...base, plugins: {}, variant: 'ap' }, "field 'variant': must be one of web, app, console; did you mean 'app'?"],
    [{ ...base, plugins: {}, defaultLanguage: 'xx_XX' }, "field 'defaultLanguage': must be one of en_US,"],
    [{ ...base, plugins: {}, officialHosts: 'localhost' }, "field 'officialHosts': must be a list"],
    [{ ...base, plugins: {}, allowedRedirects: ['https://ok.example', 'not a url'] }, "field 'allowedRedirects[1]': must be an absolute http(s) URL"],
    [{ ...base, plugins: {}, allowedRedirects: ['javascript:alert(1)'] }, "field 'allowedRedirects[0]': must be an absolute http(s) URL"],
    [{ ...base, plugins: {}, theme: { name: 7 } }, "field 'theme.name': must be a string"],
    ['{}', "field '(root)': must be an object"],
  ])('names the bad field and what is wrong: %j', (raw, message) => {
    expect(() => parseDeploymentConfig(raw)).toThrow(ConfigError);
    expect(() => parseDeploymentConfig(raw)).toThrow(`Deployment config: ${message}`);
  });
});

describe('addresses a config names (attack review of issue 28)', () => {
  const problem = (over: Record<string, unknown>) => {
    try {
      parseDeploymentConfig({ ...base, plugins: {}, ...over });
      return null;
    } catch (err) {
      return (err as ConfigError).problems.join('\n');
    }
  };

  it('takes a sign-in path on this portal only', () => {
    expect(problem({ signInPath: '/app/sign-in' })).toBeNull();
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'login']) expect(problem({ signInPath: bad }), bad).toMatch(/signInPath.*must be a path on this portal/);
  });

  it('takes official hosts as host[:port] only: nothing that carries a path or a query off-site', () => {
    expect(problem({ officialHosts: ['id.example.com', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080'] })).toBeNull();
    expect(problem({ officialHosts: ['evil.example/steal?'] })).toMatch(/officialHosts\[0\].*must be a host/);
  });

  it('takes API bases as paths here or http(s) URLs', () => {
    expect(problem({ api: { global: 'https://id.example/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } } })).toBeNull();
    expect(problem({ api: { global: 'javascript:alert(1)', regions: { Use: '//x', Aps: '/a', Euw: '/e' } } })).toMatch(/api.global[\s\S]*api.regions.Use/);
  });
});

describe('every problem at once', () => {
  it('names each wrong field, one line each, in the order of the config', () => {
    const raw = { ...base, plugins: { x: { enabled: 'yes' } }, defaultLanguge: 'de_DE', regions: { Euv: {} }, theme: { name: 7 } };
    const err = (() => {
      try {
        parseDeploymentConfig(raw);
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('parsed without a problem');
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.problems).toEqual([
      "field 'defaultLanguge': is not a known field; did you mean 'defaultLanguage'?",
      "field 'theme.name': must be a string",
      "field 'plugins.x.enabled': must be true or false",
      "field 'regions.Euv': is not a region code; did you mean 'Euw'?",
    ]);
    expect(err.message).toBe(err.problems.map((p) => `Deployment config: ${p}`).join('\n'));
  });
});

describe('every level refuses unknown keys, naming the path and the closest known name', () => {
  const known = { plugins: ['sign-in', 'security', 'company'], themes: ['default', 'midnight'] };
  const ok = { ...base, plugins: { 'sign-in': { enabled: true } } };
  it.each([
    ['top level', { ...ok, defaultLanguge: 'de_DE' }, "field 'defaultLanguge': is not a known field; did you mean 'defaultLanguage'?"],
    ['top level, nothing close', { ...ok, colour: 'red' }, "field 'colour': is not a known field; expected one of: $schema, name, variant, api,"],
    ['api', { ...ok, api: { ...base.api, defaultRegon: 'Use' } }, "field 'api.defaultRegon': is not a known field; did you mean 'defaultRegion'?"],
    ['api.regions', { ...ok, api: { ...base.api, regions: { ...base.api.regions, EUW: '/x' } } }, "field 'api.regions.EUW': is not a known field; did you mean 'Euw'?"],
    ['api.defaultRegion', { ...ok, api: { ...base.api, defaultRegion: 'euw' } }, "field 'api.defaultRegion': must be one of Use, Aps, Euw; did you mean 'Euw'?"],
    ['theme', { ...ok, theme: { name: 'default', overides: {} } }, "field 'theme.overides': is not a known field; did you mean 'overrides'?"],
    ['theme name', { ...ok, theme: { name: 'midnite' } }, "field 'theme.name': must be one of default, midnight; did you mean 'midnight'?"],
    ['theme override group', { ...ok, theme: { name: 'default', overrides: { color: { primary: '#fff' } } } }, "field 'theme.overrides.color': is not a known field; did you mean 'colors'?"],
    ['theme override token', { ...ok, theme: { name: 'default', overrides: { colors: { primry: '#fff' } } } }, "field 'theme.overrides.colors.primry': is not a known field; did you mean 'primary'?"],
    ['theme colour value', { ...ok, theme: { name: 'default', overrides: { colors: { primary: 'bleu' } } } }, "field 'theme.overrides.colors.primary': must be a CSS colour"],
    ['theme number token', { ...ok, theme: { name: 'default', overrides: { zIndex: { modal: '10' } } } }, "field 'theme.overrides.zIndex.modal': must be a number"],
    ['plugin id', { ...ok, plugins: { 'sign-inn': { enabled: true } } }, "field 'plugins.sign-inn': is not a plugin (a folder under plugins/); did you mean 'sign-in'?"],
    ['plugin switch', { ...ok, plugins: { 'sign-in': { enabled: true, confg: {} } } }, "field 'plugins.sign-in.confg': is not a known field; did you mean 'config'?"],
    ['region code', { ...ok, regions: { Euv: { plugins: {} } } }, "field 'regions.Euv': is not a region code; did you mean 'Euw'?"],
    ['region block', { ...ok, regions: { Use: { plugin: {} } } }, "field 'regions.Use.plugin': is not a known field; did you mean 'plugins'?"],
    ['region plugin id', { ...ok, regions: { Use: { plugins: { securty: { enabled: false } } } } }, "field 'regions.Use.plugins.securty': is not a plugin (a folder under plugins/); did you mean 'security'?"],
    ['region plugin switch', { ...ok, regions: { Use: { plugins: { security: { enable: false } } } } }, "field 'regions.Use.plugins.security.enable': is not a known field; did you mean 'enabled'?"],
  ])('%s', (_level, raw, message) => {
    expect(() => parseDeploymentConfig(raw, known)).toThrow(`Deployment config: ${message}`);
  });

  it('accepts a well-formed config with overrides at every level', () => {
    const raw = {
      ...ok,
      theme: { name: 'midnight', overrides: { colors: { primary: '#aa0000', overlay: 'rgba(0, 0, 0, 0.5)' }, radius: { md: '6px' }, brand: { title: 'Partner ID' } } },
      regions: { Use: { plugins: { security: { enabled: false }, company: { enabled: true, config: {} } } } },
    };
    expect(parseDeploymentConfig(raw, known).theme).toEqual(raw.theme);
  });
});

describe('per-region plugin switches', () => {
  const config = parseDeploymentConfig({
    ...base,
    plugins: { a: { enabled: true, config: { x: 1, y: 1 } }, b: { enabled: true } },
    regions: { Aps: { plugins: { b: { enabled: false }, a: { config: { y: 2 } }, c: { enabled: true } } } },
  });

  it('turns a plugin off (or on) for one region and merges its config', () => {
    expect(enabledPluginIds(config, 'Euw')).toEqual(['a', 'b']);
    expect(enabledPluginIds(config, 'Aps')).toEqual(['a', 'c']);
    expect(pluginsForRegion(config, 'Aps').a!.config).toEqual({ x: 1, y: 2 });
    expect(pluginsForRegion(config, 'Euw').a!.config).toEqual({ x: 1, y: 1 });
  });
});

describe('config/*.json', () => {
  const dir = 'config';
  const schema = JSON.parse(readFileSync(`${dir}/schema.json`, 'utf8')) as object;
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'schema.json');

  it.each(files)('%s matches the JSON Schema and the runtime rules', (file) => {
    const raw = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as Record<string, unknown>;
    expect(validate(raw), JSON.stringify(validate.errors)).toBe(true);
    expect(() => parseDeploymentConfig(raw)).not.toThrow();
  });

  it.each(files)("%s: every enabled plugin's config block passes its configSchema, in every region", async (file) => {
    const config = parseDeploymentConfig(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')));
    for (const region of REGION_CODES) {
      for (const [id, sw] of Object.entries(pluginsForRegion(config, region))) {
        if (!sw.enabled) continue;
        const load = catalogue[id];
        expect(load, `plugins/${id}`).toBeDefined();
        const manifest = (await load!()).default;
        expect(() => validatePluginConfig(manifest, sw), `${region} ${id}`).not.toThrow();
      }
    }
  });

  // The registry's start-up checks (one owner per route, login view and extension point; error
  // codes shared only with priorities) hold for every shipped config in every region.
  it.each(files)('%s: the plugins start together in every region', async (file) => {
    const config = parseDeploymentConfig(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')));
    const servicesFor = servicesForRegion(config, {} as HttpClient, catalogue);
    for (const region of REGION_CODES) {
      const { registry } = await servicesFor(region);
      expect(registry.pluginIds.sort(), region).toEqual(enabledPluginIds(config, region).sort());
    }
  });

  it('the JSON Schema rejects what the runtime rejects', () => {
    expect(validate({ ...base, plugins: { x: { enabled: 'yes' } } })).toBe(false);
    expect(validate({ ...base, plugins: {}, regions: { Mars: {} } })).toBe(false);
  });
});
