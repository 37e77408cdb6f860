import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, languageByCode, matchBrowserLanguage, type LanguageCode } from './languages';
import { namespaceLoader } from './namespaces';
import { storage } from '../session/storage';

/** i18next backend that lazily imports `locales/<lang>/<ns>.json` through the registered loaders. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const loader = namespaceLoader(namespace);
    if (!loader || !isLanguageCode(language)) {
      callback(null, {});
      return;
    }
    loader(language).then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** Language choice: `lang` query, then the stored choice, then the browser, then the deployment's default. */
export function detectLanguage(search: string, browser: readonly string[], fallback: LanguageCode = DEFAULT_LANGUAGE): LanguageCode {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguageCode(fromQuery)) return fromQuery;
  const stored = storage.get('lang');
  if (isLanguageCode(stored)) return stored;
  for (const tag of browser) {
    const match = matchBrowserLanguage(tag);
    if (match) return match;
  }
  return fallback;
}

export const i18n: I18n = i18next.createInstance();

export async function initI18n(language: LanguageCode, namespaces: string[]): Promise<I18n> {
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGE_CODES],
      load: 'currentOnly',
      ns: namespaces,
      defaultNS: 'core',
      interpolation: { escapeValue: false }, // React escapes all text itself
      returnNull: false,
      react: { useSuspense: true },
    });
  applyDocumentLanguage(language);
  return i18n;
}

/** Switch language, remember it (it survives sign-out) and update `<html lang dir>`. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  storage.set('lang', language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: LanguageCode): void {
  if (typeof document === 'undefined') return;
  const lang = languageByCode(language);
  document.documentElement.lang = lang.bcp47;
  document.documentElement.dir = lang.dir;
}

export function currentLanguage(): LanguageCode {
  const lng = i18n.language;
  return isLanguageCode(lng) ? lng : DEFAULT_LANGUAGE;
}
