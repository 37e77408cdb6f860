import { readdirSync, readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { FSI, PDI, withoutIsolation, WJ } from './bidi';
import { createNumberFormatter, INTERPOLATION } from './numberFormatter';

const resources = {
  attempts: 'Attempts left: {{attempts}}.',
  code: 'Your verification code: {{code}}',
  region: 'Your data is stored in {{region}} ({{code}}).',
  error: 'Error {{errorCode}}',
  range: '{{min}} to {{max}} characters',
  named: '{{n, number}} items',
  nested: '$t(range) ({{seconds}} s)',
  left_one: 'One code left',
  left_other: '{{count}} codes left',
  big: '{{count}} requests',
};
/** Arabic has six plural forms; each names itself so the test sees which one i18next chose. */
const arabic = {
  ...resources,
  left_zero: 'zero {{count}}',
  left_one: 'one {{count}}',
  left_two: 'two {{count}}',
  left_few: 'few {{count}}',
  left_many: 'many {{count}}',
  left_other: 'other {{count}}',
};

/** This test's keys are not the portal's typed ones. */
type PlainT = (key: string, options?: Record<string, unknown>) => string;

/** `plain`: the text without bidi isolation marks, for the tests about numbers. */
function instance(lng: string): { t: PlainT; plain: PlainT } {
  const i18n = i18next.createInstance();
  void i18n.use(createNumberFormatter()).init({
    lng,
    resources: { en_US: { translation: resources }, ar_SA: { translation: arabic } },
    interpolation: INTERPOLATION,
    initAsync: false,
  });
  const t = i18n.t.bind(i18n) as unknown as PlainT;
  return { t, plain: (key, options) => withoutIsolation(t(key, options)) };
}

describe('the number formatter of i18next', () => {
  it('writes every interpolated number in Arabic-Indic digits in ar_SA', () => {
    const { plain: t } = instance('ar_SA');
    expect(t('attempts', { attempts: 3 })).toBe('Attempts left: ٣.');
    expect(t('range', { min: 8, max: 32 })).toBe('٨ to ٣٢ characters');
    expect(t('nested', { min: 8, max: 32, seconds: 45 })).toBe('٨ to ٣٢ characters (٤٥ s)');
  });

  it('leaves English numbers Western, grouped by thousands', () => {
    const { t } = instance('en_US');
    expect(t('attempts', { attempts: 3 })).toBe('Attempts left: 3.');
    expect(t('big', { count: 12000 })).toBe('12,000 requests');
  });

  it('follows the language of the call, not only the page', () => {
    const { t } = instance('en_US');
    expect(t('attempts', { attempts: 3, lng: 'ar_SA' })).toBe('Attempts left: ٣.');
  });

  it('keeps codes Western and as given, numbers or strings', () => {
    const { plain: t } = instance('ar_SA');
    expect(t('code', { code: '042917' })).toBe('Your verification code: 042917');
    expect(t('code', { code: 42917 })).toBe('Your verification code: 42917');
    expect(t('error', { errorCode: -20607 })).toBe('Error -20607');
  });

  it('picks the plural from the raw count and shows the count localised', () => {
    const ar = instance('ar_SA');
    const en = instance('en_US');
    expect(en.t('left', { count: 1 })).toBe('One code left');
    expect(en.t('left', { count: 1000 })).toBe('1,000 codes left');
    expect(ar.plain('left', { count: 0 })).toBe('zero ٠');
    expect(ar.plain('left', { count: 2 })).toBe('two ٢');
    expect(ar.plain('left', { count: 3 })).toBe('few ٣');
    expect(ar.plain('left', { count: 11 })).toBe('many ١١');
    expect(ar.plain('left', { count: 100 })).toBe('other ١٠٠');
  });

  it("keeps i18next's named number format, in the page language", () => {
    expect(instance('ar_SA').t('named', { n: 1500 })).toBe('١٬٥٠٠ items');
    expect(instance('en_US').t('named', { n: 1500 })).toBe('1,500 items');
    expect(instance('en_US').t('named', { n: 0.5, formatParams: { n: { style: 'percent' } } })).toBe('50% items');
  });

  it('isolates every interpolated value in a right-to-left language, and only there', () => {
    expect(instance('ar_SA').t('region', { region: 'Europe', code: 'eu-west-1' })).toBe(`Your data is stored in ${FSI}Europe${PDI} (${FSI}eu-${WJ}west-${WJ}1${PDI}).`);
    expect(instance('ar_SA').t('code', { code: 20607 })).toBe(`Your verification code: ${FSI}20607${PDI}`);
    expect(instance('ar_SA').t('range', { min: 8, max: 32 })).toBe('٨ to ٣٢ characters'); // Arabic-Indic digits need none
    expect(instance('en_US').t('region', { region: 'Europe', code: 'eu-west-1' })).toBe('Your data is stored in Europe (eu-west-1).');
    expect(instance('en_US').t('region', { region: 'Europe', code: 'eu-west-1', lng: 'ar_SA' })).toContain(`${FSI}eu-${WJ}west-${WJ}1${PDI}`);
  });

  it('the locale files name no format it does not know', () => {
    const named = new Set<string>();
    for (const lang of readdirSync('locales')) {
      for (const file of readdirSync(`locales/${lang}`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))) {
        const text = readFileSync(`locales/${lang}/${file}`, 'utf8');
        for (const m of text.matchAll(/\{\{[^},]+,([^}]+)\}\}/g)) for (const f of m[1]!.split(',')) named.add(f.trim());
      }
    }
    expect([...named].filter((f) => f !== 'number')).toEqual([]);
  });
});
