import { describe, expect, it } from 'vitest';
import { jsonDiff } from './jsonDiff';

describe('jsonDiff', () => {
  it('names each changed, added and removed field by its path', () => {
    const before = { plugins: { company: { enabled: true }, mfa: { enabled: true } }, regions: { Use: { plugins: {} } }, name: 'a' };
    const after = { plugins: { company: { enabled: true }, mfa: { enabled: false } }, regions: { Use: { plugins: { company: false } } }, theme: { name: 'dark' } };
    expect(jsonDiff(before, after)).toEqual([
      { path: 'plugins.mfa.enabled', before: true, after: false },
      { path: 'regions.Use.plugins.company', after: false },
      { path: 'name', before: 'a' },
      { path: 'theme', after: { name: 'dark' } },
    ]);
  });

  it('compares arrays whole and finds nothing between equal documents', () => {
    expect(jsonDiff({ hosts: ['a', 'b'] }, { hosts: ['a', 'b'] })).toEqual([]);
    expect(jsonDiff({ hosts: ['a'] }, { hosts: ['a', 'b'] })).toEqual([{ path: 'hosts', before: ['a'], after: ['a', 'b'] }]);
    expect(jsonDiff([1], [2])).toEqual([{ path: '(document)', before: [1], after: [2] }]);
  });

  it('quotes keys that are not plain names', () => {
    expect(jsonDiff({ plugins: {} }, { plugins: { 'acme.sso': { enabled: true } } })).toEqual([{ path: 'plugins["acme.sso"]', after: { enabled: true } }]);
  });
});
