import { describe, expect, it } from 'vitest';
import { stateJson } from './auditLog';

describe("an audit row's before and after", () => {
  it('are kept whole up to 64 KB', () => {
    const state = { version: 4, changes: [{ path: 'plugins.mfa.enabled', before: true, after: false }] };
    expect(stateJson(state)).toBe(JSON.stringify(state));
    expect(stateJson(undefined)).toBeNull();
  });

  it('keep their shape past it: numbers and the paths changed stay, long texts are cut (attack review: a switch hidden by a long value)', () => {
    const after = { version: 29, changes: [{ path: '$schema', before: 'A'.repeat(33_000), after: 'B'.repeat(33_000) }, { path: 'regions.Use.plugins.captcha.enabled', after: false }] };
    const stored = JSON.parse(stateJson(after)!) as typeof after;
    expect(stored.version).toBe(29);
    expect(stored.changes.map((c) => c.path)).toEqual(['$schema', 'regions.Use.plugins.captcha.enabled']);
    expect(stored.changes[1]).toEqual({ path: 'regions.Use.plugins.captcha.enabled', after: false });
    expect(stored.changes[0]!.after).toBe(`${'B'.repeat(2000)}… (31000 more characters)`);
    expect(stateJson(after)!.length).toBeLessThanOrEqual(65_536);
  });

  it('cut long lists too, saying how many items were left out', () => {
    const stored = JSON.parse(stateJson({ items: Array.from({ length: 5000 }, (_, i) => `item ${i} ${'x'.repeat(30)}`) })!) as { items: string[] };
    expect(stored.items).toHaveLength(201);
    expect(stored.items[200]).toBe('… (4800 more items)');
  });
});
