import { describe, expect, it } from 'vitest';
import { formatNumber, intlLocale, localiseInterpolated, RAW_NUMBER_KEYS, westernDigits } from './numbers';

describe('formatNumber', () => {
  it('writes Arabic-Indic digits and Arabic grouping in ar_SA', () => {
    expect(formatNumber(30, 'ar_SA')).toBe('٣٠');
    expect(formatNumber(0, 'ar_SA')).toBe('٠');
    expect(formatNumber(1234, 'ar_SA')).toBe('١٬٢٣٤');
  });

  it('groups thousands in en_US and de_DE and leaves small numbers alone', () => {
    expect(formatNumber(1234, 'en_US')).toBe('1,234');
    expect(formatNumber(1234, 'de_DE')).toBe('1.234');
    expect(formatNumber(59, 'en_US')).toBe('59');
  });

  it('maps portal codes to BCP 47 (Serbian in Latin script), an unknown code to English', () => {
    expect(intlLocale('ar_SA')).toBe('ar-SA');
    expect(intlLocale('sr_RS')).toBe('sr-Latn-RS');
    expect(intlLocale('xx_XX')).toBe('en-US');
    expect(intlLocale(undefined)).toBe('en-US');
    expect(formatNumber(1234, 'xx_XX')).toBe('1,234');
  });

  it('takes Intl options (two-digit seconds of a countdown)', () => {
    expect(formatNumber(5, 'ar_SA', { minimumIntegerDigits: 2 })).toBe('٠٥');
    expect(formatNumber(5, 'en_US', { minimumIntegerDigits: 2 })).toBe('05');
    expect(formatNumber(5, 'en_US')).toBe('5'); // a cached formatter with options does not leak into one without
  });
});

describe('localiseInterpolated', () => {
  it('localises a number whatever the placeholder is called, unless it is an identifier', () => {
    expect(localiseInterpolated(12, 'seconds', 'ar_SA')).toBe('١٢');
    expect(localiseInterpolated(3, 'count', 'ar_SA')).toBe('٣');
    for (const key of RAW_NUMBER_KEYS) expect(localiseInterpolated(20607, key, 'ar_SA')).toBe('20607');
    expect(localiseInterpolated(-20607, 'errorCode', 'en_US')).toBe('-20607');
    expect(localiseInterpolated(2026, 'year', 'en_US')).toBe('2026'); // not 2,026
  });

  it('passes strings and everything that is not a finite number through untouched', () => {
    expect(localiseInterpolated('123456', 'seconds', 'ar_SA')).toBe('123456');
    expect(localiseInterpolated(undefined, 'seconds', 'ar_SA')).toBeUndefined();
    expect(localiseInterpolated(null, 'seconds', 'ar_SA')).toBeNull();
    expect(localiseInterpolated(Number.NaN, 'seconds', 'ar_SA')).toBeNaN();
    const object = { a: 1 };
    expect(localiseInterpolated(object, 'value', 'ar_SA')).toBe(object);
  });
});

describe('westernDigits', () => {
  it('reads Arabic-Indic and Persian digits as Western ones and leaves everything else', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(westernDigits('code: 12-٣٤ a')).toBe('code: 12-34 a');
  });
});
