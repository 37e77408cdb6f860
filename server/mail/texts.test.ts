import { outsidePlugins } from '../../core/build/pluginSources.mjs';
import { FSI, PDI } from '../../core/i18n/bidi';
import { LANGUAGE_CODES } from '../../core/i18n/languages';
import { REPO_ROOT } from '../options';
import { loadServerHalves } from '../plugin-host/serverHalves';
import { BODIES, MAIL_KINDS, type MailTemplate, SUBJECTS, chooseForm, fill, mailTemplates, mailText, pluginMailKinds, readTemplate, registerPluginMails } from './texts';

// The repository's plugins' mails (their server halves' `mails`, texts in locales/<lang>/mail/<plugin>.json) are
// checked like the core's, in every language. An outside plugin's (an npm package's) may lack languages: its
// own test checks them (server/test/outsidePlugin.test.ts).
const outside = new Set(outsidePlugins(REPO_ROOT).map((s) => s.id));
for (const half of await loadServerHalves(REPO_ROOT)) if (half.mails && !outside.has(half.id)) registerPluginMails(half.id, half.mails);
const KINDS = [...MAIL_KINDS, ...pluginMailKinds()];
const templates = (kind: string, lang: (typeof LANGUAGE_CODES)[number]) => mailTemplates(kind, lang) ?? { subject: '', body: '' };

const placeholders = (text: string): string[] => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].sort();
const lineBreaks = (text: string): number => text.split('\n').length - 1;
/** A template's one text; the texts here have no plural forms yet (the plural test below makes its own). */
const single = (template: MailTemplate): string => {
  if (typeof template !== 'string') throw new Error('expected a single text');
  return template;
};

const VARS = { name: 'Ada', email: 'ada@example.com', link: 'https://id.example.com/x?token=abc', code: '123456', inviter: 'Olivia Owner', org: 'Contoso', role: 'admin', time: '26 November 2026, 07:10 CET', device: 'Firefox 133, Linux', place: 'Lyon, France (IP 203.0.113.9)', remaining: '9', applicant: 'Jo Joiner', invitee: 'Cora Colleague', days: '3', minutes: '10', provider: 'Google', until: '8 December 2026' };

describe('mail texts', () => {
  it('have exactly the portal languages in both tables, read from locales/<lang>/mail.json', () => {
    expect(Object.keys(SUBJECTS).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(Object.keys(BODIES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(LANGUAGE_CODES)('%s', (lang) => {
    it.each(KINDS)('%s: subject and body are complete', (kind) => {
      const subject = single(templates(kind, lang).subject);
      const body = single(templates(kind, lang).body);
      const enSubject = single(templates(kind, 'en_US').subject);
      const enBody = single(templates(kind, 'en_US').body);
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
      for (const kind of KINDS) {
        const { subject, text } = mailText(kind, lang, VARS);
        expect(subject).not.toMatch(/\{\{\w+\}\}/);
        expect(text).not.toMatch(/\{\{\w+\}\}/);
        expect(text).toBe(fill(single(templates(kind, lang).body), VARS, lang));
        expect(subject).toBe(fill(single(templates(kind, lang).subject), VARS, lang));
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
    expect(mailText('emailCode', 'ar_SA', VARS).subject).toBe(`رمز التحقق الخاص بك: ${FSI}123456${PDI}`);
    expect(mailText('emailCode', 'ar_SA', { ...VARS, code: 123456 }).subject).toBe(`رمز التحقق الخاص بك: ${FSI}123456${PDI}`);
  });

  it('isolates values inside Arabic lines, but not a value that is a whole line (links), nor any value in a left-to-right language', () => {
    const arabic = mailText('newDeviceSignIn', 'ar_SA', VARS).text;
    expect(arabic).toContain(`الجهاز: ${FSI}Firefox 133, Linux${PDI}\n`);
    expect(arabic).toContain(`الموقع: ${FSI}Lyon, France (IP 203.0.113.9)${PDI}\n`);
    expect(arabic).toContain(`\n${VARS.link}`);
    expect(arabic).not.toContain(`${FSI}${VARS.link}`);
    expect(mailText('invitation', 'ar_SA', VARS).subject).toBe(`يدعوك ${FSI}Olivia Owner${PDI} للانضمام إلى ${FSI}Contoso${PDI}`);
    expect(mailText('newDeviceSignIn', 'en_US', VARS).text).toContain('Device: Firefox 133, Linux\n');
    expect(mailText('newDeviceSignIn', 'en_US', VARS).text).not.toMatch(/[\u2068\u2069]/);
  });

  it("reads plural forms as i18next keys and picks one by the language's plural rules for count", () => {
    const english = readTemplate({ codesLeft_one: '{{count}} code left.', codesLeft_other: '{{count}} codes left.' }, 'body', 'codesLeft', 'en_US');
    expect(fill(chooseForm(english, { count: 1 }, 'en_US'), { count: 1 }, 'en_US')).toBe('1 code left.');
    expect(fill(chooseForm(english, { count: 5 }, 'en_US'), { count: 5 }, 'en_US')).toBe('5 codes left.');
    const forms = { zero: 'لا رموز', one: 'رمز واحد', two: 'رمزان', few: '{{count}} رموز', many: '{{count}} رمزًا', other: '{{count}} رمز' };
    const arabic = readTemplate(Object.fromEntries(Object.entries(forms).map(([form, text]) => [`left_${form}`, text])), 'body', 'left', 'ar_SA');
    const say = (count: number) => fill(chooseForm(arabic, { count }, 'ar_SA'), { count }, 'ar_SA');
    expect([0, 1, 2, 3, 10, 11, 99, 100].map(say)).toEqual(['لا رموز', 'رمز واحد', 'رمزان', '٣ رموز', '١٠ رموز', '١١ رمزًا', '٩٩ رمزًا', '١٠٠ رمز']);
    // A form the language has but the file lacks stops the server at start, as a missing text does.
    expect(() => readTemplate({ left_one: 'رمز واحد', left_other: '{{count}} رمز' }, 'body', 'left', 'ar_SA')).toThrow('locales/ar_SA/mail.json lacks body.left_few');
    expect(() => readTemplate({}, 'subject', 'left', 'de_DE')).toThrow('locales/de_DE/mail.json lacks subject.left');
    expect(() => chooseForm(english, { count: '1' }, 'en_US')).toThrow(/numeric count/);
  });

  it("keeps a plugin's mails in its own file: the company's invitation, the recovery codes' notice; a kind has one owner", () => {
    expect(KINDS).toEqual(expect.arrayContaining(['invitation', 'recoveryCodeUsed']));
    expect(MAIL_KINDS).not.toContain('invitation');
    expect(() => registerPluginMails('loyalty', ['invitation'])).toThrow("plugin loyalty sends mail kind 'invitation', which plugin company has already");
    expect(() => registerPluginMails('loyalty', ['reset'])).toThrow("plugin loyalty sends mail kind 'reset', which the core has already");
    expect(() => registerPluginMails('loyalty', ['pointsExpiring'])).toThrow(/^locales\/[a-z]{2}_[A-Z]{2}\/mail\/loyalty.json is missing$/);
    expect(() => mailText('pointsExpiring', 'en_US', VARS)).toThrow("no texts for mail kind 'pointsExpiring'");
  });
});
