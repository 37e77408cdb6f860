import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enablePlugin } from './enable';

describe('enablePlugin', () => {
  it('adds the plugin to a config laid out by hand and changes nothing else', () => {
    const text = readFileSync('config/minimal.json', 'utf8');
    const updated = enablePlugin(text, 'help-desk');
    expect(JSON.parse(updated).plugins['help-desk']).toEqual({ enabled: true });
    const added = updated.split('\n').filter((line) => !text.split('\n').includes(line));
    // The entry before it gains its comma; nothing else moves.
    expect(added).toEqual(['    "account": { "enabled": false },', '    "help-desk": { "enabled": true }']);
    expect(updated.split('\n')).toHaveLength(text.split('\n').length + 1);
  });

  it('keeps regions\u2019 own plugins blocks as they are', () => {
    const text = '{\n  "regions": { "Aps": { "plugins": { "account": { "enabled": false } } } },\n  "plugins": {\n    "account": {\n      "enabled": true\n    }\n  }\n}\n';
    const updated = JSON.parse(enablePlugin(text, 'help-desk'));
    expect(updated.plugins).toEqual({ account: { enabled: true }, 'help-desk': { enabled: true } });
    expect(updated.regions.Aps.plugins).toEqual({ account: { enabled: false } });
  });

  it('fills an empty plugins block, on one line or several', () => {
    expect(enablePlugin('{\n  "plugins": {}\n}\n', 'x')).toBe('{\n  "plugins": {\n    "x": { "enabled": true }\n  }\n}\n');
    expect(JSON.parse(enablePlugin('{ "plugins": { "a": { "enabled": true } } }', 'x')).plugins.x).toEqual({ enabled: true });
  });

  it('adds a plugins block a config lacks', () => {
    expect(JSON.parse(enablePlugin('{ "name": "n" }', 'x'))).toEqual({ name: 'n', plugins: { x: { enabled: true } } });
  });
});
