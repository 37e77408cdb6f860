/** OpenID `ui_locales` (BCP 47 tags, by preference) to the first portal language that fits. */
import { LANGUAGE_CODES } from '../../core/i18n/languages';

export function portalLanguage(uiLocales: unknown): string | null {
  if (typeof uiLocales !== 'string') return null;
  for (const tag of uiLocales.split(/\s+/).filter(Boolean)) {
    const [language = '', region = ''] = tag.split('-');
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === `${language}_${region}`.toLowerCase());
    if (exact) return exact;
    const sameLanguage = LANGUAGE_CODES.find((code) => code.split('_')[0] === language.toLowerCase());
    if (sameLanguage) return sameLanguage;
  }
  return null;
}
