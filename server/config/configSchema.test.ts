import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../core/i18n/languages';
import { REPO_ROOT } from '../options';
import { configSchemaJson, generateConfigSchema } from './configSchema';
import { configVocabulary, type ConfigVocabulary } from './knownNames';

let vocabulary: ConfigVocabulary;
beforeAll(async () => {
  vocabulary = await configVocabulary(REPO_ROOT);
});

describe('config/schema.json', () => {
  it('is what the code generates (run `npm run config:schema` after changing a shape, a theme, a language or a plugin)', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, 'config/schema.json'), 'utf8')).toBe(configSchemaJson(vocabulary));
  });

  it('completes themes, languages, plugin ids and each plugin’s settings from the code', () => {
    const schema = generateConfigSchema(vocabulary) as { properties: Record<string, any> };
    expect(schema.properties.theme.properties.name.enum).toEqual(vocabulary.known.themes);
    expect(schema.properties.defaultLanguage.enum).toEqual([...LANGUAGE_CODES]);
    expect(Object.keys(schema.properties.plugins.properties)).toEqual(vocabulary.known.plugins);
    expect(Object.keys(schema.properties.plugins.properties.account.properties.config.properties)).toEqual(['showAccountId', 'unifiedIdHomeUrl', 'developmentHomeUrl']);
    expect(schema.properties.regions.properties.Use.properties.plugins.properties.reset.properties.config.required).toBeUndefined();
    expect(schema.properties.plugins.properties['sign-in'].properties.config.maxProperties).toBe(0);
  });

  it('refuses in the editor what the server refuses', () => {
    const validate = new Ajv2020({ strict: false }).compile(generateConfigSchema(vocabulary));
    const api = { global: '/api', regions: { Use: '/u', Aps: '/a', Euw: '/e' } };
    expect(validate({ name: 'x', api, plugins: { reset: { enabled: true, config: { supportUrl: 'https://help.example' } } } })).toBe(true);
    expect(validate({ name: 'x', api, plugins: { reset: { enabled: true, config: { supportURL: 'https://x' } } } })).toBe(false);
    expect(validate({ name: 'x', api, plugins: { reset: { enabled: true, config: { supportUrl: 'ftp://x' } } } })).toBe(false);
    expect(validate({ name: 'x', api, plugins: { 'sign-inn': { enabled: true } } })).toBe(false);
    expect(validate({ name: 'x', api, plugins: {}, theme: { name: 'midnite' } })).toBe(false);
    expect(validate({ name: 'x', api, plugins: {}, theme: { overrides: { colors: { primary: '#FFAA00' } } } })).toBe(true);
    expect(validate({ name: 'x', api, plugins: {}, theme: { overrides: { colors: { primary: 'orange-ish' } } } })).toBe(false);
  });
});
