import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { packageTexts } from 'virtual:locale-files';
import { createNumberFormatter, INTERPOLATION } from '../i18n/numberFormatter';

/**
 * A synchronous i18n instance for tests and stories: every namespace of English, and of Arabic
 * (the right-to-left language, for the stories that show the mirrored layout) and Serbian (Latin
 * texts whose Intl locale names its script, for the tests of dates and names), bundled up front,
 * so nothing suspends while rendering.
 */
const bundled = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/en_US/*.json', '../../locales/ar_SA/*.json', '../../locales/sr_RS/*.json'], { eager: true });

/** The languages a test or story can render in. */
export type TestLanguage = 'en_US' | 'ar_SA' | 'sr_RS';

function resourcesOf(language: TestLanguage): Record<string, Record<string, unknown>> {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [file, mod] of Object.entries(bundled)) {
    const [lang, name] = file.split('/').slice(-2) as [string, string];
    if (lang === language) resources[name.replace(/\.json$/, '')] = mod.default;
  }
  // Outside plugins' texts (npm packages the portal depends on), where they ship this language.
  for (const [key, messages] of Object.entries(packageTexts)) {
    const [lang, ns] = key.split('/') as [string, string];
    if (lang === language) resources[ns] = messages;
  }
  return resources;
}

export function createTestI18n(language: TestLanguage = 'en_US'): I18n {
  const instance = i18next.createInstance();
  const english = resourcesOf('en_US');
  void instance.use(initReactI18next).use(createNumberFormatter()).init({
    lng: language,
    fallbackLng: 'en_US',
    resources: language === 'en_US' ? { en_US: english } : { en_US: english, [language]: resourcesOf(language) },
    defaultNS: 'core',
    ns: Object.keys(english),
    interpolation: INTERPOLATION,
    initAsync: false,
    react: { useSuspense: false },
  });
  // A Loki tab of the visual run (.storybook/preview.tsx) learns which namespaces the story read:
  // their files are among its inputs (scripts/visual-digests.mjs).
  // i18next's typings leave out the store's lookup, which every translation goes through.
  const store = instance.store as unknown as { getResource: (lng: string, ns: string, key: string, options?: unknown) => unknown };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng, ns, key, options) => {
    (globalThis as { __portalVisualTrace?: (kind: string, key: string) => void }).__portalVisualTrace?.('ns', ns);
    return getResource(lng, ns, key, options);
  };
  return instance;
}
