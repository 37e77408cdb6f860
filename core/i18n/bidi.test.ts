import { describe, expect, it } from 'vitest';
import { FSI, interpolatedValue, isolate, isRightToLeft, PDI, withoutIsolation, WJ } from './bidi';

describe('bidi isolation of interpolated values', () => {
  it('isolates text in Arabic only', () => {
    expect(isRightToLeft('ar_SA')).toBe(true);
    expect(isRightToLeft('en_US')).toBe(false);
    expect(isRightToLeft('xx')).toBe(false);
    // A code is also kept on one line (a word joiner after each hyphen); a value with spaces may wrap.
    expect(isolate('eu-west-1', 'ar_SA')).toBe(`${FSI}eu-${WJ}west-${WJ}1${PDI}`);
    expect(isolate('eu-west-1', 'en_US')).toBe('eu-west-1');
    expect(isolate('eu-west-1', 'sr_RS')).toBe('eu-west-1');
  });

  it('leaves empty, already isolated and wholly Arabic text alone', () => {
    expect(isolate('', 'ar_SA')).toBe('');
    expect(isolate('أوروبا', 'ar_SA')).toBe('أوروبا');
    expect(isolate('٥:٠٠', 'ar_SA')).toBe('٥:٠٠');
    expect(isolate('أوروبا (eu-west-1)', 'ar_SA')).toBe(`${FSI}أوروبا (eu-west-1)${PDI}`);
    expect(isolate('Ελλάδα', 'ar_SA')).toBe(`${FSI}Ελλάδα${PDI}`);
    expect(isolate(`${FSI}a@b.c${PDI}`, 'ar_SA')).toBe(`${FSI}a@b.c${PDI}`);
  });

  it('localises numbers, then isolates; other values pass through', () => {
    expect(interpolatedValue(12, 'seconds', 'ar_SA')).toBe('١٢'); // Arabic-Indic digits read right already
    expect(interpolatedValue(20607, 'code', 'ar_SA')).toBe(`${FSI}20607${PDI}`);
    expect(interpolatedValue(12, 'seconds', 'en_US')).toBe('12');
    expect(interpolatedValue(undefined, 'seconds', 'ar_SA')).toBeUndefined();
    const object = { a: 1 };
    expect(interpolatedValue(object, 'value', 'ar_SA')).toBe(object);
  });

  it('can be taken off again for plain comparisons', () => {
    expect(withoutIsolation(`(${FSI}eu-${WJ}west-${WJ}1${PDI})`)).toBe('(eu-west-1)');
  });
});
