import { LANGUAGE_CODES } from '../../core/i18n/languages';
import { BODIES, MAIL_KINDS, SUBJECTS, fill, mailText } from './texts';

const placeholders = (text: string): string[] => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].sort();
const lineBreaks = (text: string): number => text.split('\n').length - 1;

const VARS = { name: 'Ada', email: 'ada@example.com', link: 'https://id.example.com/x?token=abc', code: '123456', inviter: 'Olivia Owner', org: 'Contoso', role: 'admin', time: '26 November 2026, 07:10 CET', device: 'Firefox 133, Linux', place: 'Lyon, France (IP 203.0.113.9)', remaining: '9' };

describe('mail texts', () => {
  it('have exactly the portal languages in both tables, read from locales/<lang>/mail.json', () => {
    expect(Object.keys(SUBJECTS).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(Object.keys(BODIES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(LANGUAGE_CODES)('%s', (lang) => {
    it.each(MAIL_KINDS)('%s: subject and body are complete', (kind) => {
      const subject = SUBJECTS[lang][kind];
      const body = BODIES[lang][kind];
      const enSubject = SUBJECTS.en_US[kind];
      const enBody = BODIES.en_US[kind];
      expect(typeof subject).toBe('string');
      expect(typeof body).toBe('string');
      expect(subject.trim()).not.toBe('');
      expect(body.trim()).not.toBe('');
      expect(placeholders(subject)).toEqual(placeholders(enSubject));
      expect(placeholders(body)).toEqual(placeholders(enBody));
      expect(lineBreaks(body)).toBe(lineBreaks(enBody));
      expect(subject).not.toMatch(/\n/);
      // Links are found by the renderer up to the next whitespace, so {link} must end its line.
      if (body.includes('{{link}}')) expect(body).toMatch(/(^|\n)\{\{link\}\}(\n|$)/);
      // The product name is never translated.
      if (enBody.includes('Unified ID')) expect(body).toContain('Unified ID');
      if (enSubject.includes('Unified ID')) expect(subject).toMatch(/Unified[ -]ID/); // German compounds: Unified-ID-Passwort
      if (lang !== 'en_US') expect(body).not.toBe(enBody);
    });
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(fill('{{a}} and {{b}}', { a: 'x' })).toBe('x and {{b}}');
    for (const lang of LANGUAGE_CODES) {
      for (const kind of MAIL_KINDS) {
        const { subject, text } = mailText(kind, lang, VARS);
        expect(subject).not.toMatch(/\{\{\w+\}\}/);
        expect(text).not.toMatch(/\{\{\w+\}\}/);
        expect(text).toBe(fill(BODIES[lang][kind], VARS));
        expect(subject).toBe(fill(SUBJECTS[lang][kind], VARS));
      }
    }
    expect(mailText('emailCode', 'de_DE', VARS)).toEqual({
      subject: 'Ihr Bestätigungscode: 123456',
      text: 'Hallo Ada,\n\nIhr Bestätigungscode lautet 123456. Er gilt 10 Minuten und kann einmal verwendet werden.\n\nFalls Sie nicht versucht haben, sich anzumelden, ändern Sie Ihr Passwort.',
    });
  });

  it('writes every known language in that language, with English only for an unknown code', () => {
    const english = mailText('invitation', 'en_US', VARS);
    expect(english.subject).toBe('Olivia Owner invites you to join Contoso');
    expect(english.text).toContain('https://id.example.com/x?token=abc');
    for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en_US')) {
      expect(mailText('activation', lang, VARS).text).not.toBe(mailText('activation', 'en_US', VARS).text);
    }
    for (const unknown of ['xx_XX', 'en', '', 'de-DE', 'constructor', '__proto__']) {
      expect(mailText('reset', unknown, VARS)).toEqual(mailText('reset', 'en_US', VARS));
    }
  });

  it("writes numbers as the mail's language does, and codes as they are", () => {
    const vars = { ...VARS, remaining: 9 };
    expect(mailText('recoveryCodeUsed', 'ar_SA', vars).text).toContain('الرموز غير المستخدمة المتبقية: ٩.');
    expect(mailText('recoveryCodeUsed', 'en_US', vars).text).toContain('Unused codes left: 9.');
    expect(mailText('recoveryCodeUsed', 'en_US', { ...vars, remaining: 1200 }).text).toContain('Unused codes left: 1,200.');
    expect(mailText('recoveryCodeUsed', 'xx_XX', vars).text).toContain('Unused codes left: 9.');
    // A verification code is typed back: Western digits in every language, string or number.
    expect(mailText('emailCode', 'ar_SA', VARS).subject).toBe('رمز التحقق الخاص بك: 123456');
    expect(mailText('emailCode', 'ar_SA', { ...VARS, code: 123456 }).subject).toBe('رمز التحقق الخاص بك: 123456');
  });
});
