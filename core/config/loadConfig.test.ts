import { readdirSync, readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
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

  it.each([
    [{ ...base, plugins: { x: { enabled: 'yes' } } }, "field 'plugins.x.enabled'"],
    [{ ...base, api: { global: '/api', regions: { Use: '/u', Aps: '/a' } }, plugins: {} }, "field 'api.regions.Euw'"],
    [{ ...base, plugins: {}, regions: { Mars: { plugins: {} } } }, "'Mars' is not a region code"],
    [{ ...base, plugins: {}, defaultLanguage: 'xx_XX' }, "field 'defaultLanguage'"],
    [{ ...base, plugins: {}, allowedRedirects: ['not a url'] }, "field 'allowedRedirects[0]'"],
  ])('names the bad field', (raw, message) => {
    expect(() => parseDeploymentConfig(raw)).toThrow(ConfigError);
    expect(() => parseDeploymentConfig(raw)).toThrow(message);
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

  it('the JSON Schema rejects what the runtime rejects', () => {
    expect(validate({ ...base, plugins: { x: { enabled: 'yes' } } })).toBe(false);
    expect(validate({ ...base, plugins: {}, regions: { Mars: {} } })).toBe(false);
  });
});
