import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * A synchronous English i18n instance for tests and stories: every en_US namespace
 * bundled up front, so nothing suspends while rendering.
 */
const english = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en_US/*.json', { eager: true });

export function createTestI18n(language = 'en_US'): I18n {
  const instance = i18next.createInstance();
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [file, mod] of Object.entries(english)) {
    const ns = file.split('/').pop()!.replace(/\.json$/, '');
    resources[ns] = mod.default;
  }
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en_US',
    resources: { en_US: resources },
    defaultNS: 'core',
    ns: Object.keys(resources),
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
