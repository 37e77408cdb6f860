import type core from '../../locales/en_US/core.json';

/**
 * The English messages of each locale namespace, by name: what `useTranslation('ns')` and
 * `t('ns:key')` are type-checked against (i18next's `CustomTypeOptions`), so a missing or
 * misspelt key fails `tsc`. The core declares its own namespace here; a plugin declares its own
 * beside its manifest (declaration merging, no list to edit):
 *
 *   import type messages from '../../locales/en_US/help.json';
 *   declare module '@portal/plugin-api' { interface PortalNamespaces { help: typeof messages } }
 */
export interface PortalNamespaces {
  core: typeof core;
}

/** The name of a locale namespace (`core`, or a plugin's declared in PortalNamespaces). */
export type Namespace = keyof PortalNamespaces & string;

type Messages = { readonly [key: string]: string | Messages };
/** English plural keys (`x_one`, `x_other`) are one message `x`, called with `{ count }`. */
type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${PluralBase<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The keys of one namespace without its prefix (`'lock.title'`): what `t` of `useTranslation(ns)` takes. */
export type KeyOf<N extends Namespace> = PortalNamespaces[N] extends Messages ? Leaves<PortalNamespaces[N]> : never;

/** A key with its namespace (`'help:title'`), as menu labels and page titles name their text. */
export type TranslationKey = { [N in Namespace]: PortalNamespaces[N] extends Messages ? `${N}:${Leaves<PortalNamespaces[N]>}` : never }[Namespace];

/** The keys of the core's error messages (`core:errors.<key>`), which the error catalogue maps codes to. */
export type ErrorMessageKey = keyof PortalNamespaces['core']['errors'] & string;

/**
 * Translate a key that arrives as data rather than as a literal in the call: a react-hook-form
 * field message, which the library types as `string`. tsc cannot check such a key at this hop, so
 * it is checked where it is written (the rules' `MSG`, a form's server-error table and message
 * tables are typed `TranslationKey`); at run time i18next shows a missing key as itself. Use it for
 * nothing else: a key written in the call goes to `t` directly.
 */
export function translateDataKey(t: (...args: never[]) => unknown, key: string, values?: Record<string, unknown>): string {
  return (t as unknown as (key: string, values?: Record<string, unknown>) => string)(key, values);
}

/** A key a view of namespace N keeps as data (in state, a table): its own unprefixed, or any `ns:key`. */
export type MessageKey<N extends Namespace> = KeyOf<N> | TranslationKey;

/** The namespace of a `ns:key`. */
export function namespaceOf(key: TranslationKey): Namespace {
  const colon = key.indexOf(':');
  return (colon < 0 ? 'core' : key.slice(0, colon)) as Namespace;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'core';
    resources: PortalNamespaces;
  }
}
