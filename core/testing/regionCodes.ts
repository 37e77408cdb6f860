import { keepTogether } from '../i18n/bidi';
import { REGION_CODE_VARIABLES } from '../i18n/numberFormatter';

const CODES = new RegExp(Object.values(REGION_CODE_VARIABLES).join('|'), 'g');

/**
 * `text` as the portal shows it: each data region code in it kept on one line (a word joiner
 * after its hyphens, numberFormatter.ts). For tests that match a sentence naming a region.
 */
export function regionCodesKept(text: string): string {
  return text.replace(CODES, (code) => keepTogether(code));
}
