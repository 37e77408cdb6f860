import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages';
import { FSI, PDI, WJ } from './bidi';
import { createTestI18n } from '../testing/testI18n';
import { readFileSync } from 'node:fs';

/**
 * A region's name says its data centre's code ("Europe (eu-west-1)"). The code is a value, never
 * spelled out by a translation: so in Arabic it is isolated like every value (FSI…PDI, its
 * parentheses stay where the sentence puts them); in every language it is kept on one line (no break
 * after its hyphens).
 */
describe("a region's name", () => {
  it('in Arabic isolates its code and keeps it on one line, also inside a sentence', () => {
    const t = createTestI18n('ar_SA').t;
    const code = `${FSI}eu-${WJ}west-${WJ}1${PDI}`;
    expect(t('core:regions.Euw')).toBe(`أوروبا (${code})`);
    expect(t('core:regions.storedIn', { region: t('core:regions.Euw') })).toBe(`ستُخزَّن بياناتك في: ${FSI}أوروبا (${code})${PDI}`);
  });

  it('in a left-to-right language is not isolated, and its code is kept on one line too (a narrow screen broke "eu-west-" / "1)")', () => {
    const t = createTestI18n('en_US').t;
    expect(t('core:regions.Aps')).toBe(`Asia Pacific, Singapore (ap-${WJ}southeast-${WJ}1)`);
    expect(t('core:regions.storedIn', { region: t('core:regions.Euw') })).toBe(`Your data will be stored in: Europe (eu-${WJ}west-${WJ}1)`);
    expect(createTestI18n('sr_RS').t('core:regions.Use')).toMatch(new RegExp(`\\(us-${WJ}east-${WJ}1\\)`));
  });

  it('a value that is not a region code keeps its hyphens as they are in a left-to-right language', () => {
    expect(createTestI18n('en_US').t('core:regions.storedIn', { region: 'x-y' })).toBe('Your data will be stored in: x-y');
  });

  it.each(LANGUAGE_CODES)('%s: no translation writes a code itself (they come in as values)', (lang) => {
    const json = readFileSync(`locales/${lang}/core.json`, 'utf8');
    expect(json).not.toMatch(/us-east-1|ap-southeast-1|eu-west-1/);
  });
});
