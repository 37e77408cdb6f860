import { describe, expect, it } from 'vitest';
import { deploymentFieldChanges } from './deploymentFields';

const base = { name: 'web', allowedRedirects: ['https://a.example'], theme: { name: 'default' }, plugins: { mfa: { enabled: true } }, regions: { Use: { plugins: { mfa: { enabled: false } } } } };

describe('the fields besides the switches a change touches', () => {
  it('are none for switches and settings, at the base and per region, nor for key order', () => {
    const switched = { ...base, plugins: { mfa: { enabled: false, config: { x: 1 } }, captcha: { enabled: true } }, regions: { Aps: { plugins: { mfa: { enabled: true } } } } };
    expect(deploymentFieldChanges(base, switched)).toEqual([]);
    const reordered = { plugins: base.plugins, regions: base.regions, theme: base.theme, allowedRedirects: base.allowedRedirects, name: 'web' };
    expect(deploymentFieldChanges(base, reordered)).toEqual([]);
  });

  it('name `$schema` (served in every page and exported; attack review) and a value nested past any config as changed, without a stack overflow', () => {
    expect(deploymentFieldChanges(base, { ...base, $schema: 'https://elsewhere.example/schema.json' })).toEqual(['$schema']);
    let deep: unknown = 'x';
    for (let i = 0; i < 60_000; i++) deep = [deep];
    expect(deploymentFieldChanges(base, { ...base, name: deep })).toEqual(['name']);
    expect(deploymentFieldChanges({ ...base, name: deep }, { ...base, name: deep })).toEqual(['name']);
  });

  it('name the allow-list, a theme, an added field and a region’s own key', () => {
    const widened = { ...base, allowedRedirects: ['https://a.example', 'https://evil.example'], theme: { name: 'midnight' }, officialHosts: ['x.example'], regions: { Use: { plugins: {}, theme: { name: 'x' } } } };
    expect(deploymentFieldChanges(base, widened)).toEqual(['allowedRedirects', 'officialHosts', 'regions.Use.theme', 'theme']);
    expect(deploymentFieldChanges(widened, base)).toEqual(['allowedRedirects', 'officialHosts', 'regions.Use.theme', 'theme']);
    expect(deploymentFieldChanges(base, { ...base, regions: { Use: 'x' } })).toEqual(['regions.Use']);
  });
});
