import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/** Every language's recovery-codes texts, as the login page loads them. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/recovery-codes.json', { eager: true });
const languages = Object.keys(files).map((file) => file.split('/').at(-2)!);

async function tIn(lang: string) {
  const instance = i18next.createInstance();
  // No fallback language: a plural form the file lacks shows as its key, and the test sees it.
  await instance.init({ lng: lang, resources: { [lang]: { 'recovery-codes': files[`../../locales/${lang}/recovery-codes.json`]!.default } }, ns: ['recovery-codes'], defaultNS: 'recovery-codes', interpolation: { escapeValue: false } });
  return instance.t.bind(instance) as (key: string, values?: Record<string, unknown>) => string;
}

describe('the counts of the recovery step in every language', () => {
  it('has all 21 languages', () => {
    expect(languages).toHaveLength(21);
  });

  it.each(languages)('%s: each count from 1 to 10 finds its plural form', async (lang) => {
    const t = await tIn(lang);
    for (let count = 1; count <= 10; count++) {
      for (const key of ['step.available', 'step.remaining']) {
        const text = t(key, { count });
        expect(text, `${key} ${count}`).not.toContain(key);
        expect(text, `${key} ${count}`).not.toContain('{{');
      }
    }
  });

  it('Arabic says zero, one, two, few (3–10), many (11–99) and other in their own forms', async () => {
    const t = await tIn('ar_SA');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => t('step.remaining', { count }));
    expect(new Set(forms).size).toBe(6);
    expect(forms[1]).toBe('بعد هذا الرمز سيتبقى رمز واحد.');
    expect(forms[2]).toBe('بعد هذا الرمز سيتبقى رمزان.');
    expect(t('step.available', { count: 7 })).toBe('لديك 7 رموز استرداد غير مستخدمة.');
    expect(t('step.available', { count: 12 })).toBe('لديك 12 رمزًا غير مستخدم للاسترداد.');
  });

  it('Polish and Russian take the few and many forms (2–4, 5+)', async () => {
    const pl = await tIn('pl_PL');
    expect(pl('step.remaining', { count: 3 })).toBe('Po użyciu tego zostaną 3 kody.');
    expect(pl('step.remaining', { count: 6 })).toBe('Po użyciu tego zostanie 6 kodów.');
    const ru = await tIn('ru_RU');
    expect(ru('step.available', { count: 2 })).toBe('У вас 2 неиспользованных кода восстановления.');
    expect(ru('step.available', { count: 9 })).toBe('У вас 9 неиспользованных кодов восстановления.');
  });
});
