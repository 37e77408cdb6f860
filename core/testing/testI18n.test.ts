import { createTestI18n } from './testI18n';

describe('test i18n', () => {
  it('speaks English by default and Arabic when asked, every namespace bundled, numbers as the app writes them', () => {
    const english = createTestI18n();
    expect(english.t('sign-in:submit')).toBe('Sign in');
    const arabic = createTestI18n('ar_SA');
    expect(arabic.language).toBe('ar_SA');
    expect(arabic.t('sign-in:submit')).toBe('تسجيل الدخول');
    expect(arabic.t('security:heading')).toBe('إعدادات الأمان');
    expect(arabic.t('core:ui.codeInput.digit', { index: 2, count: 6 })).toBe('الرقم ٢ من ٦');
    expect(english.t('core:ui.codeInput.digit', { index: 2, count: 6 })).toBe('Digit 2 of 6');
  });
});
