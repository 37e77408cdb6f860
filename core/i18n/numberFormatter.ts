import type { FormatterModule } from 'i18next';
import { interpolatedValue, isolate, keepTogether } from './bidi';
import { formatNumber } from './numbers';

/**
 * The data regions' codes (spec section 1) as values every message can name: `core:regions.Euw` is
 * "Europe ({{codeEuw}})", so the code is never spelled out by a translation and passes through the
 * formatter like any value (isolated in a right-to-left language, bidi.ts). In every language a
 * code is kept on one line: a narrow screen would otherwise break it after a hyphen ("eu-west-" / "1)").
 */
export const REGION_CODE_VARIABLES = { codeUse: 'us-east-1', codeAps: 'ap-southeast-1', codeEuw: 'eu-west-1' } as const;

function isRegionCodeVariable(key: string | undefined): boolean {
  return key !== undefined && Object.prototype.hasOwnProperty.call(REGION_CODE_VARIABLES, key);
}

/** The interpolation options of every portal i18next instance (the app's and the tests'). */
export const INTERPOLATION = { escapeValue: false, alwaysFormat: true, defaultVariables: REGION_CODE_VARIABLES } as const;

type Format = (value: unknown, lng: string | undefined, options: Record<string, unknown>) => unknown;

/**
 * i18next's formatter, replaced so that with `interpolation.alwaysFormat` every `{{placeholder}}`
 * passes through it: numbers come out in the page language (numbers.ts has the rule), and in a
 * right-to-left language every value is isolated from the text around it (bidi.ts). i18next
 * picks plurals from the raw `count` option before interpolating, so they are unaffected. Named
 * formats (`{{n, number}}`) keep working for `number`; others can be added with `add`.
 */
export function createNumberFormatter(): FormatterModule {
  const named = new Map<string, Format>([
    ['number', (value, lng, options) => (typeof value === 'number' ? formatNumber(value, lng, options as Intl.NumberFormatOptions) : value)],
  ]);
  return {
    type: 'formatter',
    init() {},
    add(name, fc) {
      named.set(name.toLowerCase().trim(), fc);
    },
    addCached(name, fc) {
      named.set(name.toLowerCase().trim(), (value, lng, options) => fc(lng, options)(value));
    },
    format(value: unknown, format, lng, options) {
      const key = typeof options?.interpolationkey === 'string' ? options.interpolationkey : undefined;
      if (!format) return interpolatedValue(isRegionCodeVariable(key) && typeof value === 'string' ? keepTogether(value) : value, key, lng) as string;
      // i18next's format list, `{{n, number}}`; a name it does not know leaves the value as it is.
      const formatted = format
        .split(',')
        .map((name) => name.trim())
        .reduce<unknown>((current, name) => {
          const fc = named.get(name.toLowerCase());
          const params = key ? (options?.formatParams as Record<string, Record<string, unknown>> | undefined)?.[key] : undefined;
          return fc ? fc(current, lng, { ...params }) : current;
        }, value);
      return typeof formatted === 'string' ? isolate(formatted, lng) : (formatted as string);
    },
  };
}
