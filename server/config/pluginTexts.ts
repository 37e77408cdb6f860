/**
 * The texts an outside plugin (an npm package) does not ship. An in-repository plugin has every
 * language (the locale tests say so); an outside one may ship fewer, and the page shows English key by
 * key where a text is missing. `config:check` lists what each enabled outside plugin lacks.
 */
import fs from 'node:fs';
import { outsidePlugins, packageLocaleFiles } from '../../core/build/pluginSources.mjs';

export interface TextGaps {
  plugin: string;
  /** Where it comes from: the package and its version. */
  label: string;
  /** English's keys, over its namespaces. */
  keys: number;
  /** Languages with no file for a namespace at all. */
  missing: string[];
  /** Languages with a file that lacks some of English's keys: which ones. */
  partial: Array<{ lang: string; keys: string[] }>;
}

type Tree = { [key: string]: string | Tree };
/** i18next's plural suffixes: a language's own forms stand for English's one/other. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(file: string): Set<string> {
  const out = new Set<string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out.add(name.replace(PLURAL, ''));
      else walk(value, name);
    }
  };
  walk(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree, '');
  return out;
}

/** Each outside plugin's gaps in `languages` (the portal's), English being the reference; none for a plugin that ships them all. */
export function outsideTextGaps(root: string, languages: readonly string[], english = 'en_US'): TextGaps[] {
  const files = packageLocaleFiles(root, languages);
  const out: TextGaps[] = [];
  for (const source of outsidePlugins(root)) {
    const own = files.filter((f) => f.plugin === source.id);
    const namespaces = [...new Set(own.map((f) => f.ns))];
    const reference = new Map(namespaces.map((ns) => [ns, keysOf(own.find((f) => f.ns === ns && f.lang === english)!.file!)]));
    const missing = new Set<string>();
    const partial = new Map<string, string[]>();
    for (const { lang, ns, file } of own) {
      if (lang === english) continue;
      if (!file) {
        missing.add(lang);
        continue;
      }
      const has = keysOf(file);
      const lacks = [...reference.get(ns)!].filter((k) => !has.has(k)).map((k) => (namespaces.length > 1 ? `${ns}:${k}` : k));
      if (lacks.length) partial.set(lang, [...(partial.get(lang) ?? []), ...lacks]);
    }
    for (const lang of missing) partial.delete(lang);
    if (!missing.size && !partial.size) continue;
    out.push({
      plugin: source.id,
      label: `${source.package}${source.version ? ` ${source.version}` : ''}`,
      keys: [...reference.values()].reduce((n, keys) => n + keys.size, 0),
      missing: [...missing].sort(),
      partial: [...partial].map(([lang, keys]) => ({ lang, keys })).sort((a, b) => a.lang.localeCompare(b.lang)),
    });
  }
  return out;
}

/** config:check's note lines for the gaps of the plugins some checked config turns on. */
export function textGapLines(gaps: readonly TextGaps[], enabledSomewhere: ReadonlySet<string>, languageCount: number): string[] {
  return gaps
    .filter((g) => enabledSomewhere.has(g.plugin))
    .flatMap((g) => [
      `note  plugin '${g.plugin}' (${g.label}) ships texts in ${languageCount - g.missing.length} of ${languageCount} languages: the page shows English where one is missing`,
      ...(g.missing.length ? [`        no texts: ${g.missing.join(', ')}`] : []),
      ...g.partial.map((p) => `        ${p.lang} lacks ${p.keys.length} of ${g.keys}: ${p.keys.join(', ')}`),
    ]);
}
