import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, languageByCode, type LanguageCode } from './languages';
import { namespaceLoader } from './namespaces';
import { createNumberFormatter, INTERPOLATION } from './numberFormatter';
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

/**
 * The language at start-up: the `lang` of the address, then the visitor's stored choice, then
 * the deployment's `defaultLanguage` (spec: default en_US). The login page then shows its
 * client's language when neither the address nor a stored choice named one
 * (login-layout/pageInfo.ts). The browser's languages are not consulted: the spec names none
 * of it, and a deployment's default must hold until the visitor picks another.
 */
export function detectLanguage(search: string, fallback: LanguageCode = DEFAULT_LANGUAGE): LanguageCode {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguageCode(fromQuery)) return fromQuery;
  const stored = storage.get('lang');
  if (isLanguageCode(stored)) return stored;
  return fallback;
}

/** The portal's i18next instance (`i18n.t` outside React). */
export const i18n: I18n = i18next.createInstance();

/** Start i18next in `language` with `namespaces` loaded (the app's start; tests and stories). */
export async function initI18n(language: LanguageCode, namespaces: string[]): Promise<I18n> {
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .use(createNumberFormatter())
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGE_CODES],
      load: 'currentOnly',
      ns: namespaces,
      defaultNS: 'core',
      interpolation: INTERPOLATION, // React escapes all text itself; numbers: numberFormatter.ts
      returnNull: false,
      react: { useSuspense: true },
    });
  applyDocumentLanguage(language);
  return i18n;
}

/** Switch language, remember it (it survives sign-out) and update `<html lang dir>`. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  storage.set('lang', language);
  await showLanguage(language);
}

/** Switch language without remembering it (a login page shows its client's language). */
export async function showLanguage(language: LanguageCode): Promise<void> {
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

/**
 * The visitor picked a language: remember it and put it in the address (`lang`, replacing the
 * history entry, no navigation), so a reload or a shared link keeps it.
 */
export async function chooseLanguage(language: LanguageCode, win: Window = window): Promise<void> {
  const url = new URL(win.location.href);
  if (url.searchParams.get('lang') !== language) {
    url.searchParams.set('lang', language);
    win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  await changeLanguage(language);
}

function applyDocumentLanguage(language: LanguageCode): void {
  if (typeof document === 'undefined') return;
  const lang = languageByCode(language);
  document.documentElement.lang = lang.bcp47;
  document.documentElement.dir = lang.dir;
}

/** The language the page shows now. */
export function currentLanguage(): LanguageCode {
  const lng = i18n.language;
  return isLanguageCode(lng) ? lng : DEFAULT_LANGUAGE;
}
