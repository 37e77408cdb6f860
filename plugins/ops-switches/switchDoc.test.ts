import { describe, expect, it } from 'vitest';
import { asSwitchesDoc, parseSettings, setBase, setInRegion, setSettings, settingsAt, switchedOn } from './switchDoc';

const doc = asSwitchesDoc({ name: 'x', plugins: { company: { enabled: true, config: { a: 1 } }, mfa: { enabled: false } }, regions: {} });

describe('switch documents', () => {
  it('writes a region override only where it differs from the base, and removes it when it no longer does', () => {
    const off = setInRegion(doc, 'company', 'Use', false);
    expect(off.regions).toEqual({ Use: { plugins: { company: { enabled: false } } } });
    expect(switchedOn(off, 'company', 'Use')).toBe(false);
    expect(switchedOn(off, 'company', 'Euw')).toBe(true);
    expect(setInRegion(off, 'company', 'Use', true).regions).toEqual({});
    expect(doc.regions).toEqual({});
  });

  it('keeps the other fields and the base settings when a base switch changes', () => {
    const changed = setBase(doc, 'mfa', true);
    expect(changed).toMatchObject({ name: 'x', plugins: { company: { enabled: true, config: { a: 1 } }, mfa: { enabled: true } } });
  });

  it('writes settings at the base or in a region, and an empty object removes them', () => {
    const region = setSettings(doc, 'company', 'Aps', { b: 2 });
    expect(settingsAt(region, 'company', 'Aps')).toEqual({ b: 2 });
    expect(setSettings(region, 'company', 'Aps', {}).regions).toEqual({});
    expect(setSettings(doc, 'company', 'base', {}).plugins.company).toEqual({ enabled: true });
  });

  it('takes settings typed as a JSON object only', () => {
    expect(parseSettings('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseSettings('  ')).toEqual({ ok: true, value: {} });
    expect(parseSettings('[1]')).toEqual({ ok: false });
    expect(parseSettings('{a:1}')).toEqual({ ok: false });
  });
});
