import { loadLocale } from 'virtual:locale-files';
import type { LanguageCode } from './languages';

/** A locale file's messages: keys to texts, nested. */
export type Messages = { [key: string]: string | Messages };
/** Loads one namespace's messages in one language (`localeFile(ns)` makes one). */
export type NamespaceLoader = (lang: LanguageCode) => Promise<{ default: Messages }>;

/**
 * The loader of `locales/<lang>/<ns>.json`. Plugins write `locales: { reset: localeFile('reset') }`:
 * one shared fetch, so no manifest carries a table of 20 locale chunks.
 */
export function localeFile(ns: string): NamespaceLoader {
  // One loader per file: a plugin that reads another's texts (the help desk shows the Security page's
  // words) names the same loader, which is no second owner of the namespace.
  let loader = fileLoaders.get(ns);
  if (!loader) {
    loader = (lang) => loadLocale(lang, ns).then((messages) => ({ default: messages as Messages }));
    fileLoaders.set(ns, loader);
  }
  return loader;
}

const fileLoaders = new Map<string, NamespaceLoader>();

/** Namespace loaders by name; the core's own is always here, plugins add theirs at register(). */
const loaders = new Map<string, NamespaceLoader>([['core', localeFile('core')]]);

/** Make locale namespace `ns` loadable (a plugin's `locales` does this for it). */
export function addNamespace(ns: string, loader: NamespaceLoader): void {
  const existing = loaders.get(ns);
  // The same loader again (a rebuilt registry) is fine; a second owner of the name is not.
  if (existing && existing !== loader) throw new Error(`Locale namespace '${ns}' is registered twice`);
  loaders.set(ns, loader);
}

export function namespaceLoader(ns: string): NamespaceLoader | undefined {
  return loaders.get(ns);
}

export function registeredNamespaces(): string[] {
  return [...loaders.keys()];
}
