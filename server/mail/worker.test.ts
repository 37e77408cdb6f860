import { mailText } from './texts';
import { toHtml } from './worker';

const VARS = { name: 'Ada', link: 'https://id.example.com/activate?token=abc' };

describe('HTML part of a mail', () => {
  it('reads right to left in Arabic, with the link kept left to right', () => {
    const { text } = mailText('activation', 'ar_SA', VARS);
    const html = toHtml(text, 'ar_SA');
    expect(html).toContain('<html lang="ar-SA" dir="rtl">');
    expect(html).toContain('<body dir="rtl"');
    expect(html).toContain('text-align:right');
    expect(html).toContain('<a href="https://id.example.com/activate?token=abc" dir="ltr">');
    expect(html).toContain('مرحبًا \u2068Ada\u2069،'); // the name isolated from the Arabic comma (core/i18n/bidi.ts)
  });

  it('reads left to right in the other languages, and in English for an unknown code', () => {
    expect(toHtml('Hallo', 'de_DE')).toContain('<html lang="de-DE" dir="ltr">');
    expect(toHtml('Hello', 'xx_XX')).toContain('<html lang="en-US" dir="ltr">');
    expect(toHtml('Hello', 'xx_XX')).toContain('text-align:left');
  });

  it('escapes the text', () => {
    expect(toHtml('<b>"x"</b>', 'ar_SA')).toContain('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
  });
});
